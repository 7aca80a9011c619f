import { describe, expect, it } from 'vitest';
import { calendarEngineLevel, prepareSchedule } from './schedule-engine';
import type { Calendar, ControlProgram, ProgramInterval } from './scheduling';
import { TALQ_DAY_OFFSET, TalqDocumentSchema, type TalqDocument } from './talq';
import { toTalqDocument } from './talq-export';
import { TALQ_OPEN_START } from './talq-findings';
import { readTalqDocument, type TalqImport } from './talq-import';

const NIGHT: ProgramInterval[] = [
  { start: { sun: 'sunset', offsetMinutes: -10 }, dimming: 100, fadingMinutes: 0 },
  { start: '23:00', dimming: 60, fadingMinutes: 15 },
  { start: '01:30', dimming: 40, fadingMinutes: 5 },
  { start: '06:00', dimming: 100, fadingMinutes: 10 },
  { start: { sun: 'sunrise', offsetMinutes: 15 }, dimming: 0, fadingMinutes: 0 },
];
const FESTIVE: ProgramInterval[] = [
  { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
  { start: { sun: 'sunrise', offsetMinutes: 0 }, dimming: 0, fadingMinutes: 0 },
];

function program(id: string, name: string, intervals: ProgramInterval[]): ControlProgram {
  return { id, name, intervals };
}
const residential = program('5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10', 'Residential street', NIGHT);
const festive = program('0d3c9b1e-6f7a-4e8b-9c2d-1a2b3c4d5e6f', 'Festive', FESTIVE);

type CalendarContent = Calendar & { defaultProgramId: string | null };
/** Rules in priority order, as a calendar keeps them: exceptions above the rules they interrupt. */
const eixample: CalendarContent = {
  id: 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c55',
  name: 'Eixample',
  astronomical: true,
  defaultProgramId: residential.id,
  rules: [
    { repetition: 'once', startDate: '2026-12-31', programId: festive.id },
    { repetition: 'yearly', startDate: '2026-06-23', programId: festive.id },
    { repetition: 'weekly', weekdays: ['friday', 'saturday'], startDate: '2026-01-01', programId: festive.id },
    { repetition: 'daily', startDate: '2026-01-01', endDate: '2027-12-31', programId: residential.id },
  ],
};
const OWNER = 'urn:farola:project:test';

/** A document as a file carries it: written as JSON text and read back. */
function throughFile(document: TalqDocument): unknown {
  return JSON.parse(JSON.stringify(document));
}

function imported(json: unknown): TalqImport {
  const outcome = readTalqDocument(json);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.issues)}`);
  return outcome.value;
}

/** The import's programs and calendars with the provisional ids swapped for those of `originals`, by position. */
function withIdsOf(value: TalqImport, originals: readonly ControlProgram[]) {
  const idOf = new Map(value.programs.map(({ key }, index) => [key, originals[index]!.id]));
  return {
    programs: value.programs.map(({ program: p }, index) => ({ id: originals[index]!.id, ...p })),
    calendars: value.calendars.map((calendar) => ({
      ...calendar,
      defaultProgramId: calendar.defaultProgramId === null ? null : idOf.get(calendar.defaultProgramId)!,
      rules: calendar.rules.map((rule) => ({ ...rule, programId: idOf.get(rule.programId)! })),
    })),
  };
}

/** A minimal document of one program and one calendar, for the refusals. */
function documentWith(overrides: { program?: object; calendar?: object; rule?: object; dayOffset?: number }) {
  return {
    format: 'farola-talq-interchange',
    formatVersion: 1,
    dayOffset: overrides.dayOffset ?? 12,
    controlPrograms: [
      {
        type: 'ControlProgramOne',
        id: 'p1',
        fixedTimeControls: [{ startTime: '20:00:00', command: { state: { name: 'LevelState', value: 100 } } }],
        ...overrides.program,
      },
    ],
    calendars: [
      { id: 'c1', rules: [{ startDate: '2026-01-01', program: 'p1', ...overrides.rule }], ...overrides.calendar },
    ],
  };
}

function refusalsOf(json: unknown) {
  const outcome = readTalqDocument(json);
  expect(outcome.ok).toBe(false);
  return outcome.ok ? [] : outcome.issues.map(({ path, code }) => ({ path, code }));
}

describe('TALQ interchange: export', () => {
  const document = toTalqDocument({ programs: [residential, festive], calendars: [eixample] }, { ownerCMS: OWNER });

  it('writes a document its own import schema accepts, noon to noon', () => {
    expect(TalqDocumentSchema.safeParse(throughFile(document)).success).toBe(true);
    expect(document).toMatchObject({ format: 'farola-talq-interchange', formatVersion: 1, dayOffset: TALQ_DAY_OFFSET });
  });

  it('writes times of day as fixed-time controls from noon on, and sun points as astro-clock controls that set the level', () => {
    const [talq] = document.controlPrograms!;
    expect(talq!.fixedTimeControls.map((control) => control.startTime)).toEqual(['23:00:00', '01:30:00', '06:00:00']);
    expect(talq!.fixedTimeControls[0]).toEqual({
      startTime: '23:00:00',
      command: { state: { name: 'LevelState', value: 60 }, rampToLevelTime: 900 },
    });
    expect(talq!.astroClockTimeControls).toEqual([
      {
        offset: -10,
        solarEventType: 'sunset',
        operation: 'Set',
        command: { state: { name: 'LevelState', value: 100 }, rampToLevelTime: 0 },
      },
      {
        offset: 15,
        solarEventType: 'sunrise',
        operation: 'Set',
        command: { state: { name: 'LevelState', value: 0 }, rampToLevelTime: 0 },
      },
    ]);
  });

  it('writes rules in their priority order with TALQ day and date conditions, and names programs by id', () => {
    const [talq] = document.calendars!;
    expect(talq).toMatchObject({
      id: eixample.id,
      name: 'Eixample',
      astronomical: true,
      defaultProgram: residential.id,
    });
    expect(talq!.rules).toEqual([
      { startDate: '2026-12-31', endDate: '2026-12-31', program: festive.id },
      {
        startDate: '2026-06-23',
        program: festive.id,
        condition: { type: 'ccDate', dates: [{ start: '--06-23' }] },
      },
      {
        startDate: '2026-01-01',
        program: festive.id,
        condition: { type: 'ccDay', days: [{ start: 5 }, { start: 6 }] },
      },
      { startDate: '2026-01-01', endDate: '2027-12-31', program: residential.id },
    ]);
  });

  it('refuses to export a calendar without the programs it names', () => {
    expect(() => toTalqDocument({ programs: [festive], calendars: [eixample] }, { ownerCMS: OWNER })).toThrow(
      /Residential|5b0e3f47/,
    );
  });
});

describe('TALQ interchange: export then import', () => {
  it('gives back the same programs and calendars', () => {
    const document = toTalqDocument({ programs: [residential, festive], calendars: [eixample] }, { ownerCMS: OWNER });
    const back = withIdsOf(imported(throughFile(document)), [residential, festive]);
    expect(back.programs).toEqual([residential, festive]);
    const { id: _id, ...content } = eixample;
    expect(back.calendars).toEqual([content]);
  });

  it('lists the intervals of a program in night order, and the light points run it exactly as before', () => {
    const scrambled = program(residential.id, 'Scrambled', [NIGHT[4]!, NIGHT[2]!, NIGHT[0]!, NIGHT[3]!, NIGHT[1]!]);
    const document = toTalqDocument({ programs: [scrambled], calendars: [] }, { ownerCMS: OWNER });
    const [back] = withIdsOf(imported(throughFile(document)), [scrambled]).programs;
    expect(back!.intervals).toEqual(NIGHT);

    const run = (p: ControlProgram) =>
      prepareSchedule({
        calendar: {
          id: eixample.id,
          name: 'Every day',
          astronomical: false,
          rules: [{ repetition: 'daily', startDate: '2026-01-01', programId: p.id }],
        },
        programs: [p],
      });
    const [before, after] = [run(scrambled), run(back!)];
    const place = { latitude: 41.39, longitude: 2.17 };
    for (let minute = 0; minute < 3 * 24 * 60; minute += 7) {
      const at = Date.UTC(2026, 2, 28) + minute * 60_000;
      expect(calendarEngineLevel(after, at, 'Europe/Madrid', place)).toBe(
        calendarEngineLevel(before, at, 'Europe/Madrid', place),
      );
    }
  });
});

describe('TALQ interchange: import of what other systems write', () => {
  it('names programs and calendars after their ids, and reads ranges of weekdays, booleans and open dates', () => {
    const value = imported({
      format: 'farola-talq-interchange',
      formatVersion: 1,
      dayOffset: 12,
      controlPrograms: [
        {
          type: 'ControlProgramOne',
          id: 'myControlProgram1',
          activePeriods: [],
          fixedTimeControls: [
            { startTime: '21:00', command: { state: { name: 'BooleanState', value: true } } },
            { startTime: '07:00:00', command: { state: { name: 'BooleanState', value: false } } },
          ],
        },
      ],
      calendars: [
        {
          id: 'myCalendar4',
          ownerCMS: 'cms-1',
          rules: [
            { condition: { type: 'ccDate', dates: [{ start: '--10-16' }] }, program: 'myControlProgram1' },
            {
              startDate: '2026-03-01',
              condition: { type: 'ccDay', days: [{ start: 1, end: 3 }, { start: 2 }] },
              program: 'myControlProgram1',
            },
            { endDate: '2030-01-01', program: 'myControlProgram1' },
          ],
        },
      ],
    });
    const key = value.programs[0]!.key;
    expect(value.programs[0]!.program).toEqual({
      name: 'myControlProgram1',
      intervals: [
        { start: '21:00', dimming: 100, fadingMinutes: 0 },
        { start: '07:00', dimming: 0, fadingMinutes: 0 },
      ],
    });
    expect(value.calendars).toEqual([
      {
        name: 'myCalendar4',
        astronomical: false,
        defaultProgramId: null,
        rules: [
          // A day of every year, from the first of them on or after the rule's start.
          { repetition: 'yearly', startDate: '2000-10-16', programId: key },
          {
            repetition: 'weekly',
            weekdays: ['monday', 'tuesday', 'wednesday'],
            startDate: '2026-03-01',
            programId: key,
          },
          { repetition: 'daily', startDate: TALQ_OPEN_START, endDate: '2030-01-01', programId: key },
        ],
      },
    ]);
  });

  it('refuses, each with its path and code, what a Farola program cannot represent', () => {
    const refusals = refusalsOf(
      documentWith({
        program: {
          type: 'ControlProgramOne',
          activePeriods: [{ name: 'AstroClockActivePeriod', sunsetOffset: 0, sunriseOffset: 0 }],
          dynamicControls: [{ effect: { type: 'ExternalControlEffect', operation: 'Max', source: {} } }],
          fixedTimeControls: [
            { startTime: '20:00:30', command: { state: { name: 'LevelState', value: 100 } } },
            { startTime: '22:00:00', command: { state: { name: 'CCTColorState', cct: 3000 } } },
            { startTime: '23:00:00', command: { state: { name: 'LevelState' } } },
            { startTime: '01:00:00', command: { state: { name: 'LevelState', value: 50 }, rampToLevelTime: 90 } },
            {
              startTime: '02:00:00',
              command: { state: { name: 'LevelState', value: 50 }, rampFromLevelTime: 60 },
            },
          ],
          astroClockTimeControls: [
            {
              offset: 0,
              solarEventType: 'sunrise',
              operation: 'Min',
              command: { state: { name: 'LevelState', value: 0 } },
            },
          ],
        },
      }),
    );
    const at = 'controlPrograms.0';
    expect(refusals).toEqual([
      { path: `${at}.activePeriods.0`, code: 'talq.error.activePeriod' },
      { path: `${at}.dynamicControls.0`, code: 'talq.error.dynamicControl' },
      { path: `${at}.fixedTimeControls.0.startTime`, code: 'talq.error.seconds' },
      { path: `${at}.fixedTimeControls.1.command.state.name`, code: 'talq.error.state' },
      { path: `${at}.fixedTimeControls.2.command.state.value`, code: 'talq.error.levelMissing' },
      { path: `${at}.fixedTimeControls.3.command.rampToLevelTime`, code: 'talq.error.ramp' },
      { path: `${at}.fixedTimeControls.4.command.rampFromLevelTime`, code: 'talq.error.rampFrom' },
      { path: `${at}.astroClockTimeControls.0.operation`, code: 'talq.error.operation' },
    ]);
  });

  it('refuses other program types', () => {
    expect(refusalsOf(documentWith({ program: { type: 'ControlProgramTwo' } }))).toEqual([
      { path: 'controlPrograms.0.type', code: 'talq.error.programType' },
    ]);
  });

  it('refuses, each with its path and code, what a Farola calendar rule cannot represent', () => {
    const rule = (extra: object) => refusalsOf(documentWith({ rule: extra }));
    expect(rule({ startDate: '--06-01', endDate: '--09-30' })).toEqual([
      { path: 'calendars.0.rules.0.startDate', code: 'talq.error.recurringDates' },
      { path: 'calendars.0.rules.0.endDate', code: 'talq.error.recurringDates' },
    ]);
    expect(rule({ condition: { type: 'ccDay', days: [{ start: 1 }], occurrences: ['L'] } })).toEqual([
      { path: 'calendars.0.rules.0.condition.occurrences', code: 'talq.error.occurrences' },
    ]);
    for (const dates of [
      [{ start: '---01' }],
      [{ start: '--12-24', end: '--12-26' }],
      [{ start: '--01-01' }, { start: '--12-25' }],
    ]) {
      expect(rule({ condition: { type: 'ccDate', dates } })).toEqual([
        { path: 'calendars.0.rules.0.condition.dates', code: 'talq.error.dateCondition' },
      ]);
    }
    expect(rule({ program: 'p2' })).toEqual([
      { path: 'calendars.0.rules.0.program', code: 'talq.error.unknownProgram' },
    ]);
    expect(refusalsOf(documentWith({ calendar: { defaultProgram: 'nowhere' } }))).toEqual([
      { path: 'calendars.0.defaultProgram', code: 'talq.error.unknownProgram' },
    ]);
  });

  it("refuses calendars whose days run midnight to midnight, TALQ's default", () => {
    expect(refusalsOf(documentWith({ dayOffset: 0 }))).toEqual([{ path: 'dayOffset', code: 'talq.error.dayOffset' }]);
    const { dayOffset: _unset, ...withoutOffset } = documentWith({});
    expect(refusalsOf(withoutOffset)).toEqual([{ path: 'dayOffset', code: 'talq.error.dayOffset' }]);
    // Programs alone do not depend on where a day starts.
    expect(readTalqDocument({ ...withoutOffset, calendars: [] }).ok).toBe(true);
  });

  it('refuses an id listed twice and a name given twice, in any case', () => {
    const document = documentWith({});
    const [first] = document.controlPrograms;
    const twice = {
      ...document,
      controlPrograms: [
        { ...first, name: 'Night' },
        { ...first, name: 'NIGHT' },
      ],
    };
    expect(refusalsOf(twice)).toEqual([
      { path: 'controlPrograms.1.id', code: 'talq.error.duplicateId' },
      { path: 'controlPrograms.1.name', code: 'talq.error.duplicateName' },
    ]);
  });

  it("holds what it can represent to Farola's own checks, at the document's paths", () => {
    const tooClose = documentWith({
      program: {
        fixedTimeControls: [
          { startTime: '23:00:00', command: { state: { name: 'LevelState', value: 60 } } },
          { startTime: '23:03:00', command: { state: { name: 'LevelState', value: 40 }, rampToLevelTime: 36000 } },
        ],
      },
    });
    const outcome = readTalqDocument(tooClose);
    expect(outcome.ok ? [] : outcome.issues).toEqual([
      expect.objectContaining({
        path: 'controlPrograms.0.fixedTimeControls.1.command.rampToLevelTime',
        rule: 'max',
        limit: 180 * 60,
      }),
      expect.objectContaining({
        path: 'controlPrograms.0.fixedTimeControls.1.startTime',
        code: 'controlProgram.error.wrongFadingTime',
        params: expect.objectContaining({ firstInterval: '23:00', secondInterval: '23:03' }),
      }),
    ]);
    const backwards = readTalqDocument(documentWith({ rule: { endDate: '2025-01-01' }, calendar: { name: '' } }));
    expect(backwards.ok ? [] : backwards.issues).toEqual([
      expect.objectContaining({ path: 'calendars.0.name', rule: 'minLength' }),
      expect.objectContaining({ path: 'calendars.0.rules.0.endDate', code: 'calendar.error.endBeforeStart' }),
    ]);
    const empty = readTalqDocument(documentWith({ calendar: { rules: [] } }));
    expect(empty.ok ? [] : empty.issues).toEqual([
      expect.objectContaining({ path: 'calendars.0.rules', code: 'calendar.error.ruleRequired' }),
    ]);
  });

  it('refuses what is not an interchange document, with the paths of what is wrong', () => {
    const outcome = readTalqDocument({ format: 'something else', controlPrograms: [{ type: 'ControlProgramOne' }] });
    expect(outcome.ok ? [] : outcome.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining([
        'format',
        'formatVersion',
        'controlPrograms.0.id',
        'controlPrograms.0.fixedTimeControls',
      ]),
    );
  });
});
