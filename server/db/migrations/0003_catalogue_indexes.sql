-- Indexes for catalogue listings and layered navigation at 100,000 products (written by hand; the
-- Drizzle schema leaves them out so that the snapshots stay as they are). Each one lets a listing read
-- an index alone ("index-only scan") where it read the table row by row before.
-- A category listing starts from the category's links: every product of the categories with its
-- priority, in one range of this index (product_category_links_category_idx lacks the product id).
CREATE INDEX IF NOT EXISTS product_category_links_listing_idx ON product_category_links
  (category_id, product_id) INCLUDE (category_priority);--> statement-breakpoint
-- The products a shopper may see: one index, small because variants and archived products are left
-- out, holding what the newest sort reads.
CREATE INDEX IF NOT EXISTS products_visible_listing_idx ON products (site_id, id) INCLUDE (created_at)
  WHERE status = 'active' AND is_visible_individually;--> statement-breakpoint
-- The price a shopper pays, for the price filter, the price sort and the price slider: a listing
-- joins one currency's prices without visiting the price rows.
CREATE INDEX IF NOT EXISTS product_prices_listing_idx ON product_prices (currency_id, product_id)
  INCLUDE (bundle_price, discount_price, retail_price);
