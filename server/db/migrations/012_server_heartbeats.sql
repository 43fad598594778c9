-- The servers of an installation, as their readiness checks last wrote them (server/health/readiness.ts):
-- the write is the check that the database accepts writes; the rows tell an operator which servers answer.
CREATE TABLE server_heartbeats (
  server_id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  address text NOT NULL,
  started_at timestamptz NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX server_heartbeats_seen_at ON server_heartbeats (seen_at);
