CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  parent_id uuid REFERENCES projects (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  client_info text,
  logo_url text,
  support_email text
);
-- NULLS NOT DISTINCT is PostgreSQL 15+: two top-level projects may not share a name either.
CREATE UNIQUE INDEX projects_name_per_parent ON projects (parent_id, name) NULLS NOT DISTINCT;

CREATE TABLE project_members (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'user')),
  PRIMARY KEY (project_id, user_id)
);
CREATE INDEX project_members_user ON project_members (user_id);
