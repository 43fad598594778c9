-- Content models, shares, collections, settings and meta.
-- SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

-- One row per model. A root (Material, Collection) has root_id = id and no parent; an element
-- sits in the array field parent_field of its parent at index position. Fields that are not
-- child arrays stay in `fields` as the author wrote them.
CREATE TABLE models (
  id text PRIMARY KEY,
  root_id text NOT NULL,
  parent_id text REFERENCES models (id) ON DELETE CASCADE,
  parent_field text,
  position integer NOT NULL DEFAULT 0,
  model_name text NOT NULL,
  public_id text,
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT models_parent_shape CHECK ((parent_id IS NULL) = (parent_field IS NULL)),
  CONSTRAINT models_root_shape CHECK ((parent_id IS NULL) = (root_id = id)),
  CONSTRAINT models_position CHECK (position >= 0)
);
CREATE INDEX models_root_idx ON models (root_id);
CREATE INDEX models_parent_idx ON models (parent_id, parent_field, position);
CREATE INDEX models_public_id_idx ON models (public_id) WHERE public_id IS NOT NULL;
CREATE INDEX models_model_name_idx ON models (model_name);

-- A public link to a material or a collection.
CREATE TABLE shares (
  public_id text PRIMARY KEY CHECK (length(public_id) >= 22),
  root_model_name text NOT NULL CHECK (root_model_name IN ('Material', 'Collection')),
  root_id text NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('public', 'private', 'guest', 'scorm', 'preview')),
  private boolean NOT NULL DEFAULT false,
  save_guest_sessions boolean NOT NULL DEFAULT false,
  scorm boolean NOT NULL DEFAULT false,
  preview boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shares_root_idx ON shares (root_id, kind);

-- The materials of a collection in their order; item ids come from the collection file.
CREATE TABLE collection_items (
  id text PRIMARY KEY,
  collection_id text NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  material_id text NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collection_items_collection_idx ON collection_items (collection_id, position);
CREATE INDEX collection_items_material_idx ON collection_items (material_id);

-- Installation-wide settings: one row.
CREATE TABLE settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Small facts about this installation (demo_loaded, …).
CREATE TABLE meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
