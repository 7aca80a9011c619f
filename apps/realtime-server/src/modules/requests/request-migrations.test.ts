import { readFile } from 'node:fs/promises';
import { DEMO_PROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { openTestStorage, type TestStorage } from '../../testing/storage';

describe('the requests migrations', () => {
  let db: Database;
  let repositories: TestStorage['repositories'];
  beforeAll(async () => {
    ({ db, repositories } = await openTestStorage());
  });
  afterAll(async () => {
    await db.close();
  });

  it("give the GPS readings stored before with the device's NOT_FOUND the code and message 'No GPS signal'", async () => {
    const device = await repositories.devices.register(
      'MIGRATE-GPS-1',
      { deviceType: 'light-point-controller', vendor: 'orion' },
      DEMO_PROJECT_ID,
      { connected: true, ts: new Date().toISOString() },
    );
    const stored = (command: string) =>
      db.query<{ id: string }>(
        `INSERT INTO queued_requests (device_id, project_id, command, status, error_code, error_message, wait_until)
         VALUES ($1, $2, $3, 'ERROR', 'DEVICE_ERROR_NOT_FOUND', 'resource not found on the device', now())
         RETURNING id`,
        [device.id, DEMO_PROJECT_ID, command],
      );
    const [reading] = await stored('readLocation');
    const [check] = await stored('dimmingCheck');
    await db.exec(await readFile(new URL('./migrations/022_request_no_gps_signal.sql', import.meta.url), 'utf8'));
    expect((await repositories.requests.get(reading!.id, [DEMO_PROJECT_ID]))?.error).toEqual({
      code: 'NO_GPS_SIGNAL',
      message: 'No GPS signal',
    });
    expect((await repositories.requests.get(check!.id, [DEMO_PROJECT_ID]))?.error).toEqual({
      code: 'DEVICE_ERROR_NOT_FOUND',
      message: 'resource not found on the device',
    });
  });
});
