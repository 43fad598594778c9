-- xAPI statements on their way to the installation's LRS (server/xapi, docs/xapi.md). A statement
-- is written in the transaction that stores the tracked event it follows from; its id is derived
-- from the share, the learner and the event, so an event stored again adds nothing.
CREATE TABLE xapi_outbox (
  statement_id text PRIMARY KEY CHECK (length(statement_id) = 36),
  -- The pseudonymous learner key of the statement's actor: statements of one learner leave in seq order.
  learner_key text NOT NULL,
  statement jsonb NOT NULL,
  seq bigserial NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The learner's time of the event (the statement's timestamp): what `resend --since` selects by.
  event_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A sender holds the statement until then (its request has a shorter deadline); afterwards another may take it.
  claimed_until timestamptz,
  sent_at timestamptz,
  -- The LRS refused it for good (a 409: other content under this id; another 4xx): kept for an administrator.
  parked_at timestamptz,
  parked_reason text
);
CREATE INDEX xapi_outbox_waiting_idx ON xapi_outbox (seq) WHERE sent_at IS NULL AND parked_at IS NULL;
CREATE INDEX xapi_outbox_learner_idx ON xapi_outbox (learner_key, seq) WHERE sent_at IS NULL AND parked_at IS NULL;
CREATE INDEX xapi_outbox_parked_idx ON xapi_outbox (parked_at) WHERE parked_at IS NOT NULL;
CREATE INDEX xapi_outbox_event_at_idx ON xapi_outbox (event_at);

-- The installation's secret of the pseudonymous learner keys and registrations (one row, made on first use).
CREATE TABLE xapi_secret (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret text NOT NULL CHECK (length(secret) >= 32)
);
