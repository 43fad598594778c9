-- The shares an LMS's instructor launched by a resource link (LTI 1.3 Core 5.3.5, the roles claim):
-- while the latest launch of that link by that user named an instructor role, the user's account may
-- read the share's results (docs/results.md). A later launch of the link as a learner removes the row.
CREATE TABLE lti_instructor_links (
  platform_id text NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  resource_link_id text NOT NULL CHECK (length(resource_link_id) BETWEEN 1 AND 255),
  share_id text NOT NULL REFERENCES shares (public_id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  last_launch_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (platform_id, resource_link_id, share_id, user_id)
);
CREATE INDEX lti_instructor_links_user_share_idx ON lti_instructor_links (user_id, share_id);
