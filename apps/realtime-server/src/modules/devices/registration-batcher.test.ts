import { DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID, type DeviceRegistration } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { DeviceRepository, RegistrationWrite } from './device.repository';
import { openTestStorage } from '../../testing/storage';
import { RegistrationBatcher } from './registration-batcher';

const registration: DeviceRegistration = { deviceType: 'light-point-controller', vendor: 'orion' };

describe('RegistrationBatcher', () => {
  let db: Database;
  let devices: DeviceRepository;
  beforeAll(async () => {
    ({
      db,
      repositories: { devices },
    } = await openTestStorage());
  });
  afterAll(async () => {
    await db.close();
  });

  it('stores a fleet announcing itself at once in a few statements, each device in its project', async () => {
    const statements: number[] = [];
    const counting = {
      registerMany: (writes: readonly RegistrationWrite[], fallback: string) => {
        statements.push(writes.length);
        return devices.registerMany(writes, fallback);
      },
    };
    const registrar = new RegistrationBatcher(counting, { maxBatch: 100, fallbackProjectId: DEMO_PROJECT_ID });
    const ts = new Date().toISOString();
    const hints = [DEMO_SUBPROJECT_ID, undefined, '5f2b2f0e-6c1a-4d7a-9d55-000000000000'];
    const registered = await Promise.all(
      Array.from({ length: 250 }, (_, i) =>
        registrar.register(`RGR-${i}`, { ...registration, name: `Lamp ${i}` }, hints[i % 3], {
          connected: i % 2 === 0,
          ts,
        }),
      ),
    );
    expect(statements).toEqual([100, 100, 50]);
    expect(registered.map((device) => device.serialNumber)).toEqual(registered.map((_, i) => `RGR-${i}`));
    expect(registered.map((device) => device.projectId).slice(0, 3)).toEqual([
      DEMO_SUBPROJECT_ID,
      DEMO_PROJECT_ID,
      DEMO_PROJECT_ID,
    ]);
    const stored = await db.query<{ name: string; connected: boolean; project_id: string }>(
      `SELECT name, connected, project_id FROM devices WHERE serial_number = 'RGR-3'`,
    );
    expect(stored).toEqual([{ name: 'Lamp 3', connected: false, project_id: DEMO_SUBPROJECT_ID }]);
  });

  it('answers a serial announced twice, or already stored, with the one stored device', async () => {
    const registrar = new RegistrationBatcher(devices);
    const ts = new Date().toISOString();
    const existing = await registrar.register('RGR-TWICE', registration, undefined, { connected: true, ts });
    const [again, duplicate] = await Promise.all([
      registrar.register('RGR-TWICE', { ...registration, vendor: 'vega' }, undefined, { connected: false, ts }),
      registrar.register('RGR-TWICE', registration, DEMO_SUBPROJECT_ID, { connected: false, ts }),
    ]);
    expect(again).toEqual(existing);
    expect(duplicate).toEqual(existing);
    expect(existing.vendor).toBe('orion');
  });

  it('fails the registrations of a statement the database refused, and carries on with the next', async () => {
    let refuse = true;
    const registrar = new RegistrationBatcher({
      registerMany: (writes, fallback) =>
        refuse ? Promise.reject(new Error('connection refused')) : devices.registerMany(writes, fallback),
    });
    const ts = new Date().toISOString();
    await expect(registrar.register('RGR-REFUSED', registration, undefined, { connected: true, ts })).rejects.toThrow(
      'connection refused',
    );
    refuse = false;
    await expect(
      registrar.register('RGR-REFUSED', registration, undefined, { connected: true, ts }),
    ).resolves.toMatchObject({ serialNumber: 'RGR-REFUSED', projectId: DEMO_PROJECT_ID });
  });
});
