-- Full-text search (issue 11, part 4): one GIN index per text-search configuration instead of one
-- over all entries. An entry matches the query parsed with its own configuration
-- (`config = 'german' AND tsv @@ to_tsquery('german', …)`, server/store/search.ts); with the
-- configuration in the index's predicate, a bitmap scan answers that condition from the index
-- alone and never reads the `config` column of the rows it counts (a third of the cost of counting
-- the hits of a common word). Same SQL on PostgreSQL 15 and PGlite.
CREATE INDEX search_entries_german_tsv_idx ON search_entries USING gin (tsv) WHERE config = 'german';
CREATE INDEX search_entries_english_tsv_idx ON search_entries USING gin (tsv) WHERE config = 'english';
CREATE INDEX search_entries_simple_tsv_idx ON search_entries USING gin (tsv) WHERE config = 'simple';
DROP INDEX search_entries_tsv_idx;
