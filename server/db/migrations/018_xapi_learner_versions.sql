-- One row per learner on a share whose changes led to learning records (server/xapi/learners.ts):
-- the recorder bumps it in the transaction that stores the learner's changes, so a second request
-- of the learner waits for the first, and tells from the version whether the state it read is the
-- one the first committed.
CREATE TABLE xapi_learner_versions (
  share_id text NOT NULL,
  learner_key text NOT NULL,
  version bigint NOT NULL DEFAULT 1,
  PRIMARY KEY (share_id, learner_key)
);
