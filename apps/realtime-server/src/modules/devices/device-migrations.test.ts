import { DEMO_PROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../db/database';
import { migrate } from '../../db/migrate';
import { migrationsUpTo } from '../../testing/storage';
import { useFreshCluster } from '../../testing/fresh-cluster';

// These tests run the migrations themselves.
useFreshCluster();

describe('the migrations of device names and installation dates', () => {
  let db: Database;
  const migrations = migrationsUpTo('020_device_names_unique.sql');
  const insert = (serial: string, name: string, deviceType: string, status: string, createdAt: string) =>
    db.query(
      `INSERT INTO devices (serial_number, device_type, vendor, project_id, status, name, created_at)
       VALUES ($1, $2, 'orion', $3, $4, $5, $6)`,
      [serial, deviceType, DEMO_PROJECT_ID, status, name, createdAt],
    );
  const names = async () =>
    (
      await db.query<{ serial_number: string; name: string }>(
        'SELECT serial_number, name FROM devices ORDER BY serial_number',
      )
    ).map((row) => [row.serial_number, row.name]);

  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db, migrations.folders);
    // Devices stored before names were unique: three light points of one name (in two cases), a
    // cabinet of the same name (another kind), and devices that went into operation undated.
    await insert('LP-1', 'Audit lamp', 'light-point-controller', 'ready', '2026-01-01T10:00:00Z');
    await insert('LP-2', 'audit LAMP', 'light-point-controller', 'provisioned', '2026-01-02T10:00:00Z');
    await insert('LP-3', 'Audit lamp', 'light-point-controller', 'maintenance', '2026-01-03T10:00:00Z');
    await insert('CC-1', 'Audit lamp', 'cabinet-controller', 'revision', '2026-01-04T10:00:00Z');
    // Installed through the install command before dates were days: the moment it ended.
    await insert('LP-5', 'Installed lamp', 'light-point-controller', 'ready', '2026-01-05T10:00:00Z');
    await db.query(`UPDATE devices SET installation_date = '2026-02-10T15:30:00Z' WHERE serial_number = 'LP-5'`);
    migrations.all();
    await migrate(db, migrations.folders);
  });
  afterAll(async () => {
    await db?.close();
    migrations.remove();
  });

  it('keeps the oldest name and gives the others their serial number, recording the name each had', async () => {
    expect(await names()).toEqual([
      ['CC-1', 'Audit lamp'],
      ['LP-1', 'Audit lamp'],
      ['LP-2', 'audit LAMP (LP-2)'],
      ['LP-3', 'Audit lamp (LP-3)'],
      ['LP-5', 'Installed lamp'],
    ]);
    const edits = await db.query<{ serial_number: string; changes: unknown; edited_by: string }>(
      `SELECT d.serial_number, e.changes, e.edited_by FROM device_edits e JOIN devices d ON d.id = e.device_id
       ORDER BY d.serial_number`,
    );
    expect(edits).toEqual([
      {
        serial_number: 'LP-2',
        changes: { name: 'audit LAMP (LP-2)', previousName: 'audit LAMP' },
        edited_by: 'migration',
      },
      {
        serial_number: 'LP-3',
        changes: { name: 'Audit lamp (LP-3)', previousName: 'Audit lamp' },
        edited_by: 'migration',
      },
    ]);
  });

  it('makes the database refuse a name of the same kind in another case from now on', async () => {
    await expect(
      insert('LP-4', 'AUDIT LAMP', 'light-point-controller', 'provisioned', '2026-01-05T10:00:00Z'),
    ).rejects.toThrow(/devices_name_per_type/);
  });

  it('dates the devices that went into operation undated by the day they were provisioned; every date is a day', async () => {
    const rows = await db.query<{ serial_number: string; installation_date: Date | null }>(
      'SELECT serial_number, installation_date FROM devices ORDER BY serial_number',
    );
    expect(rows.map((row) => [row.serial_number, row.installation_date?.toISOString() ?? null])).toEqual([
      ['CC-1', '2026-01-04T00:00:00.000Z'],
      ['LP-1', '2026-01-01T00:00:00.000Z'],
      ['LP-2', null],
      ['LP-3', '2026-01-03T00:00:00.000Z'],
      ['LP-5', '2026-02-10T00:00:00.000Z'],
    ]);
  });
});
