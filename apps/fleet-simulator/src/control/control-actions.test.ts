import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlFleet, startControlFleet } from '../testing/control-fleet';

let sim: ControlFleet;

beforeAll(async () => {
  sim = await startControlFleet();
});

afterAll(async () => {
  await sim?.stop();
});

/** 23:00 in Barcelona in January: every curve light is on (70 %), every astronomical output too. */
const NIGHT = '2026-01-15T22:00:00Z';
/** Noon in Barcelona: curve lights off. */
const NOON = '2026-01-16T11:00:00Z';

async function act(action: string, target: object, params: object = {}) {
  const answer = await sim.call('POST', '/actions', { action, target, params });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    matched: number;
    applied: string[];
    skipped: Array<{ serialNumber: string; reason: string }>;
  };
}

async function setClock(time: string): Promise<number> {
  expect((await sim.call('PUT', '/clock', { time })).status).toBe(200);
  return sim.received.length;
}

const lastReport = (serial: string, from: number) => sim.reports(serial, from).at(-1);
const lastFullReport = (serial: string, from: number) =>
  sim
    .reports(serial, from)
    .filter((values) => values.zAxis !== undefined)
    .at(-1);

async function lightPointsOf(cabinet: string) {
  const { body } = await sim.call('GET', `/devices/${cabinet}`);
  const serials = body['state']['lightPoints'] as string[];
  const specs = await Promise.all(serials.map(async (serial) => (await sim.call('GET', `/devices/${serial}`)).body));
  return specs.map((device) => ({
    serial: device['spec']['serialNumber'] as string,
    output: device['spec']['output'],
  }));
}

describe('light point actions over HTTP', () => {
  it('a lamp failure leaves a switched-on light point drawing ~0.9 W until it is cleared', async () => {
    const from = await setClock(NIGHT);
    const injected = await act('inject-fault', { operateMode: '005', limit: 1 }, { fault: 'lampFailure' });
    expect(injected.applied).toHaveLength(1);
    const serial = injected.applied[0]!;
    await expect.poll(() => lastReport(serial, from)).toMatchObject({ poweredOn: true, dimmer: 0 });
    const failed = lastReport(serial, from)!;
    expect(failed.dimming).toBeGreaterThan(0);
    expect(failed.instantaneousActivePower).toBeLessThan(1.5);

    const again = await act('inject-fault', { serials: [serial] }, { fault: 'lampFailure' });
    expect(again.skipped).toEqual([{ serialNumber: serial, reason: 'lampFailure already active' }]);

    const repaired = sim.received.length;
    expect((await act('clear-fault', { serials: [serial] }, { fault: 'lampFailure' })).applied).toEqual([serial]);
    await expect.poll(() => lastReport(serial, repaired)?.instantaneousActivePower).toBeGreaterThan(10);
    expect((await act('clear-fault', { serials: [serial] }, { fault: 'lampFailure' })).skipped[0]?.reason).toBe(
      'no lampFailure',
    );
  });

  it('a stuck relay takes the parameters given, and a cabinet is skipped with a reason', async () => {
    const from = await setClock(NOON);
    const injected = await act(
      'inject-fault',
      { operateMode: '005', limit: 2 },
      { fault: 'relayStuck', params: { closed: true }, durationMinutes: 30 },
    );
    const serial = injected.applied.at(-1)!;
    // At noon nothing is commanded, yet the closed relay keeps the lamp lit.
    await expect.poll(() => lastReport(serial, from)).toMatchObject({ dimming: 0, poweredOn: true });
    expect(lastReport(serial, from)!.instantaneousActivePower).toBeGreaterThan(5);

    const cabinet = sim.fleet.devices.find((d) => d.deviceType === 'cabinet-controller')!.serialNumber;
    const onCabinet = await act('inject-fault', { serials: [cabinet] }, { fault: 'lampFailure' });
    expect(onCabinet.skipped).toEqual([{ serialNumber: cabinet, reason: 'inject-fault does not apply to a cabinet' }]);
    const bad = await sim.call('POST', '/actions', {
      action: 'inject-fault',
      target: { serials: [serial] },
      params: { fault: 'cycling', params: { periodMinutes: 0 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body['error']['issues'][0]['path']).toEqual(['params', 'periodMinutes']);
  });

  it('selects the light points of a street', async () => {
    const street = 'Avinguda Diagonal';
    const result = await act('set-command-failure-rate', { street }, { rate: 0 });
    expect(result.matched).toBeGreaterThan(1);
    for (const serial of result.applied) {
      const { body } = await sim.call('GET', `/devices/${serial}`);
      expect(body['spec']['street']).toBe(street);
      // This fleet's prefix is not the default one: its names carry it.
      expect(body['spec']['name']).toMatch(/^Avinguda Diagonal \d+ \(CT\w+\)$/);
    }
    const limited = await act('set-command-failure-rate', { street, limit: 2 }, { rate: 0 });
    expect(limited.applied).toEqual(result.applied.slice(0, 2));
  });

  it('a light point that loses the sky reports no position until it regains it', async () => {
    const serial = sim.fleet.devices.find((d) => d.deviceType === 'light-point-controller')!.serialNumber;
    const from = sim.received.length;
    expect((await act('lose-gps', { serials: [serial] }, { minutes: 120 })).applied).toEqual([serial]);
    await expect.poll(() => lastFullReport(serial, from)).toBeDefined();
    const lost = lastFullReport(serial, from)!;
    expect(lost.latitude).toBeUndefined();
    expect(lost.satellites).toBeLessThanOrEqual(3);

    const back = sim.received.length;
    expect((await act('regain-gps', { serials: [serial] })).applied).toEqual([serial]);
    await expect.poll(() => lastFullReport(serial, back)?.latitude).toBeTypeOf('number');
    expect((await act('regain-gps', { serials: [serial] })).skipped[0]?.reason).toBe('already has a fix');
  });

  it('a tilted pole shows in the accelerometer axes', async () => {
    const serial = sim.fleet.devices.filter((d) => d.deviceType === 'light-point-controller')[3]!.serialNumber;
    const from = sim.received.length;
    await act('tilt', { serials: [serial] }, { degrees: 30, azimuth: 0 });
    await expect.poll(() => lastFullReport(serial, from)).toBeDefined();
    const { xAxis, zAxis } = lastFullReport(serial, from)!;
    // Within the 2.5° it leaned when installed: cos 27.5° … cos 32.5°, and sin of the same on x.
    expect(zAxis).toBeGreaterThan(0.83);
    expect(zAxis).toBeLessThan(0.9);
    expect(xAxis).toBeGreaterThan(0.44);
  });
});

describe('cabinet actions over HTTP', () => {
  it('an open door raises cabinetDoorOpen and closing it clears the alarm', async () => {
    const cabinet = sim.fleet.devices.find((d) => d.deviceType === 'cabinet-controller')!.serialNumber;
    const from = sim.received.length;
    const opened = await act('set-condition', { serials: [cabinet] }, { condition: 'cabinetDoorOpen', on: true });
    expect(opened.applied).toEqual([cabinet]);
    await expect
      .poll(() => sim.alarms(cabinet, from))
      .toEqual([expect.objectContaining({ type: 'cabinetDoorOpen', active: true })]);
    await act('set-condition', { serials: [cabinet] }, { condition: 'cabinetDoorOpen', on: false });
    await expect.poll(() => sim.alarms(cabinet, from).map((alarm) => alarm.active)).toEqual([true, false]);
    const closedAgain = await act('set-condition', { serials: [cabinet] }, { condition: 'cabinetDoorOpen', on: false });
    expect(closedAgain.skipped[0]?.reason).toBe('no cabinetDoorOpen');
    const deviceReset = await sim.call('POST', '/actions', {
      action: 'set-condition',
      target: { serials: [cabinet] },
      params: { condition: 'deviceReset', on: true },
    });
    expect(deviceReset.status).toBe(400);
  });

  it('a Vega cabinet has no ecometer to fail', async () => {
    const vega = await act(
      'set-condition',
      { kind: 'cabinet', vendor: 'vega' },
      { condition: 'ecometerCommunicationFailure', on: true },
    );
    expect(vega.matched).toBeGreaterThan(0);
    expect(vega.applied).toEqual([]);
    expect(vega.skipped[0]?.reason).toBe('a vega cabinet has no ecometerCommunicationFailure');
  });

  it('mains lost for a few minutes: battery mode raised, the fed light points dark, then all back', async () => {
    const from = await setClock(NIGHT);
    const cabinet = sim.fleet.devices.filter((d) => d.deviceType === 'cabinet-controller')[1]!.serialNumber;
    const lightPoint = (await lightPointsOf(cabinet))[0]!.serial;
    // One simulated minute is three seconds at speed 20.
    await act('set-condition', { serials: [cabinet] }, { condition: 'batteryMode', on: true, minutes: 1 });
    await expect.poll(() => sim.alarms(cabinet, from)[0]).toMatchObject({ type: 'batteryMode', active: true });
    await expect
      .poll(() => lastReport(lightPoint, from))
      .toMatchObject({ poweredOn: false, shouldBeConnectedByGroup: false });
    expect(lastReport(lightPoint, from)!.instantaneousActivePower).toBeUndefined();
    await expect
      .poll(() => sim.alarms(cabinet, from).map((alarm) => alarm.active), { timeout: 10_000 })
      .toEqual([true, false]);
    const restored = sim.received.length;
    await expect.poll(() => lastReport(lightPoint, restored)?.poweredOn, { timeout: 10_000 }).toBe(true);
  });

  it('maintenance lights every fed light point at 100 % by day, until it ends', async () => {
    const from = await setClock(NOON);
    const cabinet = sim.fleet.devices.filter((d) => d.deviceType === 'cabinet-controller')[2]!.serialNumber;
    const lightPoints = await lightPointsOf(cabinet);
    await act('maintenance', { serials: [cabinet] }, { on: true });
    await expect.poll(() => sim.alarms(cabinet, from)[0]).toMatchObject({ type: 'maintenanceMode', active: true });
    for (const { serial } of lightPoints) {
      await expect.poll(() => lastReport(serial, from)).toMatchObject({ dimming: 100, poweredOn: true });
    }
    const ended = sim.received.length;
    await act('maintenance', { serials: [cabinet] }, { on: false });
    await expect.poll(() => sim.alarms(cabinet, ended)[0]).toMatchObject({ type: 'maintenanceMode', active: false });
    await expect.poll(() => lastReport(lightPoints[0]!.serial, ended)?.dimming).toBe(0);
    expect((await act('maintenance', { serials: [cabinet] }, { on: false })).skipped[0]?.reason).toBe(
      'not in maintenance',
    );
  });

  it("a tripped breaker darkens only its output's light points", async () => {
    const from = await setClock(NIGHT);
    const cabinet = sim.fleet.devices.filter((d) => d.deviceType === 'cabinet-controller')[0]!.serialNumber;
    const lightPoints = await lightPointsOf(cabinet);
    const onOutput1 = lightPoints.filter((lp) => lp.output === 1).map((lp) => lp.serial);
    const elsewhere = lightPoints.filter((lp) => lp.output !== 1).map((lp) => lp.serial);
    expect((await act('trip-breaker', { serials: [cabinet] }, { output: 1, on: true })).applied).toEqual([cabinet]);
    for (const serial of onOutput1) {
      await expect
        .poll(() => lastReport(serial, from))
        .toMatchObject({ shouldBeConnectedByGroup: false, poweredOn: false });
    }
    for (const serial of elsewhere) {
      await expect.poll(() => lastReport(serial, from)).toMatchObject({ shouldBeConnectedByGroup: true });
    }
    const reset = sim.received.length;
    await act('trip-breaker', { serials: [cabinet] }, { output: 1, on: false });
    await expect.poll(() => lastReport(onOutput1[0]!, reset)?.shouldBeConnectedByGroup).toBe(true);
    const noSuchOutput = await act('trip-breaker', { serials: [cabinet] }, { output: 16, on: true });
    expect(noSuchOutput.skipped[0]?.reason).toMatch(/^has [234] outputs, no output 16$/);
  });
});

describe('command failure rates over HTTP', () => {
  it('fails the chosen commands of the chosen devices, others pass, until the rate is set to 0', async () => {
    const serial = sim.fleet.devices.filter((d) => d.deviceType === 'light-point-controller')[5]!.serialNumber;
    const set = await act(
      'set-command-failure-rate',
      { serials: [serial] },
      { rate: 1, commands: ['upgrade', 'switchOff'] },
    );
    expect(set.applied).toEqual([serial]);
    const device = await sim.call('GET', `/devices/${serial}`);
    expect(device.body['injected']['commandFailureRate']).toMatchObject({
      rate: 1,
      commands: ['upgrade', 'switchOff'],
    });

    expect(await sim.command(serial, 'upgrade')).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_FOUND', message: 'upgrade failed: failure injected by the control interface' },
    });
    expect(await sim.command(serial, 'switchOff')).toMatchObject({ status: 'ERROR' });
    expect(await sim.command(serial, 'switchOn')).toMatchObject({ status: 'DONE' });

    await act('set-command-failure-rate', { serials: [serial] }, { rate: 0 });
    expect(await sim.command(serial, 'switchOff')).toMatchObject({ status: 'DONE' });
  });

  it('fails the next installation with the reason given, and no other command', async () => {
    const serial = sim.fleet.devices.filter((d) => d.deviceType === 'light-point-controller')[7]!.serialNumber;
    const failing = await act(
      'fail-installation',
      { serials: [serial] },
      { reason: 'INSTALLATION_MIN_POWER_NOT_REACHED' },
    );
    expect(failing.applied).toEqual([serial]);
    expect(await sim.command(serial, 'switchOn')).toMatchObject({ status: 'DONE' });
    expect(await sim.command(serial, 'install')).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_ACCEPTABLE', reason: 'INSTALLATION_MIN_POWER_NOT_REACHED', message: 'Min power not reached' },
    });
  });

  it('with remote management off a device refuses every command and says so, until it is back on', async () => {
    const serial = sim.fleet.devices.filter((d) => d.deviceType === 'cabinet-controller')[0]!.serialNumber;
    const from = sim.received.length;
    expect((await act('remote-management', { serials: [serial] }, { enabled: false })).applied).toEqual([serial]);
    await expect.poll(() => lastReport(serial, from)?.remoteManagementEnabled).toBe(false);
    expect(await sim.command(serial, 'switchOn')).toMatchObject({
      status: 'ERROR',
      error: {
        code: 'METHOD_NOT_ALLOWED',
        message: 'Remote management disabled',
        reason: 'REMOTE_MANAGEMENT_DISABLED',
      },
    });
    expect((await act('remote-management', { serials: [serial] }, { enabled: false })).skipped).toHaveLength(1);
    await act('remote-management', { serials: [serial] }, { enabled: true });
    await expect.poll(() => lastReport(serial, from)?.remoteManagementEnabled).toBe(true);
    expect(await sim.command(serial, 'switchOn')).toMatchObject({ status: 'DONE' });
  });

  it('skips a device that supports none of the commands named', async () => {
    const vega = await act(
      'set-command-failure-rate',
      { kind: 'cabinet', vendor: 'vega' },
      { rate: 0.5, commands: ['blink', 'downgrade'] },
    );
    expect(vega.matched).toBeGreaterThan(0);
    expect(vega.skipped[0]?.reason).toBe('supports none of blink, downgrade');
  });
});
