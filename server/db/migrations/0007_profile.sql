-- Profile (issue 11): addresses saved to an account and per-user settings (the admin language).
CREATE TABLE IF NOT EXISTS "user_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"type" text NOT NULL CONSTRAINT "user_addresses_type_check" CHECK ("type" in ('main', 'shipping', 'billing', 'other')),
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"country_id" integer NOT NULL REFERENCES "countries"("id"),
	"city" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"zip_code" text NOT NULL,
	"is_company" boolean DEFAULT false NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"company_oib" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_addresses_user_idx" ON "user_addresses" ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "user_addresses_one_main_idx" ON "user_addresses" ("user_id") WHERE "type" = 'main';--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "user_settings" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"group" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_user_id_group_key_pk" PRIMARY KEY ("user_id", "group", "key")
);
