-- Writes sent with an Idempotency-Key keep their first answer for a day (server/http/idempotency.ts).
CREATE TABLE IF NOT EXISTS idempotency_requests (
  id serial PRIMARY KEY,
  key text NOT NULL,
  operation text NOT NULL,
  fingerprint text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
  response_status integer,
  response_body text,
  response_type text,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS idempotency_requests_key_idx ON idempotency_requests (key, operation);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS idempotency_requests_created_idx ON idempotency_requests (created_at);
