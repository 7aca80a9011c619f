import {
  type ClientToServerEvents,
  DEMO_NORTH_PROJECT_ID,
  DEMO_PROJECT_ID,
  type RealtimeSession,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@farola/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, type Harness, startHarness, subscribe, uniqueSerial } from '../testing/harness';
import { startTestRealm, type TestRealm } from '../testing/test-realm';

describe('realtime permissions', () => {
  let h: Harness;
  let idp: TestRealm;
  let adminToken: string;
  let outsiderToken: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    idp = await startTestRealm();
    h = await startHarness({
      AUTH_DISABLED: 'false',
      OAUTH_URL: idp.url,
      OAUTH_REALM: 'farola',
      OAUTH_CLIENT_ID: 'console',
    });
    adminToken = await idp.sign('admin-1', ['admin']);
    // A user of no project: sees nothing, whatever the device.
    outsiderToken = await idp.sign('outsider-1', ['view-alarms']);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await h?.close();
    idp?.close();
  });

  const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  async function connect(token: string) {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(h.server.httpUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token },
    });
    sockets.push(socket as Socket);
    const session = await new Promise<RealtimeSession>((resolve, reject) => {
      socket.once('session', resolve);
      socket.once('connect_error', reject);
    });
    return Object.assign(socket, { session });
  }

  async function registerDevice(): Promise<{ serial: string; id: string }> {
    const serial = uniqueSerial('PERM');
    return { serial, id: await h.register(serial, {}, adminToken) };
  }

  it('refuses a socket without a valid token', async () => {
    await expect(connect('not-a-token')).rejects.toThrow(/UNAUTHORIZED/);
  });

  it("refuses to subscribe to a device or project the user may not see, and keeps its project's events from them", async () => {
    const { serial, id } = await registerDevice();
    const outsider = await connect(outsiderToken);
    const admin = await connect(adminToken);
    expect(outsider.session.streams).toEqual({});
    expect(Object.keys(admin.session.streams)).toContain(`fleet:${DEMO_PROJECT_ID}`);
    expect(await subscribe(outsider, { deviceIds: [id] })).toMatchObject({
      ok: false,
      error: { code: 'ACCESS_NOT_GRANTED' },
    });
    expect(await subscribe(outsider, { projectIds: [DEMO_PROJECT_ID] })).toMatchObject({
      ok: false,
      error: { code: 'ACCESS_NOT_GRANTED' },
    });
    expect(await subscribe(admin, { deviceIds: [id] })).toMatchObject({ ok: true });

    const overheard = collect(outsider, 'DeviceConnectionStatusUpdated');
    // Only the change this test makes: the registration's own push may still be on its way.
    const seen = collect(admin, 'DeviceConnectionStatusUpdated', (e) => e.deviceId === id && !e.connected);
    await h.publish(serial, 'connection', { connected: false, ts: new Date().toISOString() });
    await expect.poll(() => seen.length).toBe(1);
    expect(overheard).toEqual([]);
  });

  it("answers GET /fleet with only the user's projects", async () => {
    const { id } = await registerDevice();
    expect((await h.api(`/v1/fleet?deviceId=${id}`, as(outsiderToken))).body).toEqual({ items: [], streams: {} });
    const refused = await h.api(`/v1/fleet?projectId=${DEMO_PROJECT_ID}`, as(outsiderToken));
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ACCESS_NOT_GRANTED');
    expect((await h.api('/v1/fleet')).status).toBe(401);
  });

  it("drops a device's stream from the sockets of users who may not see the project it moves to", async () => {
    const operatorToken = await idp.sign('operator-1', ['view-devices']);
    const post = (path: string, body: unknown) =>
      h.api(path, { method: 'POST', ...as(adminToken), body: JSON.stringify(body) });
    expect((await h.api('/v1/me', as(operatorToken))).status).toBe(200);
    expect((await post('/v1/users/operator-1/permissions', { projectId: DEMO_PROJECT_ID, role: 'user' })).status).toBe(
      200,
    );
    const { serial, id } = await registerDevice();
    const operator = await connect(operatorToken);
    const admin = await connect(adminToken);
    for (const socket of [operator, admin]) {
      expect(await subscribe(socket, { deviceIds: [id] })).toMatchObject({ ok: true });
    }
    const overheard = collect(operator, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
    const seen = collect(admin, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
    const report = (dimming: number) =>
      h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { dimming } });
    await report(10);
    await expect.poll(() => overheard.length).toBe(1);

    const moved = await post('/v1/bulk-actions', {
      action: 'changeProject',
      params: { projectId: DEMO_NORTH_PROJECT_ID },
      deviceIds: [id],
    });
    expect(moved.status).toBe(202);
    await expect
      .poll(async () => (await h.api(`/v1/bulk-actions/${moved.body.id}`, as(adminToken))).body.status)
      .toBe('done');
    await report(20);
    await expect.poll(() => seen.map((e) => e.values['dimming'])).toEqual([10, 20]);
    expect(overheard.map((e) => e.values['dimming'])).toEqual([10]);
    // Nor may it subscribe again.
    expect(await subscribe(operator, { deviceIds: [id] })).toMatchObject({
      ok: false,
      error: { code: 'ACCESS_NOT_GRANTED' },
    });
  });

  it("numbers a bulk job's counts on its stream, replays them on resume, and stops when a project of the job is withdrawn", async () => {
    const operatorToken = await idp.sign('operator-2', ['view-devices']);
    const request = (method: string, path: string, body?: unknown) =>
      h.api(path, { method, ...as(adminToken), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    expect((await h.api('/v1/me', as(operatorToken))).status).toBe(200);
    const grant = { projectId: DEMO_PROJECT_ID, role: 'user' };
    expect((await request('POST', '/v1/users/operator-2/permissions', grant)).status).toBe(200);
    const { id } = await registerDevice();
    // The harness's devices do not answer: each job runs until it is cancelled.
    const start = async () =>
      (await request('POST', '/v1/bulk-actions', { action: 'switchOn', deviceIds: [id] })).body.id;
    const [first, second] = [await start(), await start()];
    const operator = await connect(operatorToken);
    const heard = collect(operator, 'BulkJobUpdated');
    expect(await subscribe(operator, { jobIds: [first, second] })).toEqual({
      ok: true,
      streams: { [`job:${first}`]: 0, [`job:${second}`]: 0 },
    });

    expect((await request('POST', `/v1/bulk-actions/${first}/cancel`, {})).status).toBe(200);
    await expect
      .poll(() => heard.map((job) => [job.id, job.stream, job.status]))
      .toContainEqual([first, `job:${first}`, 'cancelled']);
    const ofFirst = (jobs: typeof heard) => jobs.filter((job) => job.id === first);
    const live = ofFirst(heard);
    const replayed = collect(operator, 'BulkJobUpdated');
    const resumed = await new Promise((resolve) =>
      operator.emit('resume', { epoch: operator.session.epoch, positions: { [`job:${first}`]: 0 } }, resolve),
    );
    expect(resumed).toEqual({ ok: true, epoch: operator.session.epoch, caughtUp: [`job:${first}`], resync: [] });
    // Every item of the job's stream again, in order, the cancel last.
    expect(ofFirst(replayed)).toEqual(live);

    const access = new Promise((resolve) => operator.once('access', resolve));
    expect((await request('DELETE', `/v1/users/operator-2/permissions?projectId=${DEMO_PROJECT_ID}`)).status).toBe(200);
    await access;
    expect((await request('POST', `/v1/bulk-actions/${second}/cancel`, {})).status).toBe(200);
    const admin = await connect(adminToken);
    const seen = collect(admin, 'BulkJobUpdated');
    expect(await subscribe(admin, { jobIds: [second] })).toMatchObject({ ok: true });
    expect(await subscribe(operator, { jobIds: [second] })).toMatchObject({
      ok: false,
      error: { code: 'BULK_JOB_NOT_FOUND' },
    });
    // The admin's resume replays the cancel the operator no longer hears.
    await new Promise((resolve) =>
      admin.emit('resume', { epoch: admin.session.epoch, positions: { [`job:${second}`]: 0 } }, resolve),
    );
    await expect.poll(() => seen.some((job) => job.id === second && job.status === 'cancelled')).toBe(true);
    // Counts published before the withdrawal may still arrive (they are batched); the cancel, after it, never does.
    expect(heard.filter((job) => job.id === second).map((job) => job.status)).not.toContain('cancelled');
  });

  it('re-checks permissions on resume: a stream the user may not see is to be resynced, not replayed', async () => {
    const { id } = await registerDevice();
    const outsider = await connect(outsiderToken);
    const answer = await new Promise((resolve) =>
      outsider.emit('resume', { epoch: outsider.session.epoch, positions: { [`device:${id}`]: 0 } }, resolve),
    );
    expect(answer).toEqual({ ok: true, epoch: outsider.session.epoch, caughtUp: [], resync: [`device:${id}`] });
  });
  /** A token that passes now and stops passing in about two seconds (10 s of clock skew included). */
  const expiringSoon = (sub: string) => idp.sign(sub, ['admin'], Math.floor(Date.now() / 1000) - 8);

  it('drops a socket when its token expires, and refuses it back with the same token', async () => {
    const stale = await expiringSoon('admin-2');
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(h.server.httpUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnectionDelay: 100,
      auth: (callback) => callback({ token: stale }),
    });
    sockets.push(socket as Socket);
    await new Promise((resolve) => socket.once('session', resolve));
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const refused = new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(await dropped).toBe('transport close');
    expect((await refused).message).toBe('UNAUTHORIZED');

    const { serial } = await registerDevice();
    const heard = collect(socket, 'DeviceConnectionStatusUpdated');
    await h.publish(serial, 'connection', { connected: false, ts: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heard).toEqual([]);
    socket.close();
  });

  it("carries a socket over its token's expiry when the client hands over a refreshed one", async () => {
    const tokens = [await expiringSoon('admin-3'), await idp.sign('admin-3', ['admin'])];
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(h.server.httpUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnectionDelay: 100,
      auth: (callback) => callback({ token: tokens.length > 1 ? tokens.shift()! : tokens[0]! }),
    });
    sockets.push(socket as Socket);
    await new Promise((resolve) => socket.once('session', resolve));
    const again = new Promise<RealtimeSession>((resolve) => socket.once('session', resolve));
    await new Promise((resolve) => socket.once('disconnect', resolve));
    await again;

    const { serial, id } = await registerDevice();
    const heard = collect(socket, 'DeviceConnectionStatusUpdated', (e) => e.deviceId === id && !e.connected);
    await h.publish(serial, 'connection', { connected: false, ts: new Date().toISOString() });
    await expect.poll(() => heard.length).toBe(1);
    socket.close();
  });
  it('tells anyone only whether the service is up, and administrators its counts and internals', async () => {
    const health = (init?: RequestInit) => h.api('/health', init);
    const anonymous = await health();
    expect(anonymous).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await health(as(outsiderToken))).body).toEqual({ status: 'ok' });
    expect((await health(as('forged.token.here'))).body).toEqual({ status: 'ok' });
    const admin = await health(as(adminToken));
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({
      status: 'ok',
      deviceLink: { connected: true },
      mqtt: { received: expect.any(Number) },
      devices: expect.any(Number),
      connectedDevices: expect.any(Number),
    });
  });
});
