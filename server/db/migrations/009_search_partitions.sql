-- Full-text search (issue 11, part 4): the entries in 8 partitions by a hash of their id.
-- A GIN index answers a word with a bitmap of all its entries before the first is read: at 1M
-- entries, a word in 5 % of them (50,000 places) cost 25–35 ms although page one needs only the
-- first 2,001 hits (server/store/search.ts). With the index in 8 parts, read one after the other,
-- the scan of the hits stops after the parts that held enough of them: such a word's bitmap is
-- built for one part of 140,000 entries. A rare word costs 8 small index probes instead of one;
-- with 16 parts, planning the search took 11–15 ms. The partitions are by id, so a read by id (a
-- hit's row) goes to one part; a read by material and `ord` merges the parts' index scans.
-- Same SQL on PostgreSQL 15 and PGlite.
ALTER TABLE search_entries RENAME TO search_entries_unpartitioned;

CREATE TABLE search_entries (
  id text NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  material_id text NOT NULL REFERENCES search_materials (material_id) ON DELETE CASCADE,
  ord integer NOT NULL CHECK (ord >= 0),
  model_name text NOT NULL,
  anchor_id text NOT NULL,
  barrier_id text,
  ancestors jsonb NOT NULL DEFAULT '[]'::jsonb,
  plain_text text NOT NULL,
  config text NOT NULL CHECK (config IN ('german', 'english', 'simple')),
  tsv tsvector NOT NULL
) PARTITION BY HASH (id);
CREATE TABLE search_entries_00 PARTITION OF search_entries FOR VALUES WITH (MODULUS 8, REMAINDER 0);
CREATE TABLE search_entries_01 PARTITION OF search_entries FOR VALUES WITH (MODULUS 8, REMAINDER 1);
CREATE TABLE search_entries_02 PARTITION OF search_entries FOR VALUES WITH (MODULUS 8, REMAINDER 2);
CREATE TABLE search_entries_03 PARTITION OF search_entries FOR VALUES WITH (MODULUS 8, REMAINDER 3);
CREATE TABLE search_entries_04 PARTITION OF search_entries FOR VALUES WITH (MODULUS 8, REMAINDER 4);
CREATE TABLE search_entries_05 PARTITION OF search_entries FOR VALUES WITH (MODULUS 8, REMAINDER 5);
CREATE TABLE search_entries_06 PARTITION OF search_entries FOR VALUES WITH (MODULUS 8, REMAINDER 6);
CREATE TABLE search_entries_07 PARTITION OF search_entries FOR VALUES WITH (MODULUS 8, REMAINDER 7);

INSERT INTO search_entries (id, material_id, ord, model_name, anchor_id, barrier_id, ancestors, plain_text, config, tsv)
  SELECT id, material_id, ord, model_name, anchor_id, barrier_id, ancestors, plain_text, config, tsv FROM search_entries_unpartitioned;
DROP TABLE search_entries_unpartitioned;

ALTER TABLE search_entries ADD PRIMARY KEY (id);
CREATE INDEX search_entries_material_idx ON search_entries (material_id, ord);
CREATE INDEX search_entries_german_tsv_idx ON search_entries USING gin (tsv) WITH (fastupdate = off) WHERE config = 'german';
CREATE INDEX search_entries_english_tsv_idx ON search_entries USING gin (tsv) WITH (fastupdate = off) WHERE config = 'english';
CREATE INDEX search_entries_simple_tsv_idx ON search_entries USING gin (tsv) WITH (fastupdate = off) WHERE config = 'simple';
