-- Captcha (docs/decisions/0410): the signing key when CAPTCHA_HMAC_KEY is unset, and spent solutions.
CREATE TABLE IF NOT EXISTS "captcha_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "captcha_spent" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "captcha_spent_expires_idx" ON "captcha_spent" USING btree ("expires_at");--> statement-breakpoint
-- The keys exist from the start, so that reading a challenge or an unsubscribe page writes nothing.
INSERT INTO "captcha_keys" ("name", "secret")
	VALUES ('altcha', replace(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
	ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Newsletter double opt-in (docs/decisions/0412): the confirmation token as its SHA-256, when it was sent.
CREATE TABLE IF NOT EXISTS "newsletter_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "newsletter_keys" ("name", "secret")
	VALUES ('unsubscribe', replace(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
	ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "newsletter_subscriptions_confirm_token_idx" ON "newsletter_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
-- Sign-ups taken before double opt-in keep their subscription (their consent time stands as confirmation).
UPDATE "newsletter_subscriptions" SET "confirmed_at" = "consent_at" WHERE "status" = 'subscribed';--> statement-breakpoint
INSERT INTO "mail_templates" ("key", "language_code", "subject", "body_html", "body_text") VALUES
	('newsletter-confirm', 'hr', 'Potvrdite prijavu na newsletter – {{ siteName }}', '<p>Pozdrav,</p>
<p>netko je (nadamo se vi) prijavio adresu {{ email }} na newsletter stranice {{ siteName }}. Prijavu potvrdite klikom na poveznicu:</p>
<p><a href="{{ link }}">Potvrdi prijavu na newsletter</a></p>
<p>Poveznica vrijedi {{ validHours }} sati. Ako se niste prijavili, zanemarite ovu poruku: bez potvrde nećete primati newsletter.</p>', 'Pozdrav,

netko je (nadamo se vi) prijavio adresu {{ email }} na newsletter stranice {{ siteName }}. Prijavu potvrdite otvaranjem poveznice:
{{ link }}

Poveznica vrijedi {{ validHours }} sati. Ako se niste prijavili, zanemarite ovu poruku: bez potvrde nećete primati newsletter.
'),
	('newsletter-confirm', 'en', 'Confirm your newsletter sign-up – {{ siteName }}', '<p>Hello,</p>
<p>someone (we hope it was you) signed {{ email }} up for the {{ siteName }} newsletter. Please confirm by following this link:</p>
<p><a href="{{ link }}">Confirm the newsletter sign-up</a></p>
<p>The link works for {{ validHours }} hours. If you did not sign up, ignore this message: without confirmation you will not receive the newsletter.</p>', 'Hello,

someone (we hope it was you) signed {{ email }} up for the {{ siteName }} newsletter. Please confirm by opening this link:
{{ link }}

The link works for {{ validHours }} hours. If you did not sign up, ignore this message: without confirmation you will not receive the newsletter.
'),
	('newsletter-confirm', 'de', 'Bestätigen Sie Ihre Newsletter-Anmeldung – {{ siteName }}', '<p>Hallo,</p>
<p>jemand (hoffentlich Sie) hat {{ email }} für den Newsletter von {{ siteName }} angemeldet. Bitte bestätigen Sie über diesen Link:</p>
<p><a href="{{ link }}">Newsletter-Anmeldung bestätigen</a></p>
<p>Der Link ist {{ validHours }} Stunden gültig. Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese Nachricht: ohne Bestätigung erhalten Sie keinen Newsletter.</p>', 'Hallo,

jemand (hoffentlich Sie) hat {{ email }} für den Newsletter von {{ siteName }} angemeldet. Bitte bestätigen Sie über diesen Link:
{{ link }}

Der Link ist {{ validHours }} Stunden gültig. Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese Nachricht: ohne Bestätigung erhalten Sie keinen Newsletter.
'),
	('newsletter-welcome', 'hr', 'Dobrodošli na newsletter – {{ siteName }}', '<p>Pozdrav,</p>
<p>adresa {{ email }} sada prima newsletter stranice {{ siteName }}. Hvala!</p>
<p>Odjava je jedan klik: <a href="{{ unsubscribeUrl }}">odjavi se s newslettera</a>.</p>', 'Pozdrav,

adresa {{ email }} sada prima newsletter stranice {{ siteName }}. Hvala!

Odjava s newslettera: {{ unsubscribeUrl }}
'),
	('newsletter-welcome', 'en', 'Welcome to the newsletter – {{ siteName }}', '<p>Hello,</p>
<p>{{ email }} now receives the {{ siteName }} newsletter. Thank you!</p>
<p>Unsubscribing takes one click: <a href="{{ unsubscribeUrl }}">unsubscribe from the newsletter</a>.</p>', 'Hello,

{{ email }} now receives the {{ siteName }} newsletter. Thank you!

Unsubscribe from the newsletter: {{ unsubscribeUrl }}
'),
	('newsletter-welcome', 'de', 'Willkommen beim Newsletter – {{ siteName }}', '<p>Hallo,</p>
<p>{{ email }} erhält jetzt den Newsletter von {{ siteName }}. Vielen Dank!</p>
<p>Abmelden geht mit einem Klick: <a href="{{ unsubscribeUrl }}">vom Newsletter abmelden</a>.</p>', 'Hallo,

{{ email }} erhält jetzt den Newsletter von {{ siteName }}. Vielen Dank!

Vom Newsletter abmelden: {{ unsubscribeUrl }}
')
ON CONFLICT DO NOTHING;
