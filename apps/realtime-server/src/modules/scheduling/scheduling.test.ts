import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID, MIN_FADING_MINUTES } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness';

const EVENING = [
  { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
  { start: '23:00', dimming: 60, fadingMinutes: 15 },
  { start: { sun: 'sunrise', offsetMinutes: 10 }, dimming: 0, fadingMinutes: 0 },
];

describe('control programs and calendars', () => {
  let h: Harness;
  const send: Harness['send'] = (...args) => h.send(...args);
  const newProgram = async (name: string, projectId = DEMO_PROJECT_ID) => {
    const answer = await send('POST', '/v1/control-programs', { projectId, name, intervals: EVENING });
    expect(answer.status).toBe(201);
    return answer.body as { id: string; name: string; projectId: string };
  };
  const daily = (programId: string) => ({ repetition: 'daily', startDate: '2026-01-01', programId });
  const newCalendar = async (name: string, programId: string, projectId = DEMO_PROJECT_ID) => {
    const body = { projectId, name, astronomical: false, rules: [daily(programId)] };
    const answer = await send('POST', '/v1/calendars', body);
    expect(answer.status).toBe(201);
    return answer.body as { id: string; isDefault: boolean };
  };

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates, reads, lists, saves and duplicates a control program', async () => {
    const program = await newProgram('Residential street');
    expect(program).toMatchObject({ projectId: DEMO_PROJECT_ID, intervals: EVENING, calendars: 0 });
    expect((await send('GET', `/v1/control-programs/${program.id}`)).body).toEqual(program);

    const saved = await send('PUT', `/v1/control-programs/${program.id}`, {
      name: 'Residential street, late',
      intervals: EVENING.slice(0, 2),
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { name: 'Residential street, late', intervals: EVENING.slice(0, 2) },
    });

    const copy = await send('POST', `/v1/control-programs/${program.id}/duplicate`, {});
    expect(copy).toMatchObject({ status: 201, body: { name: 'Residential street, late (copy)' } });
    expect(copy.body.id).not.toBe(program.id);
    const named = await send('POST', `/v1/control-programs/${program.id}/duplicate`, { name: 'Avenue' });
    expect(named).toMatchObject({ status: 201, body: { name: 'Avenue', intervals: EVENING.slice(0, 2) } });

    const list = await send('GET', `/v1/control-programs?projectId=${DEMO_PROJECT_ID}&q=street`);
    expect(list.body.items.map((p: { name: string }) => p.name)).toEqual([
      'Residential street, late',
      'Residential street, late (copy)',
    ]);
    const reversed = await send('GET', `/v1/control-programs?projectId=${DEMO_PROJECT_ID}&sort=-name&limit=1`);
    expect(reversed.body.nextCursor).toEqual(expect.any(String));
  });

  it('refuses intervals closer than the minimum fading time, with the catalogue code and values', async () => {
    const answer = await send('POST', '/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'Too close',
      intervals: [
        { start: '23:00', dimming: 60, fadingMinutes: 0 },
        { start: '23:03', dimming: 40, fadingMinutes: 0 },
      ],
    });
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect(answer.body.error.details).toContainEqual(
      expect.objectContaining({
        path: 'intervals.1.start',
        code: 'controlProgram.error.wrongFadingTime',
        params: { firstInterval: '23:00', secondInterval: '23:03', minFadingTime: MIN_FADING_MINUTES },
      }),
    );
  });

  it('keeps names unique per project, whatever their case', async () => {
    await newProgram('Park paths');
    const twice = await send('POST', '/v1/control-programs', {
      projectId: DEMO_PROJECT_ID,
      name: 'PARK PATHS',
      intervals: EVENING,
    });
    expect(twice).toMatchObject({
      status: 409,
      body: { error: { code: 'CONTROL_PROGRAM_EXISTS', message: 'Control program PARK PATHS already exists' } },
    });
    // Another project may have its own.
    await newProgram('Park paths', DEMO_NORTH_PROJECT_ID);
  });

  it("makes a project's first calendar its default, and refuses to delete the default", async () => {
    const program = await newProgram('North nights', DEMO_NORTH_PROJECT_ID);
    const first = await newCalendar('North standard', program.id, DEMO_NORTH_PROJECT_ID);
    const second = await newCalendar('North festive', program.id, DEMO_NORTH_PROJECT_ID);
    expect([first.isDefault, second.isDefault]).toEqual([true, false]);

    expect(await send('DELETE', `/v1/calendars/${first.id}`)).toMatchObject({
      status: 409,
      body: { error: { code: 'DEFAULT_CALENDAR', message: 'Default calendar can not be deleted' } },
    });
    // Another default frees the first for deletion.
    expect((await send('POST', `/v1/calendars/${second.id}/default`)).body.isDefault).toBe(true);
    expect((await send('GET', `/v1/calendars/${first.id}`)).body.isDefault).toBe(false);
    expect((await send('DELETE', `/v1/calendars/${first.id}`)).status).toBe(200);
    expect((await send('GET', `/v1/calendars/${first.id}`)).status).toBe(404);
  });

  it('refuses to delete a control program a calendar uses, in a rule or as its default program', async () => {
    const inRule = await newProgram('Used in a rule');
    const asDefault = await newProgram('Used as default');
    const calendar = await newCalendar('Old town', inRule.id);
    expect((await send('GET', `/v1/control-programs/${inRule.id}`)).body.calendars).toBe(1);
    await send('PUT', `/v1/calendars/${calendar.id}`, {
      name: 'Old town',
      astronomical: true,
      rules: [daily(inRule.id)],
      defaultProgramId: asDefault.id,
    });
    for (const program of [inRule, asDefault]) {
      expect(await send('DELETE', `/v1/control-programs/${program.id}`)).toMatchObject({
        status: 409,
        body: {
          error: {
            code: 'CONTROL_PROGRAM_IN_CALENDAR',
            message: 'Control program cannot be deleted. It is been used in a calendar',
          },
        },
      });
    }
    const unused = await newProgram('Unused');
    expect(await send('DELETE', `/v1/control-programs/${unused.id}`)).toMatchObject({
      status: 200,
      body: { name: 'Unused' },
    });
  });

  it("keeps a calendar's rules in their order, and refuses programs of another project", async () => {
    const [a, b] = [await newProgram('Weekdays'), await newProgram('Weekends')];
    const north = await newProgram('North only', DEMO_NORTH_PROJECT_ID);
    const rules = [
      { repetition: 'once', startDate: '2026-12-24', programId: b.id },
      { repetition: 'weekly', weekdays: ['saturday', 'sunday'], startDate: '2026-01-01', programId: b.id },
      daily(a.id),
    ];
    const created = await send('POST', '/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Ordered',
      astronomical: false,
      rules,
    });
    expect(created).toMatchObject({ status: 201, body: { rules, defaultProgramId: null } });

    const foreign = await send('PUT', `/v1/calendars/${created.body.id}`, {
      name: 'Ordered',
      astronomical: false,
      rules: [{ ...daily(north.id), endDate: '2026-06-30' }, daily(a.id)],
    });
    expect(foreign).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect(foreign.body.error.details).toEqual([expect.objectContaining({ path: 'rules.0.programId' })]);
    // Nothing of the refused save was kept.
    expect((await send('GET', `/v1/calendars/${created.body.id}`)).body.rules).toEqual(rules);
  });

  it("refuses a calendar without rules ('Rule required') and a rule ending before it starts", async () => {
    const program = await newProgram('Any night');
    const empty = await send('POST', '/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Empty',
      astronomical: false,
      rules: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toContainEqual(
      expect.objectContaining({ path: 'rules', message: 'Rule required' }),
    );
    const backwards = await send('POST', '/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Backwards',
      astronomical: false,
      rules: [{ ...daily(program.id), endDate: '2025-12-31' }],
    });
    expect(backwards.body.error.details).toContainEqual(
      expect.objectContaining({ path: 'rules.0.endDate', code: 'calendar.error.endBeforeStart' }),
    );
  });

  it('refuses a rule the rules above it leave no day to, and keeps nothing of it', async () => {
    const program = await newProgram('Holiday night');
    const shadowed = await send('POST', '/v1/calendars', {
      projectId: DEMO_PROJECT_ID,
      name: 'Holiday below',
      astronomical: false,
      rules: [daily(program.id), { repetition: 'once', startDate: '2026-12-25', programId: program.id }],
    });
    expect(shadowed).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect(shadowed.body.error.details).toEqual([
      expect.objectContaining({
        path: 'rules.1',
        code: 'calendar.error.ruleNeverApplies',
        params: { rule: 2, above: 1 },
      }),
    ]);
    const names = (await send('GET', `/v1/calendars?projectId=${DEMO_PROJECT_ID}`)).body.items.map(
      (calendar: { name: string }) => calendar.name,
    );
    expect(names).not.toContain('Holiday below');
  });

  it('answers an unknown program, calendar or project as not found', async () => {
    const unknown = '7f3c2b1a-0000-4000-8000-000000000000';
    expect((await send('GET', `/v1/control-programs/${unknown}`)).status).toBe(404);
    expect((await send('DELETE', `/v1/calendars/${unknown}`)).status).toBe(404);
    expect((await send('GET', '/v1/calendars/not-an-id')).body.error.code).toBe('INVALID_ID');
    const orphan = await send('POST', '/v1/control-programs', { projectId: unknown, name: 'x', intervals: EVENING });
    expect(orphan.status).toBe(404);
  });
});
