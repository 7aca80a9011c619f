-- The demo project and its subproject (ids fixed in @farola/protocol, so the simulator can target them).
INSERT INTO projects (id, name, parent_id) VALUES ('00000000-0000-4000-8000-000000000001', 'Demo city', NULL)
  ON CONFLICT (id) DO NOTHING;
INSERT INTO projects (id, name, parent_id)
  VALUES ('00000000-0000-4000-8000-000000000002', 'Old town', '00000000-0000-4000-8000-000000000001')
  ON CONFLICT (id) DO NOTHING;
