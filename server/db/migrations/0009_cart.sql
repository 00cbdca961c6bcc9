-- Cart (issue 12): carts addressed by a public id and a secret protect code (stored as its SHA-256),
-- their lines (one per product and canonical options), and the loyalty points balance of an account.
CREATE TABLE IF NOT EXISTS "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" uuid NOT NULL,
	"protect_code_hash" text NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"store_id" integer NOT NULL REFERENCES "stores"("id") ON DELETE cascade,
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"language_code" varchar(2) NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"status" text DEFAULT 'active' NOT NULL CONSTRAINT "carts_status_check" CHECK ("status" in ('active', 'archived', 'ordered')),
	"coupon_id" integer REFERENCES "coupons"("id") ON DELETE set null,
	"member_barcode" varchar(13),
	"loyalty_points" integer DEFAULT 0 NOT NULL CONSTRAINT "carts_loyalty_points_check" CHECK ("loyalty_points" >= 0),
	"delivery_method_id" integer REFERENCES "delivery_methods"("id") ON DELETE set null,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "carts_cart_id_idx" ON "carts" ("cart_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "carts_user_idx" ON "carts" ("user_id", "store_id", "status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "carts_status_updated_idx" ON "carts" ("status", "updated_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL REFERENCES "carts"("id") ON DELETE cascade,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"qty" integer NOT NULL CONSTRAINT "cart_items_qty_check" CHECK ("qty" between 1 and 9999),
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options_hash" varchar(64) NOT NULL,
	"added_unit_price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "cart_items_line_idx" ON "cart_items" ("cart_id", "product_id", "options_hash");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cart_items_product_idx" ON "cart_items" ("product_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "loyalty_accounts" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"points" integer DEFAULT 0 NOT NULL CONSTRAINT "loyalty_accounts_points_check" CHECK ("points" >= 0),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_accounts_user_id_site_id_pk" PRIMARY KEY ("user_id", "site_id")
);
