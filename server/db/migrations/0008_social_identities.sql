-- Social login (issue 11): the provider identities linked to an account (Google, Facebook). A
-- provider's subject names one account per site; an account links at most one identity per provider.
CREATE TABLE IF NOT EXISTS "user_social_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"provider" text NOT NULL CONSTRAINT "user_social_identities_provider_check" CHECK ("provider" IN ('google', 'facebook')),
	"subject" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "user_social_identities_subject_idx" ON "user_social_identities" ("site_id", "provider", "subject");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "user_social_identities_user_idx" ON "user_social_identities" ("user_id", "provider");
