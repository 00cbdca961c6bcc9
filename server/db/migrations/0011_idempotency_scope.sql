-- An Idempotency-Key record belongs to its caller (decision 0238): the scope is the logged-in user on
-- the site, or the site for anonymous callers. Records kept before have no known caller: they get a
-- scope no request has, so nothing kept before is replayed to anyone (they expire within a day).
ALTER TABLE idempotency_requests ADD COLUMN IF NOT EXISTS scope text NOT NULL DEFAULT 'unscoped';--> statement-breakpoint
ALTER TABLE idempotency_requests ALTER COLUMN scope DROP DEFAULT;--> statement-breakpoint
DROP INDEX IF EXISTS idempotency_requests_key_idx;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS idempotency_requests_scope_key_idx ON idempotency_requests (scope, key, operation);
