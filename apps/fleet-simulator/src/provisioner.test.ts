import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FLEET_OPTIONS } from './fleet-options';
import { buildFleetLayout } from './layout';
import { FleetProvisioner, type LinkPrincipal } from './provisioner';

/** The server's side of provisioning gateways, as the simulator meets it: its answers and nothing more. */
function serverStandIn() {
  const state = {
    installationId: randomUUID(),
    gatewaysProvisioned: [] as string[],
    /** The size of each `POST /devices/batch` call, and the devices that exist already. */
    batches: [] as number[],
    existing: new Map<string, string>(),
    rotated: [] as string[],
  };
  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const json = (status: number, body: unknown) => [status, { 'content-type': 'application/json' }, body] as const;
  const answer = async (req: IncomingMessage) => {
    if (req.url === '/api/health') return json(200, { status: 'ok' });
    if (req.url === '/api/v1/about') return json(200, { product: 'Farola', installationId: state.installationId });
    if (req.url === '/api/v1/gateways' && req.method === 'POST') {
      const { gatewayId, projectId, name } = await readBody(req);
      state.gatewaysProvisioned.push(String(gatewayId));
      const password = randomUUID();
      const createdAt = new Date().toISOString();
      const gateway = { id: randomUUID(), gatewayId, projectId, name, devices: 0, createdAt };
      return json(201, { ...gateway, credentials: { username: gatewayId, password } });
    }
    if (/^\/api\/v1\/gateways\/[^/]+\/devices$/.test(req.url ?? '') && req.method === 'POST') {
      const { devices } = (await readBody(req)) as { devices: { serialNumber: string }[] };
      const items = devices.map(({ serialNumber }, index) => ({
        index,
        serialNumber,
        status: 'created',
        deviceId: randomUUID(),
        error: null,
      }));
      return json(200, { created: items.length, items });
    }
    if (req.url === '/api/v1/devices/batch' && req.method === 'POST') {
      const { devices } = (await readBody(req)) as { devices: { serialNumber: string }[] };
      state.batches.push(devices.length);
      const items = devices.map(({ serialNumber }, index) => {
        const existing = state.existing.get(serialNumber);
        return existing
          ? { index, serialNumber, status: 'exists', deviceId: existing, error: null, credentials: null }
          : {
              index,
              serialNumber,
              status: 'created',
              deviceId: randomUUID(),
              error: null,
              credentials: { username: serialNumber, password: randomUUID() },
            };
      });
      return json(200, { created: items.filter((item) => item.status === 'created').length, items });
    }
    const rotation = /^\/api\/v1\/devices\/([^/]+)\/credentials$/.exec(req.url ?? '');
    if (rotation && req.method === 'POST') {
      const serial = [...state.existing].find(([, id]) => id === rotation[1])?.[0];
      state.rotated.push(serial ?? '');
      return json(200, { credentials: { username: serial, password: 'rotated' } });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  };
  const server = createServer((req, res) => {
    void answer(req).then(([status, headers, body]) => res.writeHead(status, headers).end(JSON.stringify(body)));
  });
  return { server, state };
}

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: { msg: string; [field: string]: unknown }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('the fleet provisioner', () => {
  const specs = buildFleetLayout({ ...DEFAULT_FLEET_OPTIONS, devices: 4 });
  const principals: LinkPrincipal[] = [
    { username: 'SIM-GW-0001', gatewayId: 'SIM-GW-0001', devices: specs.slice(0, 2) },
    { username: 'SIM-GW-0002', gatewayId: 'SIM-GW-0002', devices: specs.slice(2) },
  ];
  const { server, state } = serverStandIn();
  let apiUrl: string;
  let credentialsFile: string;
  const stored = async () =>
    JSON.parse(await readFile(credentialsFile, 'utf8')) as {
      installationId: string;
      credentials: Record<string, { password: string }>;
    };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => {
    server.close();
  });
  beforeEach(async () => {
    credentialsFile = path.join(await mkdtemp(path.join(tmpdir(), 'sim-provisioner-')), 'credentials.json');
    state.gatewaysProvisioned = [];
    state.batches = [];
    state.existing.clear();
    state.rotated = [];
  });

  const open = (logger = recordingLogger().logger) =>
    FleetProvisioner.open({ apiUrl, oauth: null, credentialsFile }, logger);

  it('reuses the credentials a previous start provisioned in the same database, without calling the API', async () => {
    const first = await (await open()).credentialsFor(principals);
    expect(state.gatewaysProvisioned).toEqual(['SIM-GW-0001', 'SIM-GW-0002']);

    const again = await (await open()).credentialsFor(principals);
    expect(again).toEqual(first);
    expect(state.gatewaysProvisioned).toHaveLength(2);
  });

  it('provisions anew, saying once why, when the credentials file was made for another database', async () => {
    const staleCredentials = Object.fromEntries(
      principals.map(({ username }) => [username, { username, password: 'of-the-old-database' }]),
    );
    await writeFile(credentialsFile, JSON.stringify({ installationId: randomUUID(), credentials: staleCredentials }));
    const { logger, lines } = recordingLogger();

    const credentials = await (await open(logger)).credentialsFor(principals);

    expect(state.gatewaysProvisioned).toEqual(['SIM-GW-0001', 'SIM-GW-0002']);
    expect(credentials.get('SIM-GW-0001')?.password).not.toBe('of-the-old-database');
    const why = lines.filter((line) => line.msg.includes('made for another database'));
    expect(why).toEqual([expect.objectContaining({ installationId: state.installationId, unused: 2 })]);
    expect(await stored()).toEqual({
      installationId: state.installationId,
      credentials: Object.fromEntries(credentials),
    });
  });

  it('renews the credentials of several connections at once and keeps every renewal in the file', async () => {
    const provisioner = await open();
    const first = await provisioner.credentialsFor(principals);

    const renewed = await Promise.all(principals.map((principal) => provisioner.renew(principal)));

    expect(renewed[0]).not.toEqual(first.get('SIM-GW-0001'));
    expect(renewed[1]).not.toEqual(first.get('SIM-GW-0002'));
    expect((await stored()).credentials).toEqual({ 'SIM-GW-0001': renewed[0], 'SIM-GW-0002': renewed[1] });
  });

  it('provisions devices that connect alone in calls of up to 2,000, rotating only those that existed', async () => {
    const many = buildFleetLayout({ ...DEFAULT_FLEET_OPTIONS, devices: 4500 });
    const alone: LinkPrincipal[] = many.map((spec) => ({
      username: spec.serialNumber,
      gatewayId: null,
      devices: [spec],
    }));
    state.existing.set(many[10]!.serialNumber, randomUUID());

    const credentials = await (await open()).credentialsFor(alone);

    expect(state.batches.sort((a, b) => b - a)).toEqual([2000, 2000, 500]);
    expect(state.rotated).toEqual([many[10]!.serialNumber]);
    expect(credentials.size).toBe(4500);
    expect(credentials.get(many[10]!.serialNumber)?.password).toBe('rotated');
    expect(credentials.get(many[0]!.serialNumber)).toEqual({
      username: many[0]!.serialNumber,
      password: expect.any(String),
    });
    expect(Object.keys((await stored()).credentials)).toHaveLength(4500);
  });
});
