import { DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './database';
import { migrate } from './migrate';

describe('migrate', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite('memory://');
  });
  afterAll(async () => {
    await db.close();
  });

  it('runs twice without harm and seeds the demo project once', async () => {
    const first = await migrate(db);
    const second = await migrate(db);
    expect(first.length).toBeGreaterThan(0);
    expect(second).toEqual([]);
    const projects = await db.query<{ id: string; name: string; parent_id: string | null }>(
      'SELECT id, name, parent_id FROM projects ORDER BY name',
    );
    expect(projects).toEqual([
      { id: DEMO_PROJECT_ID, name: 'Demo city', parent_id: null },
      { id: DEMO_SUBPROJECT_ID, name: 'Old town', parent_id: DEMO_PROJECT_ID },
    ]);
  });
});
