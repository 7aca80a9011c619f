import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID, type DeviceType } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, jsonRequest, startHarness, uniqueSerial } from '../../testing/harness';
import { startTestRealm, type TestRealm } from '../../testing/test-realm';

const BARCELONA = { latitude: 41.39, longitude: 2.17, timezone: 'Europe/Madrid' };
const TROMSO = { latitude: 69.65, longitude: 18.96, timezone: 'Europe/Oslo' };
const HALF_NIGHT = [
  { start: '22:00', dimming: 50, fadingMinutes: 0 },
  { start: '06:00', dimming: 0, fadingMinutes: 0 },
];
const DUSK_TO_DAWN = [
  { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
  { start: { sun: 'sunrise', offsetMinutes: 0 }, dimming: 0, fadingMinutes: 0 },
];

describe("a light point's year preview and a group's what-if energy", () => {
  let h: Harness;
  let idp: TestRealm;
  const tokens = {} as Record<'admin' | 'north', string>;
  const send = (who: keyof typeof tokens, method: string, path: string, body?: unknown) => {
    const init = jsonRequest(method, body);
    return h.api(path, { ...init, headers: { authorization: `Bearer ${tokens[who]}`, ...init.headers } });
  };
  const get = (path: string, who: keyof typeof tokens = 'admin') => send(who, 'GET', path);
  const created = async (path: string, body: unknown) => {
    const answer = await send('admin', 'POST', path, body);
    expect(answer.status).toBe(201);
    return answer.body.id as string;
  };
  /** A group of the demo project running one program every day, with these devices in it. */
  const groupRunning = async (name: string, intervals: unknown[], deviceIds: string[]) => {
    const programId = await created('/v1/control-programs', { projectId: DEMO_PROJECT_ID, name, intervals });
    const groupId = await created('/v1/groups', { projectId: DEMO_PROJECT_ID, name, programId });
    if (deviceIds.length > 0) {
      expect((await send('admin', 'POST', `/v1/groups/${groupId}/members`, { deviceIds })).status).toBe(200);
    }
    return groupId;
  };
  /** A light point of the demo project that has reported these attribute values. */
  const lightPoint = async (values: Record<string, unknown>, deviceType: DeviceType = 'light-point-controller') => {
    const serial = uniqueSerial('ENERGY');
    const id = await h.register(serial, { projectId: DEMO_PROJECT_ID, deviceType }, tokens.admin);
    if (Object.keys(values).length > 0) {
      await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values });
      await expect.poll(async () => (await get(`/v1/devices/${id}`)).body.attributes).toMatchObject(values);
    }
    return id;
  };

  beforeAll(async () => {
    idp = await startTestRealm();
    h = await startHarness(idp.env);
    tokens.admin = await idp.sign('energy-admin', ['admin']);
    tokens.north = await idp.sign('energy-north', ['manage-scheduling']);
    expect((await get('/v1/me', 'north')).status).toBe(200);
    const granted = await send('admin', 'POST', '/v1/users/energy-north/permissions', {
      projectId: DEMO_NORTH_PROJECT_ID,
      role: 'user',
    });
    expect(granted.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    idp?.close();
  });

  it("previews what a light point's group runs at the light point's own coordinates and time zone", async () => {
    const arctic = await lightPoint({ ...TROMSO, maxPower: 60 });
    await groupRunning('Arctic nights', DUSK_TO_DAWN, [arctic]);
    const answer = await get(`/v1/devices/${arctic}/schedule/preview?year=2027`);
    expect(answer.status).toBe(200);
    const day = (date: string) => answer.body.days.find((d: { date: string }) => d.date === date);
    expect(answer.body.days).toHaveLength(365);
    // At 70° N the sunset-to-sunrise program burns the whole polar night and not at all at midsummer.
    expect(day('2027-12-21').burnHours).toBe(24);
    expect(day('2027-06-21').burnHours).toBe(0);
    expect(answer.body.nightHours).toBeCloseTo(answer.body.fullLoadHours, -1);
  });

  it('refuses a light point without a position and time zone, a cabinet controller, and a device of another project', async () => {
    const fresh = await lightPoint({});
    const placedOnly = await lightPoint({ latitude: 41.39, longitude: 2.17 });
    const cabinet = await lightPoint({ ...BARCELONA }, 'cabinet-controller');
    await groupRunning('Unplaced', HALF_NIGHT, [fresh, placedOnly]);
    for (const id of [fresh, placedOnly]) {
      expect(await get(`/v1/devices/${id}/schedule/preview?year=2027`)).toMatchObject({
        status: 409,
        body: { error: { code: 'DEVICE_WITHOUT_PLACE' } },
      });
    }
    expect(await get(`/v1/devices/${cabinet}/schedule/preview?year=2027`)).toMatchObject({
      status: 409,
      body: { error: { code: 'NOT_A_LIGHT_POINT' } },
    });
    // A scheduler of the north districts neither previews the demo city's light point nor learns it exists.
    expect(await get(`/v1/devices/${fresh}/schedule/preview?year=2027`, 'north')).toMatchObject({
      status: 404,
      body: { error: { code: 'DEVICE_NOT_FOUND' } },
    });
    expect((await get(`/v1/devices/${fresh}/schedule/preview?year=1999`)).status).toBe(400);
  });

  it("estimates a group's yearly energy, cost and savings from its light points' rated powers", async () => {
    const members = [
      await lightPoint({ ...BARCELONA, maxPower: 100 }),
      await lightPoint({ ...BARCELONA, maxPower: 60 }),
      // No rated power reported: left out of every figure, and said so.
      await lightPoint({ ...BARCELONA }),
      // A cabinet controller runs outputs, not the group's program.
      await lightPoint({ ...BARCELONA }, 'cabinet-controller'),
    ];
    const groupId = await groupRunning('Half nights', HALF_NIGHT, members);
    const answer = await get(`/v1/groups/${groupId}/energy-estimate?year=2027&pricePerKWh=0.25`);
    expect(answer.status).toBe(200);
    const estimate = answer.body;
    expect(estimate).toMatchObject({
      groupId,
      year: 2027,
      pricePerKWh: 0.25,
      place: { ...BARCELONA, from: 'members' },
      lightPoints: 3,
      withoutPower: 1,
      ratedPowerW: 160,
      burnHours: 2920,
      fullLoadHours: 1460,
    });
    // 160 W at 50 % for 8 hours a night: 233.6 kWh, 58.40 at 0.25 a kWh.
    expect(estimate.energyKWh).toBeCloseTo(233.6, 6);
    expect(estimate.cost).toBeCloseTo(58.4, 6);
    // Fully on from sunset to sunrise: the night hours × 160 W; two thirds of it saved.
    expect(estimate.baselineKWh).toBeCloseTo((estimate.nightHours * 160) / 1000, 6);
    expect(estimate.savedKWh).toBeCloseTo(estimate.baselineKWh - 233.6, 6);
    expect(estimate.savedPercent).toBeGreaterThan(65);
    expect(estimate.savedPercent).toBeLessThan(67);
    // Lit only within the night, never by day; dark after sunset before 22:00 every day; no start at a clock change.
    expect(estimate.checks).toMatchObject({ daylightBurnDays: 0, neverOffDays: 0, polarDays: 0, clockShifts: [] });
    expect(estimate.checks.darkAfterSunsetDays).toBe(365);

    // The price defaults to 0.2; a place asked for replaces the light points' own.
    const sydney = await get(
      `/v1/groups/${groupId}/energy-estimate?year=2027&latitude=-33.87&longitude=151.21&timezone=Australia/Sydney`,
    );
    expect(sydney.body).toMatchObject({ pricePerKWh: 0.2, place: { timezone: 'Australia/Sydney', from: 'query' } });
    expect(sydney.body.nightHours).not.toBeCloseTo(estimate.nightHours, 0);
    expect(sydney.body.cost).toBeCloseTo(233.6 * 0.2, 6);
    expect(await get(`/v1/groups/${groupId}/energy-estimate?year=2027&latitude=-33.87&longitude=151.21`)).toMatchObject(
      { status: 400, body: { error: { code: 'VALIDATION_FAILED' } } },
    );
  });

  it('finds, before anything is sent, the days a program lights by day and the starts a clock change moves', async () => {
    const early = [
      { start: '17:00', dimming: 100, fadingMinutes: 0 },
      { start: '02:30', dimming: 50, fadingMinutes: 0 },
      { start: { sun: 'sunrise', offsetMinutes: 0 }, dimming: 0, fadingMinutes: 0 },
    ];
    const groupId = await groupRunning('Early evenings', early, [await lightPoint({ ...BARCELONA, maxPower: 80 })]);
    const { checks } = (await get(`/v1/groups/${groupId}/energy-estimate?year=2027`)).body;
    // 17:00 is before sunset from spring to autumn in Barcelona.
    expect(checks.daylightBurnDays).toBeGreaterThan(150);
    expect(checks.clockShifts).toEqual([
      { date: '2027-03-28', start: '02:30', kind: 'skipped', runsAt: '03:30' },
      { date: '2027-10-31', start: '02:30', kind: 'repeated', runsAt: '02:30' },
    ]);
  });

  it('refuses an estimate where no light point tells the place, for an empty group, and for another project', async () => {
    const unplaced = await groupRunning('Nowhere', HALF_NIGHT, [await lightPoint({ maxPower: 80 })]);
    expect(await get(`/v1/groups/${unplaced}/energy-estimate?year=2027`)).toMatchObject({
      status: 409,
      body: { error: { code: 'GROUP_WITHOUT_PLACE' } },
    });
    const empty = await groupRunning('Empty', HALF_NIGHT, []);
    expect(await get(`/v1/groups/${empty}/energy-estimate?year=2027`)).toMatchObject({
      status: 409,
      body: { error: { code: 'GROUP_WITHOUT_LIGHT_POINTS' } },
    });
    expect(await get(`/v1/groups/${unplaced}/energy-estimate?year=2027`, 'north')).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND' } },
    });
  });
});
