-- Idempotent creates of annotations and comments: the request key the viewer makes per new annotation
-- draft and per new comment (src/model/requestKey.ts), sent with every model/create of that draft. A
-- create that repeats a key its owner used before answers the row the first one made, and writes
-- nothing (server/store/annotationCreates.ts: INSERT … ON CONFLICT DO NOTHING on these indexes).
-- SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.
--
-- Null for rows created without a key (before this migration, or by a client that sends none). Unique
-- per owner and key: the same key from another owner (user or guest session) is an unrelated create.
ALTER TABLE annotations ADD COLUMN request_key text CHECK (request_key ~ '^[A-Za-z0-9_-]{22}$');
ALTER TABLE comments ADD COLUMN request_key text CHECK (request_key ~ '^[A-Za-z0-9_-]{22}$');

CREATE UNIQUE INDEX annotations_user_request_key_idx ON annotations (user_id, request_key) WHERE request_key IS NOT NULL;
CREATE UNIQUE INDEX annotations_guest_request_key_idx ON annotations (guest_session_id, request_key) WHERE request_key IS NOT NULL;
CREATE UNIQUE INDEX comments_user_request_key_idx ON comments (user_id, request_key) WHERE request_key IS NOT NULL;
CREATE UNIQUE INDEX comments_guest_request_key_idx ON comments (guest_session_id, request_key) WHERE request_key IS NOT NULL;
