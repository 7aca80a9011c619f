import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';

const EVENING = [
  { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
  { start: '23:00', dimming: 60, fadingMinutes: 15 },
];

describe("applying a group's schedule to its light points", () => {
  let h: Harness;
  const send: Harness['send'] = (...args) => h.send(...args);
  const created = async (path: string, body: unknown) => {
    const answer = await send('POST', path, body);
    expect(answer.status).toBe(201);
    return answer.body as { id: string };
  };
  const scheduleRequestOf = async (deviceId: string) => {
    const page = await send('GET', `/v1/queued-requests?deviceId=${deviceId}&command=setSchedule`);
    return page.body.items[0] as { id: string; params: { calendar: { rules: unknown[] }; programs: unknown[] } };
  };

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sends the calendar with its programs to every light point as one job, each item ending with its device', async () => {
    const nights = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Nights',
      intervals: EVENING,
    });
    const festive = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Festive',
      intervals: [{ start: '18:00', dimming: 100, fadingMinutes: 0 }],
    });
    const calendar = await created('/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Streets',
      astronomical: true,
      defaultProgramId: nights.id,
      rules: [{ repetition: 'yearly', startDate: '2026-12-24', programId: festive.id }],
    });
    const serials = [uniqueSerial('APPLY'), uniqueSerial('APPLY'), uniqueSerial('APPLY')];
    const [first, second, cabinet] = [
      await h.register(serials[0]!, { projectId: DEMO_PROJECT_ID }),
      await h.register(serials[1]!, { projectId: DEMO_PROJECT_ID }),
      await h.register(serials[2]!, { projectId: DEMO_PROJECT_ID, deviceType: 'cabinet-controller' }),
    ];
    const group = await created('/v1/groups', { projectId: DEMO_PROJECT_ID, name: 'Streets', calendarId: calendar.id });
    await send('POST', `/v1/groups/${group.id}/members`, { deviceIds: [first, second, cabinet] });

    const applied = await send('POST', `/v1/groups/${group.id}/apply`);
    expect(applied).toMatchObject({
      status: 202,
      body: { groupId: group.id, calendarId: calendar.id, total: 3, skipped: 1, status: 'running' },
    });

    // Each light point got one setSchedule: the calendar with the program of days no rule covers
    // as a daily rule first (the least specific), and both programs.
    await expect.poll(async () => (await scheduleRequestOf(second))?.id).toEqual(expect.any(String));
    const request = await scheduleRequestOf(first);
    expect(request.params.calendar.rules).toEqual([
      { repetition: 'yearly', startDate: '2026-12-24', programId: festive.id },
      { repetition: 'daily', startDate: '2000-01-01', programId: nights.id },
    ]);
    expect(request.params.programs).toHaveLength(2);
    expect(await scheduleRequestOf(cabinet)).toBeUndefined();

    await h.publish(serials[0]!, 'commands', { requestId: request.id, status: 'DONE', progress: 100 });
    const other = await scheduleRequestOf(second);
    await h.publish(serials[1]!, 'commands', {
      requestId: other.id,
      status: 'ERROR',
      progress: 0,
      error: { code: 'NOT_ACCEPTABLE' },
    });
    await expect
      .poll(async () => (await send('GET', `/v1/schedule-jobs/${applied.body.id}`)).body)
      .toMatchObject({ status: 'done', succeeded: 1, failed: 1, skipped: 1, pending: 0 });
  });

  it("runs a group's one control program every day, and its project's default calendar when it names none", async () => {
    const program = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Solo',
      intervals: EVENING,
    });
    const device = await h.register(uniqueSerial('APPLY'), { projectId: DEMO_PROJECT_ID });
    const group = await created('/v1/groups', { projectId: DEMO_PROJECT_ID, name: 'Solo', programId: program.id });
    await send('POST', `/v1/groups/${group.id}/members`, { deviceIds: [device] });
    expect((await send('POST', `/v1/groups/${group.id}/apply`)).body).toMatchObject({
      programId: program.id,
      total: 1,
    });
    await expect
      .poll(async () => (await scheduleRequestOf(device))?.params.calendar.rules)
      .toEqual([{ repetition: 'daily', startDate: '2000-01-01', programId: program.id }]);
  });

  it("tells whether a light point runs its group's schedule, until the group's calendar changes", async () => {
    const program = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Synced',
      intervals: EVENING,
    });
    const rules = [{ repetition: 'daily', startDate: '2026-01-01', programId: program.id }];
    const calendar = await created('/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Synced',
      astronomical: false,
      rules,
    });
    const serial = uniqueSerial('APPLY');
    const device = await h.register(serial, { projectId: DEMO_PROJECT_ID });
    const group = await created('/v1/groups', { projectId: DEMO_PROJECT_ID, name: 'Synced', calendarId: calendar.id });
    await send('POST', `/v1/groups/${group.id}/members`, { deviceIds: [device] });
    const state = async () => (await send('GET', `/v1/devices/${device}/schedule`)).body;
    expect(await state()).toMatchObject({
      group: { id: group.id },
      calendarId: calendar.id,
      sync: 'outOfSync',
      lastRequest: null,
    });

    await send('POST', `/v1/groups/${group.id}/apply`);
    await expect.poll(async () => (await state()).sync).toBe('sending');
    const request = await scheduleRequestOf(device);
    await h.publish(serial, 'commands', { requestId: request.id, status: 'DONE', progress: 100 });
    await expect.poll(async () => (await state()).sync).toBe('inSync');

    // The calendar changes: the device runs the old one until the group is applied again.
    await send('PUT', `/v1/calendars/${calendar.id}`, { name: 'Synced', astronomical: true, rules });
    expect((await state()).sync).toBe('outOfSync');
  });

  it('applies every group that runs a calendar, or uses a program in its calendar, one job each', async () => {
    const program = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Used twice',
      intervals: EVENING,
    });
    const calendar = await created('/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Uses it',
      astronomical: false,
      rules: [{ repetition: 'daily', startDate: '2026-01-01', programId: program.id }],
    });
    const byCalendar = await created('/v1/groups', {
      projectId: DEMO_PROJECT_ID,
      name: 'By its calendar',
      calendarId: calendar.id,
    });
    const byProgram = await created('/v1/groups', {
      projectId: DEMO_PROJECT_ID,
      name: 'By the program',
      programId: program.id,
    });
    // A group that runs the program too, with no light point in it.
    await created('/v1/groups', { projectId: DEMO_PROJECT_ID, name: 'Nobody in it', programId: program.id });
    for (const group of [byCalendar, byProgram]) {
      const device = await h.register(uniqueSerial('APPLY'), { projectId: DEMO_PROJECT_ID });
      await send('POST', `/v1/groups/${group.id}/members`, { deviceIds: [device] });
    }
    // The calendar's luminaires: the light point of the group naming it.
    const listed = await send('GET', `/v1/calendars?projectId=${DEMO_PROJECT_ID}&q=Uses it`);
    expect(listed.body.items).toEqual([expect.objectContaining({ id: calendar.id, luminaires: 1 })]);
    const viaProgram = await send('POST', `/v1/control-programs/${program.id}/apply`);
    expect(viaProgram.status).toBe(202);
    // The empty group is left out; the others get one job each.
    expect(viaProgram.body.jobs.map((job: { groupId: string }) => job.groupId).sort()).toEqual(
      [byCalendar.id, byProgram.id].sort(),
    );
    const viaCalendar = await send('POST', `/v1/calendars/${calendar.id}/apply`);
    expect(viaCalendar.body.jobs).toEqual([
      expect.objectContaining({ groupId: byCalendar.id, calendarId: calendar.id }),
    ]);
  });

  it('lists each group with its last apply, and whether what it runs has changed since', async () => {
    const program = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Listed apply',
      intervals: EVENING,
    });
    const device = await h.register(uniqueSerial('APPLY'), { projectId: DEMO_PROJECT_ID });
    const group = await created('/v1/groups', {
      projectId: DEMO_PROJECT_ID,
      name: 'Listed apply',
      programId: program.id,
    });
    await send('POST', `/v1/groups/${group.id}/members`, { deviceIds: [device] });
    const listed = async () =>
      (await send('GET', `/v1/groups?projectId=${DEMO_PROJECT_ID}&q=Listed`)).body.items[0].lastApply;
    expect(await listed()).toBeNull();

    const first = (await send('POST', `/v1/groups/${group.id}/apply`)).body;
    expect(await listed()).toMatchObject({ jobId: first.id, appliedAt: expect.any(String), current: true });

    // The program is edited: the group's light points run the earlier version until it is applied again.
    const later = [...EVENING, { start: '02:00', dimming: 30, fadingMinutes: 0 }];
    expect(
      (await send('PUT', `/v1/control-programs/${program.id}`, { name: 'Listed apply', intervals: later })).status,
    ).toBe(200);
    expect(await listed()).toMatchObject({ jobId: first.id, current: false });
    const second = (await send('POST', `/v1/groups/${group.id}/apply`)).body;
    expect(await listed()).toMatchObject({ jobId: second.id, current: true });
  });

  it("sends the operate mode a group manages with its schedule, and is out of sync once the group's mode changes", async () => {
    const program = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Managed mode',
      intervals: EVENING,
    });
    const serial = uniqueSerial('APPLY');
    const device = await h.register(serial, { projectId: DEMO_PROJECT_ID });
    const group = await created('/v1/groups', {
      projectId: DEMO_PROJECT_ID,
      name: 'Managed mode',
      programId: program.id,
      operateMode: '006',
    });
    await send('POST', `/v1/groups/${group.id}/members`, { deviceIds: [device] });
    await send('POST', `/v1/groups/${group.id}/apply`);
    await expect.poll(async () => (await scheduleRequestOf(device))?.id).toEqual(expect.any(String));
    const request = await scheduleRequestOf(device);
    expect(request.params).toMatchObject({ operateMode: '006' });
    await h.publish(serial, 'commands', { requestId: request.id, status: 'DONE', progress: 100 });
    const state = async () => (await send('GET', `/v1/devices/${device}/schedule`)).body;
    await expect.poll(async () => (await state()).sync).toBe('inSync');

    const edited = await send('PUT', `/v1/groups/${group.id}`, {
      name: 'Managed mode',
      calendarId: null,
      programId: program.id,
      operateMode: '014',
    });
    expect(edited.status).toBe(200);
    expect((await state()).sync).toBe('outOfSync');
  });

  it('skips, before sending, the light points of a family that cannot hold the schedule, and refuses when none can', async () => {
    const program = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Holidays',
      intervals: EVENING,
    });
    // 20 one-day rules: an Orion light point holds 50, a Vega one 16.
    const rules = Array.from({ length: 20 }, (_, i) => ({
      repetition: 'once',
      startDate: `2027-02-${String(i + 1).padStart(2, '0')}`,
      programId: program.id,
    }));
    const calendar = await created('/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Many holidays',
      astronomical: false,
      rules,
    });
    const orion = await h.register(uniqueSerial('APPLY'), { projectId: DEMO_PROJECT_ID, vendor: 'orion' });
    const vega = await h.register(uniqueSerial('APPLY'), { projectId: DEMO_PROJECT_ID, vendor: 'vega' });
    const group = await created('/v1/groups', { projectId: DEMO_PROJECT_ID, name: 'Many', calendarId: calendar.id });
    await send('POST', `/v1/groups/${group.id}/members`, { deviceIds: [orion, vega] });
    expect((await send('POST', `/v1/groups/${group.id}/apply`)).body).toMatchObject({ total: 2, skipped: 1 });
    await expect.poll(async () => (await scheduleRequestOf(orion))?.id).toEqual(expect.any(String));
    expect(await scheduleRequestOf(vega)).toBeUndefined();

    const vegaOnly = await created('/v1/groups', { projectId: DEMO_PROJECT_ID, name: 'Vega', calendarId: calendar.id });
    await send('POST', `/v1/groups/${vegaOnly.id}/members`, { deviceIds: [vega] });
    expect(await send('POST', `/v1/groups/${vegaOnly.id}/apply`)).toMatchObject({
      status: 422,
      body: { error: { code: 'SCHEDULE_TOO_LARGE_FOR_DEVICE' } },
    });
  });

  it("previews a year of a calendar's, or a group's, schedule at a place, and refuses an unknown time zone", async () => {
    const program = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Preview',
      intervals: EVENING,
    });
    const rules = [{ repetition: 'daily', startDate: '2026-01-01', programId: program.id }];
    const calendar = await created('/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Preview',
      astronomical: true,
      rules,
    });
    const group = await created('/v1/groups', { projectId: DEMO_PROJECT_ID, name: 'Preview', calendarId: calendar.id });
    const place = 'year=2027&latitude=41.39&longitude=2.17&timezone=Europe/Madrid';
    for (const path of [`/v1/calendars/${calendar.id}/preview`, `/v1/groups/${group.id}/preview`]) {
      const preview = await send('GET', `${path}?${place}`);
      expect(preview.status).toBe(200);
      expect(preview.body.days).toHaveLength(365);
      // Astronomical: lit from sunset, fading to 60 % from 23:00 (the 23 h cell averages the fade), dark by day.
      const january = preview.body.days.find((day: { date: string }) => day.date === '2027-01-15');
      expect(january.hours.slice(19, 24)).toEqual([100, 100, 100, 100, 69]);
      expect(january.hours[12]).toBe(0);
    }
    const unknown = await send(
      'GET',
      `/v1/groups/${group.id}/preview?year=2027&latitude=41.39&longitude=2.17&timezone=Mars/Olympus`,
    );
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
  });

  it('refuses a group with nothing to run or no light point, before anything is sent', async () => {
    const north = await created('/v1/groups', { projectId: DEMO_NORTH_PROJECT_ID, name: 'Unscheduled' });
    const device = await h.register(uniqueSerial('APPLY'), { projectId: DEMO_NORTH_PROJECT_ID });
    await send('POST', `/v1/groups/${north.id}/members`, { deviceIds: [device] });
    expect(await send('POST', `/v1/groups/${north.id}/apply`)).toMatchObject({
      status: 409,
      body: { error: { code: 'NOTHING_TO_APPLY' } },
    });
    const empty = await created('/v1/groups', { projectId: DEMO_PROJECT_ID, name: 'Empty' });
    expect(await send('POST', `/v1/groups/${empty.id}/apply`)).toMatchObject({
      status: 409,
      body: { error: { code: 'GROUP_WITHOUT_LIGHT_POINTS' } },
    });
    expect(await scheduleRequestOf(device)).toBeUndefined();
  });
});
