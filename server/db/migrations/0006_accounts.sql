-- Accounts (issue 11): sessions, e-mailed tokens, mail templates and the consent log.
CREATE TABLE IF NOT EXISTS "auth_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "refresh_tokens_hash_idx" ON "refresh_tokens" ("token_hash");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refresh_tokens_family_idx" ON "refresh_tokens" ("family_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refresh_tokens_user_idx" ON "refresh_tokens" ("user_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"purpose" text NOT NULL CHECK ("purpose" IN ('verify-email', 'password-reset')),
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "user_tokens_hash_idx" ON "user_tokens" ("token_hash");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_tokens_user_idx" ON "user_tokens" ("user_id", "purpose");--> statement-breakpoint
-- The text of a consent changes by a new version; the log keeps the version a person accepted.
ALTER TABLE "consents" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Append-only evidence of consents given: no foreign keys (it outlives the user and the consent) and
-- a trigger refuses UPDATE and DELETE.
CREATE TABLE IF NOT EXISTS "consent_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"consent_id" integer NOT NULL,
	"consent_version" integer NOT NULL,
	"unique_number" text NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('accepted', 'withdrawn')),
	"user_id" integer,
	"email" text,
	"source_type" text NOT NULL,
	"source" text NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CHECK ("user_id" IS NOT NULL OR "email" IS NOT NULL)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consent_log_site_email_idx" ON "consent_log" ("site_id", "email");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consent_log_user_idx" ON "consent_log" ("user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION consent_log_append_only() RETURNS trigger AS $$
BEGIN
	RAISE EXCEPTION 'consent_log is append-only';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS consent_log_append_only ON "consent_log";--> statement-breakpoint
CREATE TRIGGER consent_log_append_only BEFORE UPDATE OR DELETE ON "consent_log"
	FOR EACH ROW EXECUTE FUNCTION consent_log_append_only();--> statement-breakpoint
-- E-mail templates per language (LiquidJS). Rows without a site are the defaults every site starts
-- from; a site's own row (edited in the admin) wins.
CREATE TABLE IF NOT EXISTS "mail_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer REFERENCES "sites"("id") ON DELETE cascade,
	"key" text NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "mail_templates_site_key_idx" ON "mail_templates" ("site_id", "key", "language_code") WHERE "site_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "mail_templates_default_key_idx" ON "mail_templates" ("key", "language_code") WHERE "site_id" IS NULL;
