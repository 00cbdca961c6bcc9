-- Consent ledger (issue 15): versioned consent texts, the cookie banner's choices, and the log closed
-- to TRUNCATE as well as UPDATE and DELETE.
CREATE TABLE IF NOT EXISTS "consent_versions" (
	"consent_id" integer NOT NULL REFERENCES "consents"("id") ON DELETE cascade,
	"version" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"display_name" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_versions_consent_id_version_language_code_pk" PRIMARY KEY("consent_id","version","language_code")
);--> statement-breakpoint
-- The texts that exist become their consent's current version.
INSERT INTO "consent_versions" ("consent_id", "version", "language_code", "display_name", "text")
	SELECT t."consent_id", c."version", t."language_code", t."display_name", t."text"
	FROM "consent_translations" t JOIN "consents" c ON c."id" = t."consent_id"
	ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Whoever writes the current text (the admin's new version, the seed, a fixture) leaves it in the
-- history under the consent's current version number.
CREATE OR REPLACE FUNCTION consent_translation_version() RETURNS trigger AS $$
BEGIN
	INSERT INTO "consent_versions" ("consent_id", "version", "language_code", "display_name", "text")
		SELECT NEW."consent_id", c."version", NEW."language_code", NEW."display_name", NEW."text"
		FROM "consents" c WHERE c."id" = NEW."consent_id"
		ON CONFLICT ("consent_id", "version", "language_code")
		DO UPDATE SET "display_name" = EXCLUDED."display_name", "text" = EXCLUDED."text";
	RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS consent_translation_version ON "consent_translations";--> statement-breakpoint
CREATE TRIGGER consent_translation_version AFTER INSERT OR UPDATE ON "consent_translations"
	FOR EACH ROW EXECUTE FUNCTION consent_translation_version();--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "cookie_consent_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"anonymous_id" text NOT NULL,
	"user_id" integer,
	"categories" text NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cookie_consent_log_anonymous_idx" ON "cookie_consent_log" USING btree ("anonymous_id");--> statement-breakpoint
DROP TRIGGER IF EXISTS cookie_consent_log_append_only ON "cookie_consent_log";--> statement-breakpoint
CREATE TRIGGER cookie_consent_log_append_only BEFORE UPDATE OR DELETE ON "cookie_consent_log"
	FOR EACH ROW EXECUTE FUNCTION consent_log_append_only();--> statement-breakpoint
-- Row triggers do not see TRUNCATE: a statement trigger closes that door too (decision 0431).
DROP TRIGGER IF EXISTS consent_log_no_truncate ON "consent_log";--> statement-breakpoint
CREATE TRIGGER consent_log_no_truncate BEFORE TRUNCATE ON "consent_log"
	FOR EACH STATEMENT EXECUTE FUNCTION consent_log_append_only();--> statement-breakpoint
DROP TRIGGER IF EXISTS cookie_consent_log_no_truncate ON "cookie_consent_log";--> statement-breakpoint
CREATE TRIGGER cookie_consent_log_no_truncate BEFORE TRUNCATE ON "cookie_consent_log"
	FOR EACH STATEMENT EXECUTE FUNCTION consent_log_append_only();--> statement-breakpoint
-- Roles other than the owner never get to change the evidence (decision 0431).
REVOKE UPDATE, DELETE, TRUNCATE ON "consent_log", "cookie_consent_log" FROM PUBLIC;
