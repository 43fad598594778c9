-- Learners: accounts with login sessions, guest sessions, what they did (userdata events) and the
-- progress of composite roots. SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

-- Accounts of private shares, managed with `npm run users`. Emails are stored lower-cased.
CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 320),
  password_hash text NOT NULL,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Login sessions. The cookie holds a random token; only its sha256 (hex) is stored.
CREATE TABLE auth_sessions (
  token_hash text PRIMARY KEY CHECK (length(token_hash) = 64),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);
CREATE INDEX auth_sessions_expires_idx ON auth_sessions (expires_at);

-- A named guest on a share that saves guest sessions (or a scorm share); the public id is unguessable.
CREATE TABLE guest_sessions (
  public_id text PRIMARY KEY CHECK (length(public_id) >= 22),
  share_id text NOT NULL REFERENCES shares (public_id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guest_sessions_share_idx ON guest_sessions (share_id);

-- One changed field of one model, as the viewer reported it. The client's event id is the
-- idempotency key; the latest value per (model_id, field) wins by (client_at, seq).
CREATE TABLE userdata_events (
  id text PRIMARY KEY,
  share_id text NOT NULL REFERENCES shares (public_id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  guest_session_id text REFERENCES guest_sessions (public_id) ON DELETE CASCADE,
  model_id text NOT NULL,
  model_name text NOT NULL,
  field text NOT NULL,
  value jsonb NOT NULL,
  client_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  seq bigserial NOT NULL,
  CONSTRAINT userdata_events_one_learner CHECK ((user_id IS NULL) <> (guest_session_id IS NULL))
);
CREATE INDEX userdata_events_user_state_idx ON userdata_events (share_id, user_id, model_id, field, client_at DESC, seq DESC)
  WHERE user_id IS NOT NULL;
CREATE INDEX userdata_events_guest_state_idx ON userdata_events (guest_session_id, model_id, field, client_at DESC, seq DESC)
  WHERE guest_session_id IS NOT NULL;

-- The progress of a composite material per learner (spec section 4, Tracking); the last write wins.
CREATE TABLE root_progress (
  share_id text NOT NULL REFERENCES shares (public_id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  guest_session_id text REFERENCES guest_sessions (public_id) ON DELETE CASCADE,
  learner_key text GENERATED ALWAYS AS (COALESCE('user:' || user_id, 'guest:' || guest_session_id)) STORED,
  model_id text NOT NULL,
  value double precision NOT NULL CHECK (value >= 0 AND value <= 1),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (share_id, learner_key, model_id),
  CONSTRAINT root_progress_one_learner CHECK ((user_id IS NULL) <> (guest_session_id IS NULL))
);
