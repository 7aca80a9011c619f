import { describe, expect, it, vi } from 'vitest';
import * as SunCalc from 'suncalc';
import { type ProgramInterval, ScheduleSchema } from '../scheduling';
import { calendarEngineLevel, programOfDay, type StoredSchedule, prepareSchedule } from './calendar-engine';
import { dayOfIsoDate } from './local-time';

const MADRID = 'Europe/Madrid';
const BARCELONA = { latitude: 41.3874, longitude: 2.1686 };
const VIGO = { latitude: 42.2406, longitude: -8.7207 };

const ids = {
  calendar: 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c55',
  a: '0a000000-0000-4000-8000-000000000001',
  b: '0b000000-0000-4000-8000-000000000002',
  c: '0c000000-0000-4000-8000-000000000003',
  d: '0d000000-0000-4000-8000-000000000004',
};

const step = (start: ProgramInterval['start'], dimming: number, fadingMinutes = 0) => ({
  start,
  dimming,
  fadingMinutes,
});

/** A program lit at `level` from 20:00 to 07:00, so that each program is told apart by its level. */
const flat = (id: string, level: number) => ({
  id,
  name: `${level} %`,
  intervals: [step('20:00', level), step('07:00', 0)],
});

type Rule = Record<string, unknown>;
const daily = (programId: string, extra: Rule = {}) => ({
  repetition: 'daily',
  startDate: '2026-01-01',
  programId,
  ...extra,
});

/** A schedule as a light point stores it, built through the protocol's schema so it cannot drift. */
function stored(rules: Rule[], programs: unknown[], astronomical = false): StoredSchedule {
  return prepareSchedule(
    ScheduleSchema.parse({ calendar: { id: ids.calendar, name: 'Test', astronomical, rules }, programs }),
  );
}

const level = (schedule: StoredSchedule, iso: string, position = BARCELONA) =>
  calendarEngineLevel(schedule, Date.parse(iso), MADRID, position);

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;

describe('a daily program', () => {
  const night = stored(
    [daily(ids.a)],
    [{ id: ids.a, name: 'Night', intervals: [step('20:00', 100), step('00:00', 50, 10), step('07:00', 0)] }],
  );

  it('switches at the minute of each interval, in local time', () => {
    expect(level(night, '2026-01-15T19:59:00+01:00')).toBe(0);
    expect(level(night, '2026-01-15T20:00:00+01:00')).toBe(100);
    expect(level(night, '2026-01-16T06:59:00+01:00')).toBe(50);
    expect(level(night, '2026-01-16T07:00:00+01:00')).toBe(0);
    expect(level(night, '2026-01-16T12:00:00+01:00')).toBe(0);
  });

  it('fades linearly over the fading time: halfway from 100 % to 50 % five minutes into ten', () => {
    expect(level(night, '2026-01-15T23:59:00+01:00')).toBe(100);
    expect(level(night, '2026-01-16T00:00:00+01:00')).toBe(100);
    expect(level(night, '2026-01-16T00:05:00+01:00')).toBe(75);
    expect(level(night, '2026-01-16T00:08:00+01:00')).toBe(60);
    expect(level(night, '2026-01-16T00:10:00+01:00')).toBe(50);
  });

  it("fades its first interval from the program's last level", () => {
    const dusk = stored(
      [daily(ids.a)],
      [{ id: ids.a, name: 'Dusk', intervals: [step('20:00', 80, 20), step('07:00', 0)] }],
    );
    expect(level(dusk, '2026-01-15T20:10:00+01:00')).toBe(40);
  });

  it('compresses a fade into the time left before the next interval', () => {
    const hurried = stored(
      [daily(ids.a)],
      [{ id: ids.a, name: 'Hurried', intervals: [step('20:00', 100), step('22:00', 0, 60), step('22:10', 80)] }],
    );
    expect(level(hurried, '2026-01-15T22:05:00+01:00')).toBe(50);
    expect(level(hurried, '2026-01-15T22:10:00+01:00')).toBe(80);
  });

  it('returns no level on a night no rule covers, so the light point keeps its night curve', () => {
    const later = stored([daily(ids.a, { startDate: '2026-02-01' })], [flat(ids.a, 30)]);
    expect(level(later, '2026-01-15T22:00:00+01:00')).toBeNull();
    expect(level(later, '2026-02-01T22:00:00+01:00')).toBe(30);
  });
});

describe('calendar rules', () => {
  it('runs a weekly rule on its weekday only, through the following morning', () => {
    // 16 January 2026 is a Friday.
    const schedule = stored(
      [{ repetition: 'weekly', weekdays: ['friday'], startDate: '2026-01-01', programId: ids.b }, daily(ids.a)],
      [flat(ids.a, 30), flat(ids.b, 80)],
    );
    expect(level(schedule, '2026-01-15T22:00:00+01:00')).toBe(30);
    expect(level(schedule, '2026-01-16T22:00:00+01:00')).toBe(80);
    expect(level(schedule, '2026-01-17T03:00:00+01:00')).toBe(80);
    expect(level(schedule, '2026-01-17T22:00:00+01:00')).toBe(30);
    expect(level(schedule, '2026-01-23T22:00:00+01:00')).toBe(80);
  });

  it('runs a once rule on its date and a yearly rule on its month and day every year from its start', () => {
    const schedule = stored(
      [
        { repetition: 'once', startDate: '2026-06-23', programId: ids.b },
        { repetition: 'yearly', startDate: '2025-12-24', programId: ids.c },
        daily(ids.a, { startDate: '2024-01-01' }),
      ],
      [flat(ids.a, 30), flat(ids.b, 100), flat(ids.c, 60)],
    );
    expect(level(schedule, '2026-06-23T23:00:00+02:00')).toBe(100);
    expect(level(schedule, '2026-06-24T23:00:00+02:00')).toBe(30);
    expect(level(schedule, '2027-06-23T23:00:00+02:00')).toBe(30);
    expect(level(schedule, '2024-12-24T22:00:00+01:00')).toBe(30);
    expect(level(schedule, '2025-12-24T22:00:00+01:00')).toBe(60);
    expect(level(schedule, '2026-12-24T22:00:00+01:00')).toBe(60);
    expect(level(schedule, '2026-12-25T22:00:00+01:00')).toBe(30);
  });

  it('respects the end date: the last night runs until the next morning, the night after has no program', () => {
    const schedule = stored([daily(ids.a, { endDate: '2026-01-20' })], [flat(ids.a, 30)]);
    expect(level(schedule, '2026-01-20T22:00:00+01:00')).toBe(30);
    expect(level(schedule, '2026-01-21T03:00:00+01:00')).toBe(30);
    expect(level(schedule, '2026-01-21T22:00:00+01:00')).toBeNull();
  });

  it('lets the first rule that covers a day decide, whatever its repetition (the order is the priority)', () => {
    // 25 December 2026 is a Friday.
    const rules: Rule[] = [
      { repetition: 'once', startDate: '2026-12-25', programId: ids.d },
      { repetition: 'yearly', startDate: '2026-12-25', programId: ids.c },
      { repetition: 'weekly', weekdays: ['friday'], startDate: '2026-01-01', programId: ids.b },
      daily(ids.a),
    ];
    const programs = [flat(ids.a, 10), flat(ids.b, 20), flat(ids.c, 30), flat(ids.d, 40)];
    const christmas = dayOfIsoDate('2026-12-25');
    const winner = (kept: Rule[]) => programOfDay(stored(kept, programs), christmas)?.id;
    expect(winner(rules)).toBe(ids.d);
    expect(winner(rules.slice(1))).toBe(ids.c);
    expect(winner(rules.slice(2))).toBe(ids.b);
    expect(winner(rules.slice(3))).toBe(ids.a);
    // A daily rule above the exceptions takes every day.
    expect(winner([daily(ids.a), ...rules.slice(0, 3)])).toBe(ids.a);
    // A day the first rule does not cover falls to the next: 24 December is a Thursday.
    expect(programOfDay(stored(rules, programs), dayOfIsoDate('2026-12-24'))?.id).toBe(ids.a);
  });

  it('lets the earlier of two rules of the same repetition win', () => {
    const programs = [flat(ids.a, 10), flat(ids.b, 20)];
    expect(level(stored([daily(ids.a), daily(ids.b)], programs), '2026-01-15T22:00:00+01:00')).toBe(10);
    expect(level(stored([daily(ids.b), daily(ids.a)], programs), '2026-01-15T22:00:00+01:00')).toBe(20);
  });
});

describe('astronomical starts', () => {
  const dusk = stored(
    [daily(ids.a)],
    [
      {
        id: ids.a,
        name: 'Dusk to dawn',
        intervals: [
          step({ sun: 'sunset', offsetMinutes: 0 }, 100),
          step('01:00', 50),
          step({ sun: 'sunrise', offsetMinutes: 0 }, 0),
        ],
      },
    ],
  );
  const sunsetAt = (isoNoon: string, position = BARCELONA) =>
    SunCalc.getTimes(new Date(isoNoon), position.latitude, position.longitude).sunset!.getTime();
  const levelAt = (ms: number, position = BARCELONA) => calendarEngineLevel(dusk, ms, MADRID, position);

  it("follow the device's sunset, which moves with the date", () => {
    const january = sunsetAt('2026-01-15T12:00:00+01:00');
    expect(levelAt(january - MINUTE_MS)).toBe(0);
    expect(levelAt(january + MINUTE_MS)).toBe(100);
    // At January's sunset time of day, a June evening is still light.
    expect(levelAt(january + 157 * DAY_MS + 2 * MINUTE_MS)).toBe(0);
    const june = sunsetAt('2026-06-21T12:00:00+02:00');
    expect(levelAt(june - MINUTE_MS)).toBe(0);
    expect(levelAt(june + MINUTE_MS)).toBe(100);
  });

  it('follow the sunset where the device stands: later in the west', () => {
    const barcelona = sunsetAt('2026-01-15T12:00:00+01:00');
    const vigo = sunsetAt('2026-01-15T12:00:00+01:00', VIGO);
    expect(vigo - barcelona).toBeGreaterThan(30 * MINUTE_MS);
    expect(levelAt(barcelona + 5 * MINUTE_MS, BARCELONA)).toBe(100);
    expect(levelAt(barcelona + 5 * MINUTE_MS, VIGO)).toBe(0);
    expect(levelAt(vigo + MINUTE_MS, VIGO)).toBe(100);
  });

  it('shift by their offset', () => {
    const early = stored(
      [daily(ids.a)],
      [{ id: ids.a, name: 'Early', intervals: [step({ sun: 'sunset', offsetMinutes: -30 }, 100), step('07:00', 0)] }],
    );
    const sunset = sunsetAt('2026-01-15T12:00:00+01:00');
    expect(calendarEngineLevel(early, sunset - 31 * MINUTE_MS, MADRID, BARCELONA)).toBe(0);
    expect(calendarEngineLevel(early, sunset - 29 * MINUTE_MS, MADRID, BARCELONA)).toBe(100);
  });
});

describe('an astronomical calendar', () => {
  const programs = [{ id: ids.a, name: 'Evening', intervals: [step('18:00', 100), step('08:00', 0)] }];

  it('lights only between sunset and sunrise, whatever the program says', () => {
    const astronomical = stored([daily(ids.a)], programs, true);
    expect(level(astronomical, '2026-06-21T18:30:00+02:00')).toBe(0);
    expect(level(astronomical, '2026-06-21T22:00:00+02:00')).toBe(100);
    expect(level(astronomical, '2026-06-22T07:30:00+02:00')).toBe(0);
    const fixed = stored([daily(ids.a)], programs);
    expect(level(fixed, '2026-06-21T18:30:00+02:00')).toBe(100);
    expect(level(fixed, '2026-06-22T07:30:00+02:00')).toBe(100);
  });
});

describe('daylight-saving days in Europe/Madrid', () => {
  const schedule = stored(
    [daily(ids.a)],
    [
      {
        id: ids.a,
        name: 'Night',
        intervals: [step('20:00', 100), step('01:00', 40), step('02:30', 20), step('06:00', 100), step('08:00', 0)],
      },
    ],
  );

  it('follows local time when the clocks go forward, moving a skipped time past the change', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST (01:00 UTC).
    expect(level(schedule, '2026-03-29T00:30:00Z')).toBe(40);
    expect(level(schedule, '2026-03-29T01:15:00Z')).toBe(40);
    expect(level(schedule, '2026-03-29T01:30:00Z')).toBe(20);
    expect(level(schedule, '2026-03-29T03:59:00Z')).toBe(20);
    expect(level(schedule, '2026-03-29T04:00:00Z')).toBe(100);
  });

  it('follows local time when the clocks go back, at the first of a repeated time', () => {
    // 25 October 2026: 03:00 CEST becomes 02:00 CET (01:00 UTC); 02:30 happens twice.
    expect(level(schedule, '2026-10-25T00:15:00Z')).toBe(40);
    expect(level(schedule, '2026-10-25T00:30:00Z')).toBe(20);
    expect(level(schedule, '2026-10-25T04:59:00Z')).toBe(20);
    expect(level(schedule, '2026-10-25T05:00:00Z')).toBe(100);
  });
});

describe('the cost of a call', () => {
  it('resolves each night once, however often it is asked', () => {
    const schedule = stored(
      [daily(ids.a)],
      [
        {
          id: ids.a,
          name: 'Dusk',
          intervals: [step({ sun: 'sunset', offsetMinutes: 0 }, 100), step({ sun: 'sunrise', offsetMinutes: 0 }, 0)],
        },
      ],
    );
    const start = Date.parse('2026-01-15T12:00:00+01:00');
    const levels = new Set<number | null>();
    for (let t = start; t < start + 2 * DAY_MS; t += MINUTE_MS) {
      levels.add(calendarEngineLevel(schedule, t, MADRID, BARCELONA));
    }
    expect(levels).toEqual(new Set([0, 100]));
    expect(schedule.resolutions).toBe(2);
  });

  it('formats no date per light point once their night is resolved: one Intl call a minute for the fleet', () => {
    const schedules = Array.from({ length: 1000 }, () => stored([daily(ids.a)], [flat(ids.a, 30)]));
    const evening = Date.parse('2026-01-15T22:00:00+01:00');
    for (const schedule of schedules) calendarEngineLevel(schedule, evening, MADRID, BARCELONA);
    const format = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      const levels = schedules.map((schedule) => calendarEngineLevel(schedule, evening + MINUTE_MS, MADRID, BARCELONA));
      expect(new Set(levels)).toEqual(new Set([30]));
      expect(format).toHaveBeenCalledTimes(1);
      expect(schedules.every((schedule) => schedule.resolutions === 1)).toBe(true);
    } finally {
      format.mockRestore();
    }
  });

  it('resolves again when asked for another place', () => {
    const schedule = stored([daily(ids.a)], [flat(ids.a, 30)]);
    level(schedule, '2026-01-15T22:00:00+01:00');
    level(schedule, '2026-01-15T22:01:00+01:00');
    level(schedule, '2026-01-15T22:02:00+01:00', VIGO);
    expect(schedule.resolutions).toBe(2);
  });
});
