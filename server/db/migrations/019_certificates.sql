-- Verifiable certificates (docs/certificates.md): the installation's signing keys, and one row per
-- credential issued to a learner (a user or a guest session) for a certificate element of a share.

-- The keys credentials are signed with. The newest signs; older ones still verify what they signed.
CREATE TABLE certificate_keys (
  kid text PRIMARY KEY CHECK (length(kid) >= 22),
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- What was certified, as signed: the code is the verification code (Crockford base32, its last
-- character a check character); the row stays when the learner, share or material goes, so a
-- certificate once issued still verifies (or says revoked).
CREATE TABLE issued_certificates (
  code text PRIMARY KEY CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{12}$'),
  share_id text NOT NULL,
  certificate_id text NOT NULL,
  user_id text,
  guest_session_id text,
  learner_key text GENERATED ALWAYS AS (COALESCE('user:' || user_id, 'guest:' || guest_session_id)) STORED,
  learner_name text NOT NULL,
  material_title text NOT NULL,
  certificate_title text NOT NULL,
  validity text NOT NULL,
  issued_on text NOT NULL,
  issuer_name text NOT NULL,
  issuer_url text NOT NULL,
  kid text NOT NULL REFERENCES certificate_keys (kid),
  jws text NOT NULL,
  -- Its entry in the revocation status list (Bitstring Status List v1.0): drawn at random, one list of 131,072.
  status_index integer NOT NULL UNIQUE CHECK (status_index BETWEEN 0 AND 131071),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IS NULL OR length(revoked_reason) BETWEEN 1 AND 500),
  CONSTRAINT issued_certificates_one_learner CHECK ((user_id IS NULL) <> (guest_session_id IS NULL)),
  CONSTRAINT issued_certificates_revocation CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL)),
  UNIQUE (share_id, certificate_id, learner_key)
);
CREATE INDEX issued_certificates_created_idx ON issued_certificates (created_at DESC);
