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

  const provision = (serials: string[], projectId = DEMO_PROJECT_ID) =>
    devices.provisionMany(
      serials.map((serialNumber) => ({
        ...registration,
        serialNumber,
        projectId,
        name: serialNumber,
        gatewayId: null,
      })),
    );

  it('records a provisioned fleet announcing itself at once in a few statements, out of the inventory', async () => {
    const serials = Array.from({ length: 250 }, (_, i) => `RGR-${i}`);
    await provision(serials.slice(0, 200));
    await provision(serials.slice(200), DEMO_SUBPROJECT_ID);
    const statements: number[] = [];
    const counting = {
      activateMany: (writes: readonly RegistrationWrite[]) => {
        statements.push(writes.length);
        return devices.activateMany(writes);
      },
    };
    const registrar = new RegistrationBatcher(counting, { maxBatch: 100 });
    const registered = await Promise.all(
      serials.map((serial, i) => registrar.register(serial, { ...registration, firmwareVersion: `1.${i}` })),
    );
    expect(statements).toEqual([100, 100, 50]);
    expect(registered.map((device) => device?.serialNumber)).toEqual(serials);
    expect(registered.map((device) => device?.status)).toEqual(serials.map(() => 'ready'));
    expect(registered[249]?.projectId).toBe(DEMO_SUBPROJECT_ID);
    const stored = await db.query<{ firmware_version: string; status: string }>(
      `SELECT firmware_version, status FROM devices WHERE serial_number = 'RGR-3'`,
    );
    expect(stored).toEqual([{ firmware_version: '1.3', status: 'ready' }]);
  });

  it('creates nothing for a serial number nobody provisioned, or one provisioned as another family', async () => {
    await provision(['RGR-VEGA']);
    const registrar = new RegistrationBatcher(devices);
    const [unknown, otherFamily] = await Promise.all([
      registrar.register('RGR-NOBODY', registration),
      registrar.register('RGR-VEGA', { ...registration, vendor: 'vega' }),
    ]);
    expect(unknown).toBeNull();
    expect(otherFamily).toBeNull();
    expect(await db.query(`SELECT 1 FROM devices WHERE serial_number = 'RGR-NOBODY'`)).toEqual([]);
    expect(await db.query(`SELECT status FROM devices WHERE serial_number = 'RGR-VEGA'`)).toEqual([
      { status: 'provisioned' },
    ]);
  });

  it('answers a serial announced twice at once with the one stored device', async () => {
    await provision(['RGR-TWICE']);
    const registrar = new RegistrationBatcher(devices);
    const [first, second] = await Promise.all([
      registrar.register('RGR-TWICE', registration),
      registrar.register('RGR-TWICE', { ...registration, vendor: 'vega' }),
    ]);
    expect(first).not.toBeNull();
    expect(second).toEqual(first);
  });

  it('fails the registrations of a statement the database refused, and carries on with the next', async () => {
    await provision(['RGR-REFUSED']);
    let refuse = true;
    const registrar = new RegistrationBatcher({
      activateMany: (writes) =>
        refuse ? Promise.reject(new Error('connection refused')) : devices.activateMany(writes),
    });
    await expect(registrar.register('RGR-REFUSED', registration)).rejects.toThrow('connection refused');
    refuse = false;
    await expect(registrar.register('RGR-REFUSED', registration)).resolves.toMatchObject({
      serialNumber: 'RGR-REFUSED',
      projectId: DEMO_PROJECT_ID,
    });
  });
});
