-- Who may open a private share, and what a learner likes (spec sections 3 and 6: roles of accounts, user
-- and role permissions on a material or collection, invitations, favourite materials). SQL that
-- PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

-- The roles an account holds (`npm run users -- roles EMAIL …`): lower-case names a role permission names.
ALTER TABLE users ADD COLUMN roles text[] NOT NULL DEFAULT '{}';

-- A permission on a root (a material or a collection): a user permission names an email (the account
-- with that email holds it, whether it exists yet or not) and grants its abilities only once its
-- invitation is accepted; a role permission grants them to every account holding the role. `source`
-- says where it came from: the root's file (`import`: a re-import replaces these) or the invite call
-- (`invite`: kept across imports). A root without any permission is open to every account.
CREATE TABLE permissions (
  id text PRIMARY KEY CHECK (length(id) >= 22),
  root_id text NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  email text CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 320),
  role text CHECK (role ~ '^[a-z][a-z0-9_-]{0,39}$'),
  abilities text[] NOT NULL CHECK (cardinality(abilities) >= 1),
  invite_accepted boolean NOT NULL DEFAULT false,
  source text NOT NULL CHECK (source IN ('import', 'invite')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT permissions_holder CHECK ((email IS NULL) <> (role IS NULL)),
  CONSTRAINT permissions_role_accepted CHECK (role IS NULL OR invite_accepted)
);
CREATE UNIQUE INDEX permissions_email_idx ON permissions (root_id, email) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX permissions_role_idx ON permissions (root_id, role) WHERE role IS NOT NULL;
CREATE INDEX permissions_by_email_idx ON permissions (email) WHERE email IS NOT NULL;

-- The materials an account likes (spec section 3: a material's like state is whether its id is among
-- the user's favoriteMaterialIds).
CREATE TABLE favorite_materials (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  material_id text NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, material_id)
);
