-- Annotations and their comments (issue 12): a learner's marked passage of a text element with a note,
-- and comments on it. Written by learners through model/create, model/update and model/delete, read
-- through the annotations call. SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.
--
-- The owner is a logged-in user (private shares) or a guest session (guest and scorm shares), exactly one.
-- Notes and comments are stored twice: the normalised rich-text document (jsonb) and the html the server
-- made of it (server-made, never taken from a request). `reference` (the element) has no foreign key:
-- a re-import may remove an element, and its annotations stay (as userdata events do).
CREATE TABLE annotations (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 80),
  share_id text NOT NULL REFERENCES shares (public_id) ON DELETE CASCADE,
  material_id text NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  guest_session_id text REFERENCES guest_sessions (public_id) ON DELETE CASCADE,
  reference text NOT NULL,
  path text NOT NULL DEFAULT '',
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 5000),
  range_from integer NOT NULL CHECK (range_from >= 0),
  range_to integer NOT NULL,
  note jsonb NOT NULL,
  note_html text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Order of creation (created_at ties within a transaction and across clocks).
  seq bigserial NOT NULL,
  CONSTRAINT annotations_range CHECK (range_to > range_from),
  CONSTRAINT annotations_one_owner CHECK ((user_id IS NULL) <> (guest_session_id IS NULL))
);
-- The annotations call lists one material of one share, in order of creation.
CREATE INDEX annotations_share_material_idx ON annotations (share_id, material_id, seq);
CREATE INDEX annotations_user_idx ON annotations (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX annotations_guest_idx ON annotations (guest_session_id) WHERE guest_session_id IS NOT NULL;
CREATE INDEX annotations_material_idx ON annotations (material_id);

CREATE TABLE comments (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 80),
  annotation_id text NOT NULL REFERENCES annotations (id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  guest_session_id text REFERENCES guest_sessions (public_id) ON DELETE CASCADE,
  content jsonb NOT NULL,
  content_html text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  seq bigserial NOT NULL,
  CONSTRAINT comments_one_owner CHECK ((user_id IS NULL) <> (guest_session_id IS NULL))
);
CREATE INDEX comments_annotation_idx ON comments (annotation_id, seq);
CREATE INDEX comments_user_idx ON comments (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX comments_guest_idx ON comments (guest_session_id) WHERE guest_session_id IS NOT NULL;
