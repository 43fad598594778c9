-- A userdata event's id is its idempotency key per learner and share (issue 14), not across the
-- installation: an id another learner already used no longer swallows this learner's event.
ALTER TABLE userdata_events
  ADD COLUMN learner_key text GENERATED ALWAYS AS (COALESCE('user:' || user_id, 'guest:' || guest_session_id)) STORED;
ALTER TABLE userdata_events DROP CONSTRAINT userdata_events_pkey;
ALTER TABLE userdata_events ADD CONSTRAINT userdata_events_pkey PRIMARY KEY (share_id, learner_key, id);
