import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness';

const EVENING = [
  { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
  { start: '23:00', dimming: 60, fadingMinutes: 15 },
  { start: { sun: 'sunrise', offsetMinutes: 10 }, dimming: 0, fadingMinutes: 0 },
];

describe('TALQ interchange of control programs and calendars', () => {
  let h: Harness;
  const send: Harness['send'] = (...args) => h.send(...args);
  const newProgram = async (name: string, projectId = DEMO_PROJECT_ID) => {
    const answer = await send('POST', '/v1/control-programs', { projectId, name, intervals: EVENING });
    expect(answer.status).toBe(201);
    return answer.body as { id: string; name: string };
  };
  const newCalendar = async (name: string, rules: unknown[], projectId = DEMO_PROJECT_ID) => {
    const answer = await send('POST', '/v1/calendars', { projectId, name, astronomical: true, rules });
    expect(answer.status).toBe(201);
    return answer.body as { id: string; name: string };
  };
  const names = async (list: 'control-programs' | 'calendars', projectId: string) =>
    (await send('GET', `/v1/${list}?projectId=${projectId}&limit=500`)).body.items.map(
      (item: { name: string }) => item.name,
    );
  const exported = async (query: string) => {
    const answer = await send('GET', `/v1/scheduling/export?${query}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('exports a calendar with the programs it names as a download, and imports it into another project', async () => {
    const [weekdays, weekends] = [await newProgram('Export weekdays'), await newProgram('Export weekends')];
    await newProgram('Export unused');
    const calendar = await newCalendar('Export old town', [
      { repetition: 'once', startDate: '2026-12-24', programId: weekends.id },
      { repetition: 'weekly', weekdays: ['saturday', 'sunday'], startDate: '2026-01-01', programId: weekends.id },
      { repetition: 'daily', startDate: '2026-01-01', programId: weekdays.id },
    ]);
    const query = `projectId=${DEMO_PROJECT_ID}&calendarId=${calendar.id}`;
    const raw = await fetch(`${h.server.httpUrl}/lighting/api/v1/scheduling/export?${query}`);
    expect(raw.headers.get('content-disposition')).toContain('filename="Export old town.talq.json"');
    const document = (await raw.json()) as { controlPrograms: { name: string }[]; calendars: unknown[] };
    expect(document.controlPrograms.map((p) => p.name)).toEqual(['Export weekends', 'Export weekdays']);
    expect(document.calendars).toHaveLength(1);

    const imported = await send('POST', '/v1/scheduling/import', { projectId: DEMO_NORTH_PROJECT_ID, document });
    expect(imported.status).toBe(201);
    expect(imported.body.programs.map((p: { name: string; calendars: number }) => [p.name, p.calendars])).toEqual([
      ['Export weekends', 1],
      ['Export weekdays', 1],
    ]);
    const [copy] = imported.body.calendars;
    expect(copy).toMatchObject({ projectId: DEMO_NORTH_PROJECT_ID, name: 'Export old town', astronomical: true });
    // The copy's rules name the copies of the programs, in the same order.
    const [weekendsCopy, weekdaysCopy] = imported.body.programs.map((p: { id: string }) => p.id);
    expect(
      copy.rules.map((rule: { repetition: string; programId: string }) => [rule.repetition, rule.programId]),
    ).toEqual([
      ['once', weekendsCopy],
      ['weekly', weekendsCopy],
      ['daily', weekdaysCopy],
    ]);
    expect(await names('calendars', DEMO_NORTH_PROJECT_ID)).toContain('Export old town');
    expect(await names('control-programs', DEMO_NORTH_PROJECT_ID)).not.toContain('Export unused');
  });

  it('exports a whole project, and refuses it back into the same project with nothing created', async () => {
    const program = await newProgram('Whole project');
    await newCalendar('Whole project calendar', [
      { repetition: 'daily', startDate: '2026-01-01', programId: program.id },
    ]);
    const document = await exported(`projectId=${DEMO_PROJECT_ID}`);
    expect(document.controlPrograms.map((p: { name: string }) => p.name)).toContain('Whole project');
    expect(document.calendars.map((c: { name: string }) => c.name)).toContain('Whole project calendar');

    const before = await names('control-programs', DEMO_PROJECT_ID);
    const again = await send('POST', '/v1/scheduling/import', { projectId: DEMO_PROJECT_ID, document });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'CONTROL_PROGRAM_EXISTS' } } });
    expect(await names('control-programs', DEMO_PROJECT_ID)).toEqual(before);
  });

  it('refuses a calendar name the project has after creating the programs, and keeps none of them', async () => {
    const program = await newProgram('Taken calendar program');
    await newCalendar('Taken calendar', [{ repetition: 'daily', startDate: '2026-01-01', programId: program.id }]);
    const document = {
      format: 'farola-talq-interchange',
      formatVersion: 1,
      dayOffset: 12,
      controlPrograms: [
        {
          type: 'ControlProgramOne',
          id: 'p1',
          name: 'Brand new program',
          fixedTimeControls: [{ startTime: '20:00:00', command: { state: { name: 'LevelState', value: 80 } } }],
        },
      ],
      calendars: [{ id: 'c1', name: 'TAKEN CALENDAR', rules: [{ startDate: '2026-01-01', program: 'p1' }] }],
    };
    const answer = await send('POST', '/v1/scheduling/import', { projectId: DEMO_PROJECT_ID, document });
    expect(answer).toMatchObject({
      status: 409,
      body: { error: { code: 'CALENDAR_EXISTS', message: 'Calendar TAKEN CALENDAR already exists' } },
    });
    expect(await names('control-programs', DEMO_PROJECT_ID)).not.toContain('Brand new program');
  });

  it('refuses what Farola cannot represent, with the path of each field in the document and its code', async () => {
    const document = {
      format: 'farola-talq-interchange',
      formatVersion: 1,
      dayOffset: 12,
      controlPrograms: [
        {
          type: 'ControlProgramOne',
          id: 'sensor-driven',
          fixedTimeControls: [{ startTime: '20:00:15', command: { state: { name: 'LevelState', value: 80 } } }],
          dynamicControls: [{ effect: { type: 'ExternalControlEffect', operation: 'Max', source: {} } }],
        },
      ],
      calendars: [
        {
          id: 'seasons',
          rules: [
            { startDate: '--06-01', endDate: '--09-30', program: 'sensor-driven' },
            { condition: { type: 'ccDay', days: [{ start: 1 }], occurrences: ['1'] }, program: 'sensor-driven' },
          ],
        },
      ],
    };
    const answer = await send('POST', '/v1/scheduling/import', { projectId: DEMO_PROJECT_ID, document });
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect(answer.body.error.details.map((issue: { path: string; code: string }) => [issue.path, issue.code])).toEqual([
      ['document.controlPrograms.0.dynamicControls.0', 'talq.error.dynamicControl'],
      ['document.controlPrograms.0.fixedTimeControls.0.startTime', 'talq.error.seconds'],
      ['document.calendars.0.rules.0.startDate', 'talq.error.recurringDates'],
      ['document.calendars.0.rules.0.endDate', 'talq.error.recurringDates'],
      ['document.calendars.0.rules.1.condition.occurrences', 'talq.error.occurrences'],
    ]);
    expect(await names('control-programs', DEMO_PROJECT_ID)).not.toContain('sensor-driven');

    const notTalq = await send('POST', '/v1/scheduling/import', {
      projectId: DEMO_PROJECT_ID,
      document: { format: 'talq', calendars: 'none' },
    });
    expect(notTalq.status).toBe(400);
    expect(notTalq.body.error.details.map((issue: { path: string }) => issue.path)).toEqual(
      expect.arrayContaining(['document.format', 'document.formatVersion', 'document.calendars']),
    );
  });

  it('answers a calendar of another project, or a project the caller cannot see, as not found', async () => {
    const program = await newProgram('North only', DEMO_NORTH_PROJECT_ID);
    const north = await newCalendar(
      'North only',
      [{ repetition: 'daily', startDate: '2026-01-01', programId: program.id }],
      DEMO_NORTH_PROJECT_ID,
    );
    const wrongProject = await send('GET', `/v1/scheduling/export?projectId=${DEMO_PROJECT_ID}&calendarId=${north.id}`);
    expect(wrongProject.status).toBe(404);
    const unknown = '7f3c2b1a-0000-4000-8000-000000000000';
    expect((await send('GET', `/v1/scheduling/export?projectId=${unknown}`)).status).toBe(404);
    const document = await exported(`projectId=${DEMO_NORTH_PROJECT_ID}&calendarId=${north.id}`);
    expect((await send('POST', '/v1/scheduling/import', { projectId: unknown, document })).status).toBe(404);
  });
});
