-- Control programs and calendars (spec §2 Scheduling, §3), each in one project. The rules that
-- matter to other processes are constraints, not checks in one process's memory: names unique per
-- project whatever their case, one default calendar per project, a calendar naming only programs of
-- its own project, and a program named by a calendar impossible to delete (the foreign keys).
CREATE TABLE control_programs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id),
  name text NOT NULL,
  intervals jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (id, project_id)
);
CREATE UNIQUE INDEX control_programs_name ON control_programs (project_id, lower(name));

CREATE TABLE calendars (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id),
  name text NOT NULL,
  astronomical boolean NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  default_program_id uuid,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (id, project_id),
  CONSTRAINT calendars_default_program FOREIGN KEY (default_program_id, project_id)
    REFERENCES control_programs (id, project_id)
);
CREATE UNIQUE INDEX calendars_name ON calendars (project_id, lower(name));
CREATE UNIQUE INDEX calendars_one_default ON calendars (project_id) WHERE is_default;
CREATE INDEX calendars_default_program_idx ON calendars (default_program_id) WHERE default_program_id IS NOT NULL;

-- A calendar's rules in order (the first is position 0); `rule` is the rule as the API gives it.
CREATE TABLE calendar_rules (
  calendar_id uuid NOT NULL,
  project_id uuid NOT NULL,
  position integer NOT NULL CHECK (position >= 0),
  program_id uuid NOT NULL,
  rule jsonb NOT NULL,
  PRIMARY KEY (calendar_id, position),
  FOREIGN KEY (calendar_id, project_id) REFERENCES calendars (id, project_id) ON DELETE CASCADE,
  CONSTRAINT calendar_rules_program FOREIGN KEY (program_id, project_id) REFERENCES control_programs (id, project_id)
);
CREATE INDEX calendar_rules_program_idx ON calendar_rules (program_id);
