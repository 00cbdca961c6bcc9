-- The durable mail queue (decision 0305): a mail is a row written in the transaction of the change it
-- reports; a worker in every process sends due rows, claimed with FOR UPDATE SKIP LOCKED and leased by
-- moving next_attempt_at forward, so two processes never send one mail. Failures are retried with
-- backoff; after MAIL_MAX_ATTEMPTS the row is 'failed' with its last error.
CREATE TABLE IF NOT EXISTS "mail_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer REFERENCES "sites"("id") ON DELETE set null,
	"template" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"headers" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_queue_status_check" CHECK ("status" IN ('queued', 'sent', 'failed'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_queue_due_idx" ON "mail_queue" ("next_attempt_at", "id") WHERE "status" = 'queued';
