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
ALTER TABLE "checkout_settings" ADD CONSTRAINT "checkout_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_domains" ADD CONSTRAINT "site_domains_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_languages" ADD CONSTRAINT "site_languages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_languages" ADD CONSTRAINT "site_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_options" ADD CONSTRAINT "site_options_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_domains_host_idx" ON "site_domains" USING btree ("host");--> statement-breakpoint
CREATE INDEX "site_domains_site_idx" ON "site_domains" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_options_site_key_idx" ON "site_options" USING btree ("site_id","key");--> statement-breakpoint
CREATE INDEX "stores_site_idx" ON "stores" USING btree ("site_id");