-- The schedule each group was last applied with (POST /v1/groups/{id}/apply): the job that sent it and
-- the schedule it compiled to, so that the Groups list can say when what the group runs has changed
-- since (a calendar, a program or the group edited) and offer to apply it again. One row per group,
-- replaced by each apply; gone with the group.
CREATE TABLE group_applies (
  group_id uuid PRIMARY KEY REFERENCES device_groups (id) ON DELETE CASCADE,
  job_id uuid NOT NULL,
  schedule jsonb NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
