-- When a publication (or an import, or going back to a publication) last changed the answer key of a
-- question (src/model/answerKey.ts): a learner's answer given before then is reset (issue 24).
CREATE TABLE answer_key_changes (
  model_id text PRIMARY KEY,
  root_id text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX answer_key_changes_root_idx ON answer_key_changes (root_id);
