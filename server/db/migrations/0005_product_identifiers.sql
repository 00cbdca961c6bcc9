-- Structured data for merchant listings (docs/decisions/0210): a product's brand, its GTIN (an
-- ISBN-13 is a GTIN-13, so books keep their ISBN here), its condition, and the end of a sale price.
ALTER TABLE products ADD COLUMN IF NOT EXISTS brand text;--> statement-breakpoint
ALTER TABLE products ADD COLUMN IF NOT EXISTS gtin varchar(14);--> statement-breakpoint
ALTER TABLE products ADD COLUMN IF NOT EXISTS item_condition text NOT NULL DEFAULT 'new';--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_gtin_check CHECK (gtin IS NULL OR gtin ~ '^([0-9]{8}|[0-9]{12,14})$');--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_item_condition_check CHECK (item_condition IN ('new', 'used', 'refurbished', 'damaged'));--> statement-breakpoint
ALTER TABLE product_prices ADD COLUMN IF NOT EXISTS discount_ends_at timestamp with time zone;
