import { topics, type UpConnectionMessage } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlFleet, startControlFleet } from '../testing/control-fleet';

let control: ControlFleet;
// Reports once a minute: what a test sees follows from its action, not from the periodic reports.
beforeAll(async () => {
  control = await startControlFleet({ reportIntervalSeconds: 60 });
});
afterAll(async () => {
  await control?.stop();
});

const call = (method: string, path: string, body?: unknown) => control.call(method, path, body);
const devices = () => control.fleet.devices;

const connectionStates = (serial: string) =>
  control.received
    .filter((r) => r.topic === topics.up(serial, 'connection'))
    .map((r) => (r.message as UpConnectionMessage).connected);

describe('the control interface over HTTP', () => {
  it('lists its actions with their parameters and describes the fleet and its clock', async () => {
    const index = await call('GET', '/');
    expect(index.status).toBe(200);
    const names = (index.body['actions'] as Array<{ name: string }>).map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['drop-connection', 'reboot', 'fail-next-command']));
    const summary = await call('GET', '/fleet');
    expect(summary.body).toMatchObject({ devices: 44, online: 44, clock: { speed: 20 } });
    const lightPoint = devices().find((d) => d.deviceType === 'light-point-controller')!;
    const device = await call('GET', `/devices/${lightPoint.serialNumber}`);
    expect(device.body).toMatchObject({ online: true, spec: { serialNumber: lightPoint.serialNumber } });
    expect((await call('GET', '/devices/NOPE-1')).status).toBe(404);
  });

  it('sets the simulated clock, which then runs on at SIM_SPEED', async () => {
    const dusk = '2026-06-21T19:00:00.000Z';
    const set = await call('PUT', '/clock', { time: dusk });
    expect(set.status).toBe(200);
    expect(Date.parse(set.body['now'] as string) - Date.parse(dusk)).toBeLessThan(5000);
    const later = await call('PUT', '/clock', { advanceMinutes: 90 });
    expect(Date.parse(later.body['now'] as string) - Date.parse(dusk)).toBeGreaterThanOrEqual(90 * 60_000);
    const dusk2 = await call('PUT', '/clock', { time: 'sunset-20s' });
    // The next sunset after 20:30 UTC on the longest day is the next day's, at about 19:29 UTC.
    expect(dusk2.body['now']).toMatch(/^2026-06-22T19:2\d/);
    expect((await call('PUT', '/clock', { time: 'tonight' })).status).toBe(400);
    expect((await call('PUT', '/clock', {})).status).toBe(400);
  });

  it('lights the fleet when the clock is set past sunset, each light point reporting its switch at once', async () => {
    await call('PUT', '/clock', { time: '2026-06-21T10:00:00.000Z' });
    // Whatever the new time switched off is reported within a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const day = (await call('GET', '/fleet')).body;
    const mark = control.received.length;
    // 23:00 in Barcelona: night. The report wheel would take a minute to come round every device.
    await call('PUT', '/clock', { time: '2026-06-21T21:00:00.000Z' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const night = (await call('GET', '/fleet')).body;
    expect(night['lightPointsOn']).toBeGreaterThan(day['lightPointsOn'] + 10);
    const switchedOn = new Set(
      control.received
        .slice(mark)
        .filter((r) => r.topic.endsWith('/up/attributes'))
        .filter((r) => (r.message as { values: { poweredOn?: boolean } }).values.poweredOn === true)
        .map((r) => r.topic),
    );
    // Every light point the new time switched on reported it, once: cabinets report poweredOn too.
    expect(night['switchOnReports'] - day['switchOnReports']).toBe(night['lightPointsOn'] - day['lightPointsOn']);
    expect(switchedOn.size).toBeGreaterThanOrEqual(night['lightPointsOn'] - day['lightPointsOn']);
    expect(night['changeReports']).toBeGreaterThan(day['changeReports']);
  });

  it('drops the connection of a device behind a cabinet gateway and brings it back later', async () => {
    const lightPoint = devices().find((d) => d.deviceType === 'light-point-controller')!;
    const before = connectionStates(lightPoint.serialNumber).length;
    const result = await call('POST', '/actions', {
      action: 'drop-connection',
      target: { serials: [lightPoint.serialNumber] },
      params: { seconds: 40 },
    });
    expect(result.body).toMatchObject({ matched: 1, applied: [lightPoint.serialNumber], skipped: [] });
    // 40 simulated seconds at speed 20 are 2 real seconds.
    await expect
      .poll(() => connectionStates(lightPoint.serialNumber).slice(before), { timeout: 6000 })
      .toEqual([false, true]);
  });

  it('restores a dropped connection before it is due, and skips a device that has not lost it', async () => {
    const [lightPoint, other] = devices().filter((d) => d.deviceType === 'light-point-controller');
    const before = connectionStates(lightPoint!.serialNumber).length;
    // A simulated day: far longer than the test waits.
    await call('POST', '/actions', {
      action: 'drop-connection',
      target: { serials: [lightPoint!.serialNumber] },
      params: { seconds: 86_400 },
    });
    await expect.poll(() => connectionStates(lightPoint!.serialNumber).slice(before)).toEqual([false]);
    const result = await call('POST', '/actions', {
      action: 'restore-connection',
      target: { serials: [lightPoint!.serialNumber, other!.serialNumber] },
    });
    expect(result.body).toMatchObject({
      applied: [lightPoint!.serialNumber],
      skipped: [{ serialNumber: other!.serialNumber, reason: 'has not lost its connection' }],
    });
    await expect
      .poll(() => connectionStates(lightPoint!.serialNumber).slice(before), { timeout: 6000 })
      .toEqual([false, true]);
  });

  it('makes the next command of the chosen devices fail with the given error, once', async () => {
    const cabinet = devices().find((d) => d.deviceType === 'cabinet-controller')!;
    const result = await call('POST', '/actions', {
      action: 'fail-next-command',
      target: { serials: [cabinet.serialNumber] },
      params: { code: 'NOT_ACCEPTABLE', message: 'Relay welded' },
    });
    expect(result.body['applied']).toEqual([cabinet.serialNumber]);
    const answerTo = (command: 'switchOn') => control.command(cabinet.serialNumber, command);
    expect(await answerTo('switchOn')).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_ACCEPTABLE', message: 'Relay welded' },
    });
    expect(await answerTo('switchOn')).toMatchObject({ status: 'DONE' });
  });

  it('selects a cabinet with its light points, a seeded share, and refuses what it cannot do', async () => {
    const cabinet = devices().find((d) => d.deviceType === 'cabinet-controller')!;
    const fed = devices().filter((d) => d.deviceType === 'light-point-controller');
    const selected = await call('POST', '/actions', {
      action: 'fail-next-command',
      target: { cabinet: cabinet.serialNumber },
    });
    expect(selected.body['matched']).toBeGreaterThan(1);
    expect(selected.body['applied']).toContain(cabinet.serialNumber);
    const share = await call('POST', '/actions', {
      action: 'fail-next-command',
      target: { kind: 'light-point', share: 0.5 },
    });
    expect(share.body['matched']).toBeGreaterThan(0);
    expect(share.body['matched']).toBeLessThan(fed.length);

    expect((await call('POST', '/actions', { action: 'explode', target: { share: 1 } })).status).toBe(400);
    expect((await call('POST', '/actions', { action: 'reboot', target: {} })).status).toBe(400);
    expect((await call('POST', '/actions', { action: 'reboot', target: { serials: ['NOPE-1'] } })).status).toBe(404);
    const badParams = await call('POST', '/actions', {
      action: 'drop-connection',
      target: { share: 1 },
      params: { seconds: -5 },
    });
    expect(badParams.status).toBe(400);
    expect(badParams.body['error']['issues'][0]['path']).toEqual(['seconds']);
    expect((await call('POST', '/actions', '{not json')).status).toBe(400);
    expect((await call('GET', '/nowhere')).status).toBe(404);
  });
});
