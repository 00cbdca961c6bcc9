-- Payments (issue 13): shared payment secrets and the state of the built-in sandbox gateway (plans,
-- payments, the events it sent to the shop's webhook).
CREATE TABLE IF NOT EXISTS "payment_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_events" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"payment_id" varchar(40) NOT NULL,
	"type" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_payments" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"reference" varchar(80) NOT NULL,
	"custom_id" varchar(64),
	"amount" integer NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"language" varchar(2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'created' NOT NULL,
	"masked_card" varchar(24),
	"plan_id" varchar(40),
	"success_url" text NOT NULL,
	"failure_url" text NOT NULL,
	"webhook_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_amount_check" CHECK ("sandbox_payments"."amount" >= 0 and "sandbox_payments"."tax_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_plans" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"interval" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_plans_amount_check" CHECK ("sandbox_plans"."amount" >= 0 and "sandbox_plans"."tax_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_events" ADD CONSTRAINT "sandbox_events_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_plan_id_sandbox_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."sandbox_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_events_payment_idx" ON "sandbox_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_payments_reference_idx" ON "sandbox_payments" USING btree ("reference");
