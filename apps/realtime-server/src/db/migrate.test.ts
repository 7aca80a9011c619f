import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MIGRATIONS } from '../testing/storage';
import { type Database, openPglite } from './database';
import { migrate } from './migrate';
import { useFreshCluster } from '../testing/fresh-cluster';

// These tests run the migrations themselves.
useFreshCluster();

const folders = ALL_MIGRATIONS;

/** Every module's migration file, in the order they run (by name, across folders). */
const ALL_FILES = folders
  .flatMap((folder) => readdirSync(fileURLToPath(folder)).filter((name) => name.endsWith('.sql')))
  .sort();
/** The tables 001_initial.sql held, before each module had its own folder; every later migration kept its name. */
const IN_INITIAL = ['001_projects.sql', '003_devices.sql', '004_device_events.sql', '005_queued_requests.sql'];

describe('migrate', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite('memory://');
  });
  afterAll(async () => {
    await db.close();
  });

  it('runs twice without harm and seeds the demo project once', async () => {
    const first = await migrate(db, folders);
    const second = await migrate(db, folders);
    expect(first.slice(0, 10)).toEqual([
      '001_projects.sql',
      '002_demo_projects.sql',
      '003_devices.sql',
      '004_device_events.sql',
      '005_queued_requests.sql',
      '006_north_districts.sql',
      '007_users.sql',
      '008_device_credentials.sql',
      '009_request_detail.sql',
      '010_device_history.sql',
    ]);
    expect(first).toEqual(ALL_FILES);
    expect(second).toEqual([]);
    const projects = await db.query<{ id: string; name: string; parent_id: string | null }>(
      'SELECT id, name, parent_id FROM projects ORDER BY name',
    );
    expect(projects).toEqual([
      { id: DEMO_PROJECT_ID, name: 'Demo city', parent_id: null },
      { id: DEMO_NORTH_PROJECT_ID, name: 'North districts', parent_id: null },
      { id: DEMO_SUBPROJECT_ID, name: 'Old town', parent_id: DEMO_PROJECT_ID },
    ]);
  });

  it('recognises a database migrated before modules had their own migrations', async () => {
    const legacy = await openPglite('memory://');
    try {
      await migrate(legacy, folders);
      // What a database of the single-folder layout recorded: 001_initial.sql held every table
      // (the later migrations, written after the layout changed, are recorded by their own names).
      const recordedThen = ['001_initial.sql', ...ALL_FILES.filter((name) => !IN_INITIAL.includes(name))];
      await legacy.exec(
        `DELETE FROM schema_migrations; INSERT INTO schema_migrations (name) VALUES ${recordedThen.map((name) => `('${name}')`).join(', ')}`,
      );

      expect(await migrate(legacy, folders)).toEqual([]);
      const recorded = await legacy.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(recorded.map((row) => row.name)).toEqual(['001_initial.sql', ...ALL_FILES]);
    } finally {
      await legacy.close();
    }
  });
});
