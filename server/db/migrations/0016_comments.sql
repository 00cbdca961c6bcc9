-- Comments on blog posts and product reviews with moderation (issue 15), and the exact published
-- rating of each product (docs/decisions/0400-0402).
CREATE TABLE IF NOT EXISTS "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"post_id" integer REFERENCES "posts"("id") ON DELETE cascade,
	"product_id" integer REFERENCES "products"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"language_code" varchar(2) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"rating" smallint,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	CONSTRAINT "comments_target_check" CHECK (num_nonnulls("comments"."post_id", "comments"."product_id") = 1),
	CONSTRAINT "comments_rating_check" CHECK ("comments"."rating" is null or "comments"."rating" between 1 and 5),
	CONSTRAINT "comments_content_check" CHECK ("comments"."body" <> '' or "comments"."rating" is not null),
	CONSTRAINT "comments_status_check" CHECK ("comments"."status" in ('pending', 'published', 'unpublished'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comments_post_thread_idx" ON "comments" ("post_id", "status", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comments_product_thread_idx" ON "comments" ("product_id", "status", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comments_site_moderation_idx" ON "comments" ("site_id", "status", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comments_user_idx" ON "comments" ("user_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_ratings" (
	"product_id" integer PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_ratings_count_check" CHECK ("product_ratings"."rating_count" >= 0 and "product_ratings"."rating_sum" >= 0)
);
