-- Accounts (issue 11): sessions, e-mailed tokens, mail templates and the consent log.
CREATE TABLE IF NOT EXISTS "auth_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The access-token signing key used when AUTH_SECRET is not set: made here (gen_random_uuid draws from
-- a cryptographic source; three of them are 366 random bits), so no request ever has to write it and
-- every process on this database shares it.
INSERT INTO "auth_keys" ("name", "secret")
	VALUES ('access-token-hs256', replace(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
	ON CONFLICT DO NOTHING;--> statement-breakpoint
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
CREATE UNIQUE INDEX IF NOT EXISTS "mail_templates_default_key_idx" ON "mail_templates" ("key", "language_code") WHERE "site_id" IS NULL;--> statement-breakpoint
-- The shipped defaults (an admin templates screen edits rows: a site's own row wins over these).
INSERT INTO "mail_templates" ("key", "language_code", "subject", "body_html", "body_text") VALUES
	('user-register', 'hr', 'Potvrdite svoju adresu e-pošte – {{ siteName }}', '<p>Pozdrav {{ firstName }},</p>
<p>hvala što ste se registrirali na {{ siteName }}. Potvrdite svoju adresu e-pošte klikom na poveznicu:</p>
<p><a href="{{ link }}">Potvrdi adresu e-pošte</a></p>
<p>Poveznica vrijedi {{ validHours }} sati. Ako se niste registrirali, zanemarite ovu poruku.</p>', 'Pozdrav {{ firstName }},

hvala što ste se registrirali na {{ siteName }}. Potvrdite svoju adresu e-pošte otvaranjem poveznice:
{{ link }}

Poveznica vrijedi {{ validHours }} sati. Ako se niste registrirali, zanemarite ovu poruku.
'),
	('user-register', 'en', 'Confirm your e-mail address – {{ siteName }}', '<p>Hello {{ firstName }},</p>
<p>thank you for registering at {{ siteName }}. Please confirm your e-mail address by following this link:</p>
<p><a href="{{ link }}">Confirm e-mail address</a></p>
<p>The link is valid for {{ validHours }} hours. If you did not register, ignore this message.</p>', 'Hello {{ firstName }},

thank you for registering at {{ siteName }}. Please confirm your e-mail address by opening this link:
{{ link }}

The link is valid for {{ validHours }} hours. If you did not register, ignore this message.
'),
	('user-register', 'de', 'Bestätigen Sie Ihre E-Mail-Adresse – {{ siteName }}', '<p>Hallo {{ firstName }},</p>
<p>danke für Ihre Registrierung bei {{ siteName }}. Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:</p>
<p><a href="{{ link }}">E-Mail-Adresse bestätigen</a></p>
<p>Der Link ist {{ validHours }} Stunden gültig. Wenn Sie sich nicht registriert haben, ignorieren Sie diese Nachricht.</p>', 'Hallo {{ firstName }},

danke für Ihre Registrierung bei {{ siteName }}. Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:
{{ link }}

Der Link ist {{ validHours }} Stunden gültig. Wenn Sie sich nicht registriert haben, ignorieren Sie diese Nachricht.
'),
	('reset-password', 'hr', 'Nova lozinka – {{ siteName }}', '<p>Pozdrav {{ firstName }},</p>
<p>zatražena je nova lozinka za vaš račun na {{ siteName }}. Novu lozinku postavite na poveznici:</p>
<p><a href="{{ link }}">Postavi novu lozinku</a></p>
<p>Poveznica vrijedi {{ validHours }} h i može se iskoristiti jednom. Ako niste zatražili novu lozinku, zanemarite ovu poruku.</p>', 'Pozdrav {{ firstName }},

zatražena je nova lozinka za vaš račun na {{ siteName }}. Novu lozinku postavite na poveznici:
{{ link }}

Poveznica vrijedi {{ validHours }} h i može se iskoristiti jednom. Ako niste zatražili novu lozinku, zanemarite ovu poruku.
'),
	('reset-password', 'en', 'Reset your password – {{ siteName }}', '<p>Hello {{ firstName }},</p>
<p>a new password was requested for your account at {{ siteName }}. Set it with this link:</p>
<p><a href="{{ link }}">Set a new password</a></p>
<p>The link is valid for {{ validHours }} h and works once. If you did not ask for it, ignore this message.</p>', 'Hello {{ firstName }},

a new password was requested for your account at {{ siteName }}. Set it with this link:
{{ link }}

The link is valid for {{ validHours }} h and works once. If you did not ask for it, ignore this message.
'),
	('reset-password', 'de', 'Passwort zurücksetzen – {{ siteName }}', '<p>Hallo {{ firstName }},</p>
<p>für Ihr Konto bei {{ siteName }} wurde ein neues Passwort angefordert. Setzen Sie es über diesen Link:</p>
<p><a href="{{ link }}">Neues Passwort setzen</a></p>
<p>Der Link ist {{ validHours }} Std. gültig und funktioniert einmal. Wenn Sie es nicht angefordert haben, ignorieren Sie diese Nachricht.</p>', 'Hallo {{ firstName }},

für Ihr Konto bei {{ siteName }} wurde ein neues Passwort angefordert. Setzen Sie es über diesen Link:
{{ link }}

Der Link ist {{ validHours }} Std. gültig und funktioniert einmal. Wenn Sie es nicht angefordert haben, ignorieren Sie diese Nachricht.
')
ON CONFLICT DO NOTHING;
