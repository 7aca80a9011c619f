import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';

const INTERVALS = [{ start: '20:00', dimming: 100, fadingMinutes: 0 }];

describe('groups', () => {
  let h: Harness;
  const send: Harness['send'] = (...args) => h.send(...args);
  const created = async (path: string, body: unknown) => {
    const answer = await send('POST', path, body);
    expect(answer.status).toBe(201);
    return answer.body as { id: string };
  };
  const newGroup = (name: string, extra: object = {}) =>
    created('/v1/groups', { projectId: DEMO_PROJECT_ID, name, ...extra });
  const groupOf = async (deviceId: string) => (await send('GET', `/v1/devices/${deviceId}/group`)).body;
  const register = (projectId = DEMO_PROJECT_ID) => h.register(uniqueSerial('GROUP'), { projectId });

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("puts every new device in its project's default group, which cannot be deleted", async () => {
    const device = await register();
    const group = await groupOf(device);
    expect(group).toMatchObject({ projectId: DEMO_PROJECT_ID, isDefault: true, calendarId: null, operateMode: null });
    expect(group.members).toBeGreaterThanOrEqual(1);
    const listed = await send('GET', `/v1/groups?projectId=${DEMO_PROJECT_ID}`);
    // The list says too when each group was last applied: this one never was.
    expect(listed.body.items.filter((g: { isDefault: boolean }) => g.isDefault)).toEqual([
      { ...group, lastApply: null },
    ]);
    expect(await send('DELETE', `/v1/groups/${group.id}`)).toMatchObject({
      status: 409,
      body: { error: { code: 'DEFAULT_GROUP', message: 'Default group can not be deleted' } },
    });
  });

  it('moves devices between groups, counts them, and refuses to delete a group with members', async () => {
    const [first, second] = [await register(), await register()];
    const park = await newGroup('Park');
    const put = await send('POST', `/v1/groups/${park.id}/members`, { deviceIds: [first, second] });
    expect(put).toMatchObject({ status: 200, body: { moved: 2, group: { id: park.id, members: 2 } } });
    expect((await groupOf(first)).id).toBe(park.id);
    // Putting them again changes nothing.
    expect((await send('POST', `/v1/groups/${park.id}/members`, { deviceIds: [first] })).body.moved).toBe(0);

    expect(await send('DELETE', `/v1/groups/${park.id}`)).toMatchObject({
      status: 409,
      body: { error: { code: 'GROUP_HAS_MEMBERS', message: 'Group with members can not be deleted' } },
    });
    // Back to the default group, the group is empty and may go.
    const defaultGroup = (await send('GET', `/v1/groups?projectId=${DEMO_PROJECT_ID}&q=Default`)).body.items[0];
    const back = await send('POST', `/v1/groups/${defaultGroup.id}/members`, { deviceIds: [first, second] });
    expect(back.body.moved).toBe(2);
    expect((await groupOf(second)).isDefault).toBe(true);
    expect(await send('DELETE', `/v1/groups/${park.id}`)).toMatchObject({ status: 200, body: { members: 0 } });
  });

  it('refuses devices of another project, and names unique per project', async () => {
    const north = await register(DEMO_NORTH_PROJECT_ID);
    const streets = await newGroup('Streets');
    expect(await send('POST', `/v1/groups/${streets.id}/members`, { deviceIds: [north] })).toMatchObject({
      status: 409,
      body: { error: { code: 'INCOMPATIBLE_SELECTION' } },
    });
    const unknown = '7f3c2b1a-0000-4000-8000-000000000000';
    expect((await send('POST', `/v1/groups/${streets.id}/members`, { deviceIds: [unknown] })).status).toBe(404);
    expect(await send('POST', '/v1/groups', { projectId: DEMO_PROJECT_ID, name: 'STREETS' })).toMatchObject({
      status: 409,
      body: { error: { code: 'GROUP_EXISTS', message: 'Group STREETS already exists' } },
    });
  });

  it('refuses to delete a calendar or a control program a group runs', async () => {
    const program = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Group nights',
      intervals: INTERVALS,
    });
    const rules = [{ repetition: 'daily', startDate: '2026-01-01', programId: program.id }];
    const calendar = await created('/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Group calendar',
      astronomical: false,
      rules,
    });
    // Another calendar becomes the default, so that only the group keeps this one.
    const other = await created('/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Spare',
      astronomical: false,
      rules,
    });
    await send('POST', `/v1/calendars/${other.id}/default`);
    const byCalendar = await newGroup('By calendar', { calendarId: calendar.id, operateMode: '005' });
    expect(await send('GET', `/v1/groups/${byCalendar.id}`)).toMatchObject({
      body: { calendarId: calendar.id, programId: null, operateMode: '005' },
    });
    expect(await send('DELETE', `/v1/calendars/${calendar.id}`)).toMatchObject({
      status: 409,
      body: {
        error: { code: 'CALENDAR_IN_GROUP', message: 'It is not possible to delete a calendar applied to a group' },
      },
    });

    const solo = await created('/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Group only',
      intervals: INTERVALS,
    });
    await newGroup('By program', { programId: solo.id });
    expect(await send('DELETE', `/v1/control-programs/${solo.id}`)).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'CONTROL_PROGRAM_IN_GROUP',
          message: 'It is not possible to delete a control program applied to a group',
        },
      },
    });

    // Both at once, or one of another project, are refused with the field.
    const both = await send('POST', '/v1/groups', {
      projectId: DEMO_PROJECT_ID,
      name: 'Both',
      calendarId: calendar.id,
      programId: solo.id,
    });
    expect(both.body.error.details).toContainEqual(expect.objectContaining({ path: 'programId' }));
    const foreign = await send('POST', '/v1/groups', {
      projectId: DEMO_NORTH_PROJECT_ID,
      name: 'Foreign',
      calendarId: calendar.id,
    });
    expect(foreign).toMatchObject({ status: 400, body: { error: { details: [{ path: 'calendarId' }] } } });
  });

  it("lets a device that moves to another project leave its group for the new project's default", async () => {
    const device = await register();
    const group = await newGroup('Movers');
    await send('POST', `/v1/groups/${group.id}/members`, { deviceIds: [device] });
    const job = await send('POST', '/v1/bulk-actions', {
      action: 'changeProject',
      params: { projectId: DEMO_NORTH_PROJECT_ID },
      deviceIds: [device],
    });
    expect(job.status).toBe(202);
    await expect.poll(async () => (await groupOf(device)).projectId).toBe(DEMO_NORTH_PROJECT_ID);
    expect(await groupOf(device)).toMatchObject({ isDefault: true });
    // The row it left behind is gone, so the group may be deleted.
    await expect.poll(async () => (await send('DELETE', `/v1/groups/${group.id}`)).status).toBe(200);
  });
});
