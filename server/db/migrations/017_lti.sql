-- LTI 1.3 (docs/lti.md): the platforms (LMSs) an administrator registered, the tool's signing keys,
-- the logins under way, and the learners the platforms launched.
CREATE TABLE lti_platforms (
  id text PRIMARY KEY CHECK (length(id) >= 22),
  issuer text NOT NULL CHECK (length(issuer) BETWEEN 1 AND 2000),
  client_id text NOT NULL CHECK (length(client_id) BETWEEN 1 AND 500),
  auth_url text NOT NULL,
  token_url text NOT NULL,
  jwks_url text NOT NULL,
  -- The `aud` of the tool's client assertion when the platform names one other than its token URL.
  token_audience text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (issuer, client_id)
);

-- The deployments of a platform the tool accepts launches from (the deployment_id claim).
CREATE TABLE lti_deployments (
  platform_id text NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  deployment_id text NOT NULL CHECK (length(deployment_id) BETWEEN 1 AND 255),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (platform_id, deployment_id)
);

-- The tool's RSA keys. The newest unretired one signs; a retired key is still published until
-- `retired_at` plus the overlap (server/lti/toolKeys.ts), so tokens signed just before a rotation verify.
CREATE TABLE lti_keys (
  kid text PRIMARY KEY CHECK (length(kid) >= 22),
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

-- An OIDC login under way: the state (stored as its sha256) binds the launch to the browser that
-- began it; the nonce is the one the id_token must carry. Used once (deleted when the launch comes).
CREATE TABLE lti_logins (
  state_hash text PRIMARY KEY CHECK (length(state_hash) = 64),
  platform_id text NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  target_link_uri text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX lti_logins_expires_idx ON lti_logins (expires_at);

-- A platform's user (issuer and sub) as this server's account, and the LTI roles of its latest launch.
CREATE TABLE lti_learners (
  platform_id text NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  sub text NOT NULL CHECK (length(sub) BETWEEN 1 AND 255),
  user_id text NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  roles text[] NOT NULL DEFAULT '{}',
  instructor boolean NOT NULL DEFAULT false,
  last_launch_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (platform_id, sub)
);

-- The guest session a platform's user works in on a guest or scorm share (one per user and share).
CREATE TABLE lti_guests (
  platform_id text NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  sub text NOT NULL,
  share_id text NOT NULL REFERENCES shares (public_id) ON DELETE CASCADE,
  guest_session_id text NOT NULL REFERENCES guest_sessions (public_id) ON DELETE CASCADE,
  PRIMARY KEY (platform_id, sub, share_id)
);

-- A deep linking request under way (Deep Linking 2.0): the picker's form names it by an unguessable id
-- (stored as its sha256); used once, when the instructor's choice goes back to the platform.
CREATE TABLE lti_deep_links (
  id_hash text PRIMARY KEY CHECK (length(id_hash) = 64),
  platform_id text NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  deployment_id text NOT NULL,
  return_url text NOT NULL,
  data text,
  accept_multiple boolean NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Where a learner's progress on a share goes as a score (AGS 2.0): the line item a launch carried,
-- and the outbox of that score. The learner's latest progress (root_progress) is copied here when it
-- changes; the score is due while the platform has not taken that version (progress_version), so
-- the latest wins and a change is sent once, by one server (claimed_until), retried with backoff.
CREATE TABLE lti_line_items (
  platform_id text NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  line_item_url text NOT NULL,
  sub text NOT NULL,
  share_id text NOT NULL REFERENCES shares (public_id) ON DELETE CASCADE,
  root_id text NOT NULL,
  -- As root_progress.learner_key: 'user:' || user id, or 'guest:' || guest session id.
  learner_key text NOT NULL,
  progress double precision NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
  progress_at timestamptz NOT NULL DEFAULT now(),
  -- Counts the changes of progress; the score is due while the platform has not taken this one.
  progress_version bigint NOT NULL DEFAULT 1,
  sent_version bigint NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  -- The platform refused the score for good (a 4xx other than 401, 408 and 429): kept for an administrator.
  parked_reason text,
  PRIMARY KEY (platform_id, line_item_url, sub)
);
CREATE INDEX lti_line_items_learner_idx ON lti_line_items (share_id, learner_key, root_id);
