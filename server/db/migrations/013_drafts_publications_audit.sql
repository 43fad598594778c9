-- Authoring through the API (issue 24, spec section 7): drafts, publications and the audit log. SQL that
-- PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

-- An author's draft of a root (a material), in the shape of `models`. Learners never read it: `models`
-- holds what they see, which only a publication (or an import) changes. A root has draft rows from the
-- first change through the API until its next publication or import; without them its draft is what is
-- published. A deleted model keeps its row and place (`deleted_at`): it and its subtree are gone from the
-- draft until restored.
CREATE TABLE draft_models (
  id text PRIMARY KEY,
  root_id text NOT NULL,
  parent_id text,
  parent_field text,
  position integer NOT NULL DEFAULT 0 CHECK (position >= 0),
  model_name text NOT NULL,
  public_id text,
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT draft_models_parent_shape CHECK ((parent_id IS NULL) = (parent_field IS NULL)),
  CONSTRAINT draft_models_root_shape CHECK ((parent_id IS NULL) = (root_id = id))
);
CREATE INDEX draft_models_root_idx ON draft_models (root_id);

-- A publication: a frozen snapshot of a root as its shares showed it from `created_at` on (the
-- material as `GET /api/material` answers it). `seq` orders a root's publications (newer / older).
CREATE TABLE publications (
  id text PRIMARY KEY CHECK (length(id) >= 22),
  seq bigserial NOT NULL UNIQUE,
  root_id text NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  model_name text NOT NULL CHECK (model_name IN ('Material', 'Collection')),
  message text NOT NULL DEFAULT '' CHECK (length(message) <= 2000),
  author text NOT NULL,
  snapshot jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX publications_root_idx ON publications (root_id, seq);

-- Which publication a root's shares show now.
CREATE TABLE current_publications (
  root_id text PRIMARY KEY REFERENCES models (id) ON DELETE CASCADE,
  publication_id text NOT NULL REFERENCES publications (id)
);

-- Every change authors (and imports) made: who, when, what, the values before and after. Kept; read by
-- administrators (`GET /api/admin/audit`, `npm run audit`).
CREATE TABLE audit_log (
  seq bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL,
  root_id text,
  model_name text,
  model_id text,
  old_values jsonb,
  new_values jsonb
);
CREATE INDEX audit_log_root_idx ON audit_log (root_id, seq);
