CREATE TABLE "form_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"form_id" integer,
	"form_type" text NOT NULL,
	"data" jsonb NOT NULL,
	"email" text,
	"language_code" varchar(2) NOT NULL,
	"address" text,
	"status" text DEFAULT 'received' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"product_id" integer,
	"notify_status" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_status_check" CHECK ("form_submissions"."status" in ('received', 'pending', 'confirmed')),
	CONSTRAINT "form_submissions_notify_status_check" CHECK ("form_submissions"."notify_status" is null or "form_submissions"."notify_status" in ('waiting', 'due', 'notified'))
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_site_created_idx" ON "form_submissions" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_confirm_token_idx" ON "form_submissions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "form_submissions_product_waiting_idx" ON "form_submissions" USING btree ("product_id") WHERE "form_submissions"."notify_status" = 'waiting';--> statement-breakpoint
CREATE INDEX "form_submissions_due_idx" ON "form_submissions" USING btree ("id") WHERE "form_submissions"."notify_status" = 'due';--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_waiting_once_idx" ON "form_submissions" USING btree ("product_id","email") WHERE "form_submissions"."notify_status" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "forms_site_key_idx" ON "forms" USING btree ("site_id","key");--> statement-breakpoint
CREATE INDEX "forms_site_type_idx" ON "forms" USING btree ("site_id","type");--> statement-breakpoint
-- Availability requests (docs/decisions/0422): when a tracked product's stock returns (out of stock
-- before, in stock after), its waiting requests become due in the same transaction; the worker of
-- any process claims due rows with SKIP LOCKED, queues one mail each and marks them notified.
CREATE OR REPLACE FUNCTION form_availability_due() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE form_submissions SET notify_status = 'due'
    WHERE product_id = NEW.id AND notify_status = 'waiting';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_availability_due AFTER UPDATE OF stock_qty, manage_stock ON products
  FOR EACH ROW
  WHEN (OLD.manage_stock AND coalesce(OLD.stock_qty, 0) <= 0
    AND (NOT NEW.manage_stock OR coalesce(NEW.stock_qty, 0) > 0))
  EXECUTE FUNCTION form_availability_due();--> statement-breakpoint
INSERT INTO "mail_templates" ("key", "language_code", "subject", "body_html", "body_text") VALUES
	('auto-respond', 'hr', 'Primili smo vašu poruku – {{ siteName }}', '<p>Pozdrav,</p>
<p>hvala što ste nam pisali putem obrasca „{{ formTitle }}”. Javit ćemo vam se uskoro.</p>
<p>Poslali ste:</p>
<pre style="white-space:pre-wrap;font-family:inherit">{{ summary }}</pre>
<p>{{ siteName }}</p>', 'Pozdrav,

hvala što ste nam pisali putem obrasca „{{ formTitle }}”. Javit ćemo vam se uskoro.

Poslali ste:
{{ summary }}

{{ siteName }}
'),
	('auto-respond', 'en', 'We have received your message – {{ siteName }}', '<p>Hello,</p>
<p>thank you for writing to us through the “{{ formTitle }}” form. We will get back to you soon.</p>
<p>You sent:</p>
<pre style="white-space:pre-wrap;font-family:inherit">{{ summary }}</pre>
<p>{{ siteName }}</p>', 'Hello,

thank you for writing to us through the “{{ formTitle }}” form. We will get back to you soon.

You sent:
{{ summary }}

{{ siteName }}
'),
	('auto-respond', 'de', 'Wir haben Ihre Nachricht erhalten – {{ siteName }}', '<p>Hallo,</p>
<p>vielen Dank für Ihre Nachricht über das Formular „{{ formTitle }}“. Wir melden uns bald.</p>
<p>Sie haben gesendet:</p>
<pre style="white-space:pre-wrap;font-family:inherit">{{ summary }}</pre>
<p>{{ siteName }}</p>', 'Hallo,

vielen Dank für Ihre Nachricht über das Formular „{{ formTitle }}“. Wir melden uns bald.

Sie haben gesendet:
{{ summary }}

{{ siteName }}
'),
	('form-notice', 'hr', 'Novi unos: {{ formTitle }} – {{ siteName }}', '<p>Novi unos putem obrasca „{{ formTitle }}” ({{ submittedAt }}):</p>
<pre style="white-space:pre-wrap;font-family:inherit">{{ summary }}</pre>
<p>Odgovor: {{ email }}</p>', 'Novi unos putem obrasca „{{ formTitle }}” ({{ submittedAt }}):

{{ summary }}

Odgovor: {{ email }}
'),
	('form-notice', 'en', 'New submission: {{ formTitle }} – {{ siteName }}', '<p>A new submission through the “{{ formTitle }}” form ({{ submittedAt }}):</p>
<pre style="white-space:pre-wrap;font-family:inherit">{{ summary }}</pre>
<p>Reply to: {{ email }}</p>', 'A new submission through the “{{ formTitle }}” form ({{ submittedAt }}):

{{ summary }}

Reply to: {{ email }}
'),
	('form-notice', 'de', 'Neue Einsendung: {{ formTitle }} – {{ siteName }}', '<p>Eine neue Einsendung über das Formular „{{ formTitle }}“ ({{ submittedAt }}):</p>
<pre style="white-space:pre-wrap;font-family:inherit">{{ summary }}</pre>
<p>Antwort an: {{ email }}</p>', 'Eine neue Einsendung über das Formular „{{ formTitle }}“ ({{ submittedAt }}):

{{ summary }}

Antwort an: {{ email }}
'),
	('form-confirm', 'hr', 'Potvrdite svoju adresu – {{ siteName }}', '<p>Pozdrav,</p>
<p>za obrazac „{{ formTitle }}” potvrdite adresu {{ email }} klikom na poveznicu:</p>
<p><a href="{{ link }}">Potvrdi adresu</a></p>
<p>Poveznica vrijedi {{ validHours }} sati. Ako niste ispunili obrazac, zanemarite ovu poruku.</p>', 'Pozdrav,

za obrazac „{{ formTitle }}” potvrdite adresu {{ email }} otvaranjem poveznice:
{{ link }}

Poveznica vrijedi {{ validHours }} sati. Ako niste ispunili obrazac, zanemarite ovu poruku.
'),
	('form-confirm', 'en', 'Confirm your address – {{ siteName }}', '<p>Hello,</p>
<p>please confirm {{ email }} for the “{{ formTitle }}” form by following this link:</p>
<p><a href="{{ link }}">Confirm the address</a></p>
<p>The link works for {{ validHours }} hours. If you did not fill in the form, ignore this message.</p>', 'Hello,

please confirm {{ email }} for the “{{ formTitle }}” form by opening this link:
{{ link }}

The link works for {{ validHours }} hours. If you did not fill in the form, ignore this message.
'),
	('form-confirm', 'de', 'Bestätigen Sie Ihre Adresse – {{ siteName }}', '<p>Hallo,</p>
<p>bitte bestätigen Sie {{ email }} für das Formular „{{ formTitle }}“ über diesen Link:</p>
<p><a href="{{ link }}">Adresse bestätigen</a></p>
<p>Der Link ist {{ validHours }} Stunden gültig. Wenn Sie das Formular nicht ausgefüllt haben, ignorieren Sie diese Nachricht.</p>', 'Hallo,

bitte bestätigen Sie {{ email }} für das Formular „{{ formTitle }}“ über diesen Link:
{{ link }}

Der Link ist {{ validHours }} Stunden gültig. Wenn Sie das Formular nicht ausgefüllt haben, ignorieren Sie diese Nachricht.
'),
	('product-back-in-stock', 'hr', 'Ponovno dostupno: {{ productName }} – {{ siteName }}', '<p>Pozdrav,</p>
<p>proizvod „{{ productName }}” ponovno je dostupan.</p>
<p><a href="{{ productUrl }}">Pogledajte proizvod</a></p>
<p>Ovo je jedina poruka o tom proizvodu koju ćete od nas primiti na temelju vašeg upita.</p>', 'Pozdrav,

proizvod „{{ productName }}” ponovno je dostupan:
{{ productUrl }}

Ovo je jedina poruka o tom proizvodu koju ćete od nas primiti na temelju vašeg upita.
'),
	('product-back-in-stock', 'en', 'Back in stock: {{ productName }} – {{ siteName }}', '<p>Hello,</p>
<p>“{{ productName }}” is back in stock.</p>
<p><a href="{{ productUrl }}">See the product</a></p>
<p>This is the only message about this product you will get from us for your request.</p>', 'Hello,

“{{ productName }}” is back in stock:
{{ productUrl }}

This is the only message about this product you will get from us for your request.
'),
	('product-back-in-stock', 'de', 'Wieder verfügbar: {{ productName }} – {{ siteName }}', '<p>Hallo,</p>
<p>„{{ productName }}“ ist wieder verfügbar.</p>
<p><a href="{{ productUrl }}">Zum Produkt</a></p>
<p>Dies ist die einzige Nachricht zu diesem Produkt, die Sie auf Ihre Anfrage hin erhalten.</p>', 'Hallo,

„{{ productName }}“ ist wieder verfügbar:
{{ productUrl }}

Dies ist die einzige Nachricht zu diesem Produkt, die Sie auf Ihre Anfrage hin erhalten.
')
ON CONFLICT DO NOTHING;
