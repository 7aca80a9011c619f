-- A second top-level demo project, so that a member of the first cannot see its devices
-- (id fixed in @farola/protocol as DEMO_NORTH_PROJECT_ID; the simulator places two districts in it).
INSERT INTO projects (id, name, parent_id) VALUES ('00000000-0000-4000-8000-000000000003', 'North districts', NULL)
  ON CONFLICT DO NOTHING;
