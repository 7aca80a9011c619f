-- Groups (spec §2 Groups, §3 Group): devices of one project that run one calendar, or one control
-- program every day, or their project's default calendar when they name neither; an operate mode the
-- group manages for its light points, or none. Each project has one default group, made when first
-- needed: a device is in it unless a row of group_members puts it in another, so every new device
-- joins it without a write. Deleting a calendar or program a group runs, or a group with members, is
-- refused by the foreign keys (spec §8).
CREATE TABLE device_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id),
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  calendar_id uuid,
  program_id uuid,
  operate_mode text CHECK (operate_mode IN ('005', '006', '009', '010', '013', '014')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (id, project_id),
  CHECK (calendar_id IS NULL OR program_id IS NULL),
  CONSTRAINT device_groups_calendar FOREIGN KEY (calendar_id, project_id) REFERENCES calendars (id, project_id),
  CONSTRAINT device_groups_program FOREIGN KEY (program_id, project_id) REFERENCES control_programs (id, project_id)
);
-- The default group's name is the console's to translate; only other groups' names must be unique.
CREATE UNIQUE INDEX device_groups_name ON device_groups (project_id, lower(name)) WHERE NOT is_default;
CREATE UNIQUE INDEX device_groups_one_default ON device_groups (project_id) WHERE is_default;
CREATE INDEX device_groups_calendar_idx ON device_groups (calendar_id) WHERE calendar_id IS NOT NULL;
CREATE INDEX device_groups_program_idx ON device_groups (program_id) WHERE program_id IS NOT NULL;

-- A device in a group other than its project's default. project_id is the device's project when it
-- joined: a device that moves to another project leaves the row behind until the move's event removes
-- it, and a row of another project than the device's is not read as membership meanwhile.
CREATE TABLE group_members (
  device_id uuid PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  group_id uuid NOT NULL,
  project_id uuid NOT NULL,
  CONSTRAINT group_members_group FOREIGN KEY (group_id, project_id) REFERENCES device_groups (id, project_id)
);
CREATE INDEX group_members_group_idx ON group_members (group_id);
