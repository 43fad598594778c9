-- Full-text search (issue 11): one row per searchable element of a material and one for the
-- material's own title, kept by the import (server/store/searchIndex.ts). SQL that PostgreSQL 15
-- and PGlite (PostgreSQL 18) both accept; both ship the german and english text-search configurations.

-- One row per indexed material: the text-search configuration of its language, the key its title
-- sorts by, and the version of the indexing rules it was indexed with. A stored material without a
-- row here, or with an older version, is (re)indexed when the server starts.
CREATE TABLE search_materials (
  material_id text PRIMARY KEY REFERENCES models (id) ON DELETE CASCADE,
  config text NOT NULL CHECK (config IN ('german', 'english', 'simple')),
  sort_title text NOT NULL,
  index_version text NOT NULL,
  indexed_at timestamptz NOT NULL DEFAULT now()
);

-- A searchable element (or the material itself). `ord` is its place in reading order within the
-- material; `anchor_id` the element the viewer scrolls to (the outermost foldable, gallery, hotspot
-- or path around it on its page, else itself); `barrier_id` the barrier that hides it until the
-- learner passes it (null: not behind one); `ancestors` the material and chapters above it
-- ([{title, publicId, modelName}], outermost first). `plain_text` is what the snippet is cut from;
-- `tsv` weighs titles and headings (A) above captions and descriptions (C) and body text (D).
CREATE TABLE search_entries (
  id text PRIMARY KEY REFERENCES models (id) ON DELETE CASCADE,
  material_id text NOT NULL REFERENCES search_materials (material_id) ON DELETE CASCADE,
  ord integer NOT NULL CHECK (ord >= 0),
  model_name text NOT NULL,
  anchor_id text NOT NULL,
  barrier_id text,
  ancestors jsonb NOT NULL DEFAULT '[]'::jsonb,
  plain_text text NOT NULL,
  config text NOT NULL CHECK (config IN ('german', 'english', 'simple')),
  tsv tsvector NOT NULL
);
CREATE INDEX search_entries_tsv_idx ON search_entries USING gin (tsv);
CREATE INDEX search_entries_material_idx ON search_entries (material_id, ord);
