import { DEMO_PROJECT_ID, MAX_PROVISION_BATCH, topics } from '@farola/protocol';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';
import { startTestRealm, type TestRealm } from '../../testing/test-realm';

describe('provisioning devices and gateways', () => {
  let h: Harness;
  let idp: TestRealm;
  let admin: string;
  let viewer: string;
  let outsider: string;
  beforeAll(async () => {
    idp = await startTestRealm();
    h = await startHarness(idp.env);
    admin = await idp.sign('admin-1', ['admin']);
    viewer = await idp.sign('viewer-1', ['view-devices']);
    // May provision devices, but is a member of no project: sees none.
    outsider = await idp.sign('outsider-1', ['manage-devices']);
  });
  afterAll(async () => {
    await h?.close();
    idp?.close();
  });

  const post = (path: string, token: string, body?: unknown, language = 'en') =>
    h.api(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const lightPoint = (serialNumber: string) => ({
    serialNumber,
    deviceType: 'light-point-controller',
    vendor: 'orion',
    projectId: DEMO_PROJECT_ID,
    name: `Lamp ${serialNumber}`,
  });

  it('answers 201 with the device in provisioned status and its credentials, which then connect; only once', async () => {
    const serial = uniqueSerial('PROV');
    const { status, body } = await post('/v1/devices', admin, lightPoint(serial));
    expect(status).toBe(201);
    expect(body).toMatchObject({ serialNumber: serial, status: 'provisioned', gatewayId: null, connected: false });
    expect(body.credentials).toEqual({ username: serial, password: expect.stringMatching(/^[\w-]{43}$/) });
    const read = await h.api(`/v1/devices/${body.id}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(read.body.credentials).toBeUndefined();

    const device = await mqtt.connectAsync(h.server.mqttUrl, {
      clientId: serial,
      ...body.credentials,
      reconnectPeriod: 0,
    });
    await device.publishAsync(
      topics.up(serial, 'connection'),
      JSON.stringify({ connected: true, registration: { deviceType: 'light-point-controller', vendor: 'orion' } }),
      { qos: 1 },
    );
    const auth = { headers: { authorization: `Bearer ${admin}` } };
    await expect.poll(async () => (await h.api(`/v1/devices/${body.id}`, auth)).body.status).toBe('ready');
    await device.endAsync();
  });

  it("refuses a duplicate serial number with the catalogue's uniqueness message", async () => {
    const serial = uniqueSerial('DUP');
    expect((await post('/v1/devices', admin, lightPoint(serial))).status).toBe(201);
    const again = await post('/v1/devices', admin, lightPoint(serial));
    expect(again).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'LIGHT_POINT_SERIAL_EXISTS',
          message: `Light point serial number ${serial} already exists`,
          details: { error: serial },
        },
      },
    });
    const cabinet = await post('/v1/devices', admin, { ...lightPoint(serial), deviceType: 'cabinet-controller' });
    expect(cabinet.body.error.message).toBe(`${serial} serial number of the cabinet controller already exists`);
  });

  it('refuses a caller without manage-devices (403), and a project the caller cannot see (404)', async () => {
    expect((await post('/v1/devices', viewer, lightPoint(uniqueSerial('VIEW')))).body.error.code).toBe(
      'ACCESS_NOT_GRANTED',
    );
    expect((await post('/v1/devices', viewer, lightPoint(uniqueSerial('VIEW')))).status).toBe(403);
    const hidden = await post('/v1/devices', outsider, lightPoint(uniqueSerial('HIDDEN')));
    expect(hidden).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Project not found' } } });
    const missing = await post('/v1/devices', admin, {
      ...lightPoint(uniqueSerial('NOPROJ')),
      projectId: '5f2b2f0e-6c1a-4d7a-9d55-000000000000',
    });
    expect(missing.status).toBe(404);
  });

  it('answers a bad body with VALIDATION_FAILED and the failing fields, which the console translates', async () => {
    const { status, body } = await post('/v1/devices', admin, {
      ...lightPoint('bad serial/with#'),
      vendor: 'acme',
      extra: 1,
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'extra',
      'serialNumber',
      'vendor',
    ]);
  });

  it('rotates credentials: the old password stops working at once, the new one connects', async () => {
    const serial = uniqueSerial('ROT');
    const { body } = await post('/v1/devices', admin, lightPoint(serial));
    const old = body.credentials;
    (await mqtt.connectAsync(h.server.mqttUrl, { clientId: serial, ...old, reconnectPeriod: 0 })).end(true);
    const rotated = await post(`/v1/devices/${body.id}/credentials`, admin);
    expect(rotated.status).toBe(200);
    expect(rotated.body.credentials.password).not.toBe(old.password);
    await expect(mqtt.connectAsync(h.server.mqttUrl, { clientId: serial, ...old, reconnectPeriod: 0 })).rejects.toThrow(
      /Bad username or password/,
    );
    const fresh = await mqtt.connectAsync(h.server.mqttUrl, {
      clientId: serial,
      ...rotated.body.credentials,
      reconnectPeriod: 0,
    });
    await fresh.endAsync();
  });

  it('provisions a gateway and many devices behind it in one call, answering each item', async () => {
    const gatewayId = uniqueSerial('GW');
    const gateway = await post('/v1/gateways', admin, { gatewayId, projectId: DEMO_PROJECT_ID, name: 'Cabinet 7' });
    expect(gateway).toMatchObject({
      status: 201,
      body: { gatewayId, devices: 0, credentials: { username: gatewayId } },
    });
    expect((await post('/v1/gateways', admin, { gatewayId, projectId: DEMO_PROJECT_ID, name: 'x' })).status).toBe(409);

    const taken = uniqueSerial('TAKEN');
    await post('/v1/devices', admin, lightPoint(taken));
    const serials = [uniqueSerial('BULK'), uniqueSerial('BULK')];
    const items = [
      lightPoint(serials[0]!),
      lightPoint(serials[1]!),
      { ...lightPoint('bad serial'), vendor: 'acme' },
      lightPoint(taken),
      lightPoint(serials[0]!),
    ];
    const first = await post(`/v1/gateways/${gateway.body.id}/devices`, admin, { devices: items });
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(2);
    expect(first.body.items.map((item: { status: string }) => item.status)).toEqual([
      'created',
      'created',
      'invalid',
      'conflict',
      'conflict',
    ]);
    expect(first.body.items[2].error.code).toBe('VALIDATION_FAILED');
    expect(first.body.items[3].error.code).toBe('LIGHT_POINT_SERIAL_EXISTS');
    const again = await post(`/v1/gateways/${gateway.body.id}/devices`, admin, { devices: items.slice(0, 2) });
    expect(again.body).toMatchObject({ created: 0, items: [{ status: 'exists' }, { status: 'exists' }] });

    // Behind the gateway the devices speak through its connection.
    const link = await mqtt.connectAsync(h.server.mqttUrl, { clientId: gatewayId, ...gateway.body.credentials });
    const [granted] = await link.subscribeAsync(topics.downCommands(serials[0]!), { qos: 1 });
    expect(granted?.qos).toBe(1);
    await link.endAsync();

    const tooMany = Array.from({ length: MAX_PROVISION_BATCH + 1 }, (_, i) => lightPoint(`MANY-${i}`));
    const refused = await post(`/v1/gateways/${gateway.body.id}/devices`, admin, { devices: tooMany });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0]).toMatchObject({ path: 'devices', rule: 'max', limit: MAX_PROVISION_BATCH });
    const hidden = await post(`/v1/gateways/${gateway.body.id}/devices`, outsider, { devices: items });
    expect(hidden.status).toBe(404);
  });

  it('documents the provisioning routes in the OpenAPI document', async () => {
    const { body } = await h.api('/v1/openapi.json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/devices',
        '/v1/devices/{id}/credentials',
        '/v1/gateways',
        '/v1/gateways/{id}/devices',
      ]),
    );
    expect(body.paths['/v1/devices'].post.responses['201']).toBeDefined();
  });
});
