-- Wishlist (issue 12): the products a logged-in user keeps for later, one row per user and product.
CREATE TABLE IF NOT EXISTS "wishlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "wishlist_items_user_product_idx" ON "wishlist_items" ("user_id", "product_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wishlist_items_product_idx" ON "wishlist_items" ("product_id");
