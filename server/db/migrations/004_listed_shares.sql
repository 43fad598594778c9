-- Shares an installation lists on its landing page (`GET /`): only those marked so by whoever imports,
-- and only shares anyone with the link may open anyway (public, guest). Every other share stays
-- reachable by its unguessable link alone (issue 14).
ALTER TABLE shares ADD COLUMN listed boolean NOT NULL DEFAULT false;
ALTER TABLE shares ADD CONSTRAINT shares_listed_kind CHECK (NOT listed OR kind IN ('public', 'guest'));
CREATE INDEX shares_listed_idx ON shares (created_at) WHERE listed;
