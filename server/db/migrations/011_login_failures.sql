-- Failed logins, counted in the database so that every server behind a load balancer counts the same
-- failures and a restart forgets none (server/auth/loginThrottle.ts). One row per failure and key
-- (`email:…` for the account, `ip:…` for the client address), stamped with the database's clock so
-- that servers with skewed clocks agree. Rows are only inserted and deleted, never updated: the
-- throttle keeps at most the newest LOGIN_FAILURES_ALLOWED rows of a key and deletes expired rows of
-- any key as failures come in. SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.
CREATE TABLE login_failures (
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
-- The newest failures of a key (the throttle's check, and its bound per key).
CREATE INDEX login_failures_key_at_idx ON login_failures (key, at);
-- The oldest failures of all keys (deleting expired rows of keys that fail no more).
CREATE INDEX login_failures_at_idx ON login_failures (at);
