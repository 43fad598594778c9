-- Feature flags an administrator sets for the whole installation (spec sections 6 and 7, features/clear):
-- the environment gives each flag's default (FULLTEXT_SEARCH=1 …), a row here overrides it on every
-- server. Set by `npm run features` or the admin routes; each server caches the flags until they are
-- cleared (server/store/featureFlagCache.ts). SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.
CREATE TABLE feature_flags (
  name text PRIMARY KEY CHECK (name ~ '^[A-Z][A-Z0-9_]{0,63}$'),
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
