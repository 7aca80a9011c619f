import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID, MAX_PROVISION_BATCH, topics } from '@farola/protocol';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';
import { startTestRealm, type TestRealm } from '../../testing/test-realm';

const A = DEMO_PROJECT_ID;
const B = DEMO_NORTH_PROJECT_ID;

/** Who calls `POST /v1/devices/batch`: roles, and the projects granted before the tests. */
const PEOPLE = {
  admin: { id: 'batch-admin', roles: ['admin'], projects: [] },
  operator: { id: 'batch-operator', roles: ['manage-devices'], projects: [A] },
  viewer: { id: 'batch-viewer', roles: ['view-devices'], projects: [A, B] },
  noRole: { id: 'batch-norole', roles: [], projects: [A] },
  outsider: { id: 'batch-outsider', roles: ['manage-devices'], projects: [] },
} as const;
type Name = keyof typeof PEOPLE;

describe('provisioning many devices that connect on their own: POST /v1/devices/batch', () => {
  let h: Harness;
  let idp: TestRealm;
  const tokens = {} as Record<Name, string>;
  const post = (name: Name, path: string, body: unknown) =>
    h.api(path, { method: 'POST', headers: { authorization: `Bearer ${tokens[name]}` }, body: JSON.stringify(body) });
  const lightPoint = (serialNumber: string, projectId: string = A) => ({
    serialNumber,
    deviceType: 'light-point-controller',
    vendor: 'orion',
    projectId,
    name: `Lamp ${serialNumber}`,
  });

  beforeAll(async () => {
    idp = await startTestRealm();
    h = await startHarness(idp.env);
    for (const [name, person] of Object.entries(PEOPLE))
      tokens[name as Name] = await idp.sign(person.id, [...person.roles]);
    for (const name of Object.keys(PEOPLE) as Name[]) {
      expect((await h.api('/v1/me', { headers: { authorization: `Bearer ${tokens[name]}` } })).status).toBe(200);
    }
    for (const person of Object.values(PEOPLE)) {
      for (const projectId of person.projects) {
        const granted = await post('admin', `/v1/users/${person.id}/permissions`, { projectId, role: 'user' });
        expect(granted.status).toBe(200);
      }
    }
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    idp?.close();
  });

  it('creates every device with its own credentials in one call; each connects, and a repeat answers exists', async () => {
    const serials = Array.from({ length: 50 }, () => uniqueSerial('BATCH'));
    const { status, body } = await post('admin', '/v1/devices/batch', { devices: serials.map((s) => lightPoint(s)) });
    expect(status).toBe(200);
    expect(body.created).toBe(50);
    for (const [i, item] of (body.items as { status: string; credentials: { username: string } }[]).entries()) {
      expect(item).toMatchObject({ index: i, status: 'created', serialNumber: serials[i], error: null });
      expect(item.credentials).toEqual({ username: serials[i], password: expect.stringMatching(/^[\w-]{43}$/) });
    }
    const device = await mqtt.connectAsync(h.server.mqttUrl, {
      clientId: serials[7]!,
      ...body.items[7].credentials,
      reconnectPeriod: 0,
    });
    const [granted] = await device.subscribeAsync(topics.downCommands(serials[7]!), { qos: 1 });
    expect(granted?.qos).toBe(1);
    await device.endAsync();
    // Another device's password is not this one's.
    await expect(
      mqtt.connectAsync(h.server.mqttUrl, {
        clientId: serials[8]!,
        username: serials[8]!,
        password: body.items[7].credentials.password,
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow(/Bad username or password/);

    const again = await post('admin', '/v1/devices/batch', { devices: serials.slice(0, 2).map((s) => lightPoint(s)) });
    expect(again.body).toMatchObject({
      created: 0,
      items: [
        { status: 'exists', credentials: null, deviceId: body.items[0].deviceId },
        { status: 'exists', credentials: null },
      ],
    });
  });

  it('answers each bad, taken or repeated item on its own and creates the others', async () => {
    const taken = uniqueSerial('TAKEN');
    // Taken by a device of another kind: not the same device.
    const cabinet = { ...lightPoint(taken), deviceType: 'cabinet-controller' };
    expect((await post('admin', '/v1/devices', cabinet)).status).toBe(201);
    const gatewayId = uniqueSerial('GWNAME');
    expect((await post('admin', '/v1/gateways', { gatewayId, projectId: A, name: 'Cabinet' })).status).toBe(201);
    const fresh = uniqueSerial('FRESH');
    const items = [
      lightPoint(fresh),
      { ...lightPoint('bad serial'), vendor: 'acme' },
      lightPoint(taken),
      lightPoint(fresh),
      // A gateway's MQTT user name cannot be a device's.
      lightPoint(gatewayId),
      { ...lightPoint(uniqueSerial('SAMENAME')), name: `Lamp ${fresh}` },
    ];
    const { status, body } = await post('admin', '/v1/devices/batch', { devices: items });
    expect(status).toBe(200);
    expect(body.created).toBe(1);
    expect(body.items.map((item: { status: string }) => item.status)).toEqual([
      'created',
      'invalid',
      'conflict',
      'conflict',
      'conflict',
      'conflict',
    ]);
    expect(body.items.map((item: { error: { code: string } | null }) => item.error?.code ?? null)).toEqual([
      null,
      'VALIDATION_FAILED',
      'LIGHT_POINT_SERIAL_EXISTS',
      'LIGHT_POINT_SERIAL_EXISTS',
      'LIGHT_POINT_SERIAL_EXISTS',
      'LIGHT_POINT_NAME_EXISTS',
    ]);
    expect(body.items.filter((item: { credentials: unknown }) => item.credentials !== null)).toHaveLength(1);
  });

  it('refuses more than MAX_PROVISION_BATCH devices and a body without any', async () => {
    const tooMany = Array.from({ length: MAX_PROVISION_BATCH + 1 }, (_, i) => lightPoint(`MANY-${i}`));
    const refused = await post('admin', '/v1/devices/batch', { devices: tooMany });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0]).toMatchObject({ path: 'devices', rule: 'max', limit: MAX_PROVISION_BATCH });
    expect((await post('admin', '/v1/devices/batch', { devices: [] })).status).toBe(400);
  });

  it.each(Object.keys(PEOPLE) as Name[])(
    '%s: needs manage-devices, and creates only in projects it may see',
    async (name) => {
      const person = PEOPLE[name];
      const serials = { A: uniqueSerial('ROLE'), B: uniqueSerial('ROLE') };
      const answer = await post(name, '/v1/devices/batch', {
        devices: [lightPoint(serials.A, A), lightPoint(serials.B, B)],
      });
      const mayProvision = person.roles.some((role) => role === 'admin' || role === 'manage-devices');
      if (!mayProvision) {
        expect(answer).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        return;
      }
      expect(answer.status).toBe(200);
      for (const [i, project] of [A, B].entries()) {
        const sees =
          person.roles.includes('admin' as never) || (person.projects as readonly string[]).includes(project);
        const item = answer.body.items[i];
        if (sees) expect(item).toMatchObject({ status: 'created', credentials: { username: item.serialNumber } });
        else {
          expect(item).toMatchObject({ status: 'invalid', credentials: null, error: { code: 'NOT_FOUND' } });
          // Nothing was made in the project it cannot see.
          const read = await h.api(`/v1/devices?q=${item.serialNumber}`, {
            headers: { authorization: `Bearer ${tokens.admin}` },
          });
          expect(read.body.total).toBe(0);
        }
      }
    },
  );

  it('is documented with its operation id, tag and item results', async () => {
    const { body } = await h.api('/v1/openapi.json');
    const operation = body.paths['/v1/devices/batch'].post;
    expect(operation).toMatchObject({ operationId: 'provisionDevices', tags: ['devices'] });
    expect(operation.description).toMatch(/counts once against the rate limits/);
    expect(body.components.schemas.ProvisionedDevices).toBeDefined();
  });
});
