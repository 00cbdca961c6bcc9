CREATE TABLE "attribute_translations" (
	"attribute_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "attribute_translations_attribute_id_language_code_pk" PRIMARY KEY("attribute_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "attribute_value_translations" (
	"value_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "attribute_value_translations_value_id_language_code_pk" PRIMARY KEY("value_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "attribute_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"value_code" varchar(64) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_media" boolean DEFAULT false NOT NULL,
	"media_id" integer,
	"swatch_color" varchar(7)
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"attribute_code" varchar(64) NOT NULL,
	"input_type" text DEFAULT 'select' NOT NULL,
	"custom_class" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_filterable" boolean DEFAULT false NOT NULL,
	"filter_type" text DEFAULT 'multiple' NOT NULL,
	CONSTRAINT "attributes_input_type_check" CHECK ("attributes"."input_type" in ('select', 'swatch', 'radio', 'text')),
	CONSTRAINT "attributes_filter_type_check" CHECK ("attributes"."filter_type" in ('single', 'multiple'))
);
--> statement-breakpoint
CREATE TABLE "bundle_items" (
	"bundle_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_items_bundle_id_product_id_pk" PRIMARY KEY("bundle_id","product_id"),
	CONSTRAINT "bundle_items_quantity_check" CHECK ("bundle_items"."quantity" > 0),
	CONSTRAINT "bundle_items_not_self_check" CHECK ("bundle_items"."bundle_id" <> "bundle_items"."product_id")
);
--> statement-breakpoint
CREATE TABLE "configurable_attributes" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"shop_default_value_id" integer,
	CONSTRAINT "configurable_attributes_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "cross_sells" (
	"product_id" integer NOT NULL,
	"cross_product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cross_sells_product_id_cross_product_id_pk" PRIMARY KEY("product_id","cross_product_id"),
	CONSTRAINT "cross_sells_not_self_check" CHECK ("cross_sells"."product_id" <> "cross_sells"."cross_product_id")
);
--> statement-breakpoint
CREATE TABLE "custom_option_translations" (
	"option_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"option_title" text NOT NULL,
	CONSTRAINT "custom_option_translations_option_id_language_code_pk" PRIMARY KEY("option_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "custom_option_value_translations" (
	"value_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "custom_option_value_translations_value_id_language_code_pk" PRIMARY KEY("value_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "custom_option_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"sku" varchar(64) NOT NULL,
	"price_delta" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"option_type" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"max_length" integer,
	"min_value" integer,
	"max_value" integer,
	CONSTRAINT "custom_options_type_check" CHECK ("custom_options"."option_type" in ('text', 'number'))
);
--> statement-breakpoint
CREATE TABLE "e_product_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"assigned_order_id" integer,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attribute_values" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	CONSTRAINT "product_attribute_values_product_id_attribute_id_value_id_pk" PRIMARY KEY("product_id","attribute_id","value_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"media_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_category_links" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"category_priority" integer DEFAULT 0 NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_category_links_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_category_translations" (
	"category_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "product_category_translations_category_id_language_code_pk" PRIMARY KEY("category_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"product_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_media_product_id_media_id_pk" PRIMARY KEY("product_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"basic_price" integer NOT NULL,
	"retail_price" integer NOT NULL,
	"discount_price" integer,
	"membership_price" integer,
	"bundle_price" integer,
	CONSTRAINT "product_prices_product_id_currency_id_pk" PRIMARY KEY("product_id","currency_id"),
	CONSTRAINT "product_prices_non_negative_check" CHECK ("product_prices"."basic_price" >= 0 and "product_prices"."retail_price" >= 0 and coalesce("product_prices"."discount_price", 0) >= 0 and coalesce("product_prices"."membership_price", 0) >= 0 and coalesce("product_prices"."bundle_price", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_tags" (
	"product_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "product_tags_product_id_tag_id_pk" PRIMARY KEY("product_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "product_translations_product_id_language_code_pk" PRIMARY KEY("product_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"format" text NOT NULL,
	"sku" varchar(64) NOT NULL,
	"parent_id" integer,
	"is_visible_individually" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"stock_qty" integer,
	"manage_stock" boolean DEFAULT false NOT NULL,
	"eproduct_delivery" text,
	"eproduct_url" text,
	"weight_grams" integer,
	"tax_rate_bp" integer DEFAULT 2500 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_format_check" CHECK ("products"."format" in ('Simple', 'EProduct', 'Configurable', 'Bundle')),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('active', 'archived')),
	CONSTRAINT "products_eproduct_delivery_check" CHECK ("products"."eproduct_delivery" is null or "products"."eproduct_delivery" in ('link', 'code', 'qr')),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock_qty" is null or "products"."stock_qty" >= 0),
	CONSTRAINT "products_tax_rate_check" CHECK ("products"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "tag_translations" (
	"tag_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tag_translations_tag_id_language_code_pk" PRIMARY KEY("tag_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"type" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"min_order_total" integer,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_upper_check" CHECK ("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_type_check" CHECK ("coupons"."type" in ('percent', 'fixed', 'free_delivery')),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" >= 0 and ("coupons"."type" <> 'percent' or "coupons"."value" <= 10000)),
	CONSTRAINT "coupons_used_count_check" CHECK ("coupons"."used_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"method_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_method_translations" (
	"method_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "delivery_method_translations_method_id_language_code_pk" PRIMARY KEY("method_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "delivery_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"method_code" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"currency_id" integer NOT NULL,
	"free_over" integer,
	"is_digital" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"countries" jsonb DEFAULT '"ALL"'::jsonb NOT NULL,
	CONSTRAINT "delivery_methods_price_check" CHECK ("delivery_methods"."price" >= 0 and coalesce("delivery_methods"."free_over", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"percent_bp" integer NOT NULL,
	"applies_to" jsonb DEFAULT '{"categoryIds":[],"productIds":[]}'::jsonb NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_percent_check" CHECK ("discounts"."percent_bp" > 0 and "discounts"."percent_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"barcode" varchar(13) NOT NULL,
	"holder_name" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"valid_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_cards_barcode_digits_check" CHECK ("member_cards"."barcode" ~ '^[0-9]{13}$')
);
--> statement-breakpoint
CREATE TABLE "payment_method_translations" (
	"method_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "payment_method_translations_method_id_language_code_pk" PRIMARY KEY("method_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"method_code" integer NOT NULL,
	"payment_type" text NOT NULL,
	"provider" varchar(32) DEFAULT 'offline' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_methods_type_check" CHECK ("payment_methods"."payment_type" in ('cod', 'bank_transfer', 'HPF', 'button'))
);
--> statement-breakpoint
CREATE TABLE "elements" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"handler" text NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mobile_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mobile_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "failed_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"path" text NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "navigation_item_translations" (
	"item_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" text NOT NULL,
	"url" text,
	CONSTRAINT "navigation_item_translations_item_id_language_code_pk" PRIMARY KEY("item_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "navigation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"link_type" text NOT NULL,
	"target_id" integer,
	"url" text,
	"rel" text DEFAULT 'dofollow' NOT NULL,
	"target" text,
	"icon" text,
	CONSTRAINT "navigation_items_target_check" CHECK (("navigation_items"."link_type" in ('external', 'static')) = ("navigation_items"."target_id" is null))
);
--> statement-breakpoint
CREATE TABLE "navigation_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"handle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_email_lower_check" CHECK ("newsletter_subscriptions"."email" = lower("newsletter_subscriptions"."email"))
);
--> statement-breakpoint
CREATE TABLE "post_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_terms" (
	"post_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "post_terms_post_id_term_id_pk" PRIMARY KEY("post_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "post_translations" (
	"post_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	CONSTRAINT "post_translations_post_id_language_code_pk" PRIMARY KEY("post_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" integer,
	"media_id" integer,
	"published_at" timestamp with time zone,
	"allow_comments" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"status" smallint DEFAULT 301 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_status_check" CHECK ("redirects"."status" in (301, 302))
);
--> statement-breakpoint
CREATE TABLE "section_translations" (
	"section_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "section_translations_section_id_language_code_pk" PRIMARY KEY("section_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"is_master" boolean DEFAULT false NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"show_desktop" boolean DEFAULT true NOT NULL,
	"show_mobile" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_translations" (
	"term_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "term_translations_term_id_language_code_pk" PRIMARY KEY("term_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"assigned_to" text NOT NULL,
	"consent_ids" integer[] DEFAULT '{}' NOT NULL,
	"required_consent_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_translations" (
	"consent_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"display_name" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	CONSTRAINT "consent_translations_consent_id_language_code_pk" PRIMARY KEY("consent_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"unique_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_translations" (
	"event_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"date_text" text DEFAULT '' NOT NULL,
	"time_text" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "event_translations_event_id_language_code_pk" PRIMARY KEY("event_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"start_event" timestamp with time zone NOT NULL,
	"end_event" timestamp with time zone,
	"event_attendees" integer,
	"media_id" integer,
	"status" text DEFAULT 'published' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"path" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"mime" varchar(100) NOT NULL,
	"extension" varchar(10) NOT NULL,
	"width" integer,
	"height" integer,
	"size" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	"access" text DEFAULT 'public' NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"checkout_enabled" boolean DEFAULT true NOT NULL,
	"social_logins" boolean DEFAULT false NOT NULL,
	"cart_type" smallint DEFAULT 0 NOT NULL,
	"checkout_type" smallint DEFAULT 0 NOT NULL,
	"guest_checkout" smallint DEFAULT 0 NOT NULL,
	"gift_wrap" smallint DEFAULT 0 NOT NULL,
	"message" smallint DEFAULT 0 NOT NULL,
	"merge_items" smallint DEFAULT 1 NOT NULL,
	"e_product_delivery" text DEFAULT 'link' NOT NULL,
	"allowed_countries" jsonb DEFAULT '"ALL"'::jsonb NOT NULL,
	"skip_shipping_step" boolean DEFAULT false NOT NULL,
	"captcha_version" smallint DEFAULT 2 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"iso" varchar(2) NOT NULL,
	"iso3" varchar(3) DEFAULT '' NOT NULL,
	"names" jsonb NOT NULL,
	CONSTRAINT "countries_iso_unique" UNIQUE("iso")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" varchar(3) NOT NULL,
	"label" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" smallint DEFAULT 2 NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_hrv" text NOT NULL,
	"name_eng" text NOT NULL,
	"name_ger" text NOT NULL,
	"name_srp" text NOT NULL,
	"code" varchar(3) NOT NULL,
	"code2" varchar(2) DEFAULT '' NOT NULL,
	CONSTRAINT "languages_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "site_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_languages" (
	"site_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "site_languages_site_id_language_id_pk" PRIMARY KEY("site_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "site_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb,
	"media_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"api_key_token" text NOT NULL,
	"api_key_id" integer NOT NULL,
	"subdomain" text DEFAULT '' NOT NULL,
	"external_urls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_api_key_token_unique" UNIQUE("api_key_token"),
	CONSTRAINT "sites_api_key_id_unique" UNIQUE("api_key_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"language_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"eur_rate" numeric(12, 6) DEFAULT '1' NOT NULL,
	"loyalty" jsonb,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"is_backoffice_user" boolean DEFAULT false NOT NULL,
	"scope" text DEFAULT 'customer' NOT NULL,
	"member_card_barcode" text,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "attribute_translations" ADD CONSTRAINT "attribute_translations_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_value_translations" ADD CONSTRAINT "attribute_value_translations_value_id_attribute_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."attribute_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurable_attributes" ADD CONSTRAINT "configurable_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurable_attributes" ADD CONSTRAINT "configurable_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurable_attributes" ADD CONSTRAINT "configurable_attributes_shop_default_value_id_attribute_values_id_fk" FOREIGN KEY ("shop_default_value_id") REFERENCES "public"."attribute_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_sells" ADD CONSTRAINT "cross_sells_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_sells" ADD CONSTRAINT "cross_sells_cross_product_id_products_id_fk" FOREIGN KEY ("cross_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_option_translations" ADD CONSTRAINT "custom_option_translations_option_id_custom_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."custom_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_option_value_translations" ADD CONSTRAINT "custom_option_value_translations_value_id_custom_option_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."custom_option_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_option_values" ADD CONSTRAINT "custom_option_values_option_id_custom_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."custom_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_options" ADD CONSTRAINT "custom_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_product_codes" ADD CONSTRAINT "e_product_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_value_id_attribute_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."attribute_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_parent_id_product_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_links" ADD CONSTRAINT "product_category_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_links" ADD CONSTRAINT "product_category_links_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_translations" ADD CONSTRAINT "product_category_translations_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_translations" ADD CONSTRAINT "product_category_translations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_translations" ADD CONSTRAINT "tag_translations_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_branches" ADD CONSTRAINT "delivery_branches_method_id_delivery_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_method_translations" ADD CONSTRAINT "delivery_method_translations_method_id_delivery_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD CONSTRAINT "delivery_methods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD CONSTRAINT "delivery_methods_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_translations" ADD CONSTRAINT "payment_method_translations_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elements" ADD CONSTRAINT "elements_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_requests" ADD CONSTRAINT "failed_requests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_item_translations" ADD CONSTRAINT "navigation_item_translations_item_id_navigation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."navigation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_items" ADD CONSTRAINT "navigation_items_menu_id_navigation_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."navigation_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_items" ADD CONSTRAINT "navigation_items_parent_id_navigation_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."navigation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_menus" ADD CONSTRAINT "navigation_menus_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_sections" ADD CONSTRAINT "post_sections_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_sections" ADD CONSTRAINT "post_sections_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_terms" ADD CONSTRAINT "post_terms_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_terms" ADD CONSTRAINT "post_terms_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_translations" ADD CONSTRAINT "post_translations_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_translations" ADD CONSTRAINT "post_translations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_translations" ADD CONSTRAINT "section_translations_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_translations" ADD CONSTRAINT "term_translations_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_translations" ADD CONSTRAINT "term_translations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_parent_id_terms_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_assignments" ADD CONSTRAINT "consent_assignments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_translations" ADD CONSTRAINT "consent_translations_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_translations" ADD CONSTRAINT "event_translations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_translations" ADD CONSTRAINT "event_translations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD CONSTRAINT "checkout_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_domains" ADD CONSTRAINT "site_domains_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_languages" ADD CONSTRAINT "site_languages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_languages" ADD CONSTRAINT "site_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_options" ADD CONSTRAINT "site_options_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_values_code_idx" ON "attribute_values" USING btree ("attribute_id","value_code");--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_site_code_idx" ON "attributes" USING btree ("site_id","attribute_code");--> statement-breakpoint
CREATE INDEX "bundle_items_product_idx" ON "bundle_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "custom_option_values_option_idx" ON "custom_option_values" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "custom_options_product_idx" ON "custom_options" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "e_product_codes_product_code_idx" ON "e_product_codes" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "e_product_codes_free_idx" ON "e_product_codes" USING btree ("product_id","id") WHERE "e_product_codes"."assigned_order_id" is null;--> statement-breakpoint
CREATE INDEX "e_product_codes_order_idx" ON "e_product_codes" USING btree ("assigned_order_id");--> statement-breakpoint
CREATE INDEX "product_attribute_values_value_idx" ON "product_attribute_values" USING btree ("attribute_id","value_id");--> statement-breakpoint
CREATE INDEX "product_categories_site_idx" ON "product_categories" USING btree ("site_id","position");--> statement-breakpoint
CREATE INDEX "product_categories_parent_idx" ON "product_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_category_links_category_idx" ON "product_category_links" USING btree ("category_id","category_priority");--> statement-breakpoint
CREATE UNIQUE INDEX "product_category_translations_slug_idx" ON "product_category_translations" USING btree ("site_id","language_code","slug");--> statement-breakpoint
CREATE INDEX "product_media_position_idx" ON "product_media" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_prices_currency_retail_idx" ON "product_prices" USING btree ("currency_id","retail_price");--> statement-breakpoint
CREATE INDEX "product_tags_tag_idx" ON "product_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_translations_slug_idx" ON "product_translations" USING btree ("site_id","language_code","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_site_sku_idx" ON "products" USING btree ("site_id","sku");--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_site_listing_idx" ON "products" USING btree ("site_id","status","is_visible_individually");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_site_code_idx" ON "tags" USING btree ("site_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_site_code_idx" ON "coupons" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "delivery_branches_method_idx" ON "delivery_branches" USING btree ("method_id","position");--> statement-breakpoint
CREATE INDEX "delivery_methods_site_idx" ON "delivery_methods" USING btree ("site_id","position");--> statement-breakpoint
CREATE INDEX "discounts_site_idx" ON "discounts" USING btree ("site_id","is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_site_barcode_idx" ON "member_cards" USING btree ("site_id","barcode");--> statement-breakpoint
CREATE INDEX "payment_methods_site_idx" ON "payment_methods" USING btree ("site_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "elements_site_handler_language_idx" ON "elements" USING btree ("site_id","handler","language_code");--> statement-breakpoint
CREATE UNIQUE INDEX "failed_requests_site_path_idx" ON "failed_requests" USING btree ("site_id","path");--> statement-breakpoint
CREATE INDEX "navigation_items_menu_idx" ON "navigation_items" USING btree ("menu_id","parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "navigation_menus_site_handle_idx" ON "navigation_menus" USING btree ("site_id","handle");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_site_email_idx" ON "newsletter_subscriptions" USING btree ("site_id","email");--> statement-breakpoint
CREATE INDEX "post_sections_post_idx" ON "post_sections" USING btree ("post_id","position");--> statement-breakpoint
CREATE INDEX "post_sections_section_idx" ON "post_sections" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "post_terms_term_idx" ON "post_terms" USING btree ("term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_translations_slug_idx" ON "post_translations" USING btree ("site_id","language_code","slug");--> statement-breakpoint
CREATE INDEX "posts_site_listing_idx" ON "posts" USING btree ("site_id","type","status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_site_from_idx" ON "redirects" USING btree ("site_id","from_path");--> statement-breakpoint
CREATE INDEX "sections_site_idx" ON "sections" USING btree ("site_id","is_master");--> statement-breakpoint
CREATE UNIQUE INDEX "term_translations_slug_idx" ON "term_translations" USING btree ("site_id","language_code","slug");--> statement-breakpoint
CREATE INDEX "terms_site_type_idx" ON "terms" USING btree ("site_id","type","position");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_assignments_site_form_idx" ON "consent_assignments" USING btree ("site_id","assigned_to");--> statement-breakpoint
CREATE INDEX "consent_assignments_site_idx" ON "consent_assignments" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_site_number_idx" ON "consents" USING btree ("site_id","unique_number");--> statement-breakpoint
CREATE UNIQUE INDEX "event_translations_slug_idx" ON "event_translations" USING btree ("site_id","language_code","slug");--> statement-breakpoint
CREATE INDEX "events_site_start_idx" ON "events" USING btree ("site_id","start_event");--> statement-breakpoint
CREATE INDEX "media_site_idx" ON "media" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "media_site_hash_idx" ON "media" USING btree ("site_id","hash");--> statement-breakpoint
CREATE UNIQUE INDEX "site_domains_host_idx" ON "site_domains" USING btree ("host");--> statement-breakpoint
CREATE INDEX "site_domains_site_idx" ON "site_domains" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_options_site_key_idx" ON "site_options" USING btree ("site_id","key");--> statement-breakpoint
CREATE INDEX "stores_site_idx" ON "stores" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_site_email_idx" ON "users" USING btree ("site_id","email");