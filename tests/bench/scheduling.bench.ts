/**
 * Scheduling figures of issue 24, measured in process on the code the server runs (no HTTP, no
 * database: what is timed is the computation itself):
 * - the year-ahead preview of one calendar at one place (`yearPreview`, the light points' own
 *   calendar engine over 365 days every 10 minutes), target < 1 s;
 * - validating a calendar of 50 rules and the schedule a light point would store for it (the
 *   server's `CalendarEditSchema` and `ScheduleSchema`), target < 50 ms.
 * Each is run BENCH_SCHEDULING_RUNS times (default 7) after one warm-up; the median and the slowest are printed.
 */
import {
  CalendarEditSchema,
  type CalendarRule,
  SCHEDULE_LIMITS,
  type Schedule,
  ScheduleSchema,
  WEEKDAYS,
} from '@farola/protocol';
import { yearPreview } from '@farola/protocol/schedule-engine';
import { numberEnv, printRows } from './bench-stack';

const RUNS = numberEnv('BENCH_SCHEDULING_RUNS', 7);
const PLACE = { latitude: 41.39, longitude: 2.17, timezone: 'Europe/Madrid' };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A calendar as busy as a device holds: 50 rules of every repetition (weekly and daily ones for a few
 * weeks each) over 20 programs of 24 intervals.
 */
function busySchedule(): Schedule {
  const programs = Array.from({ length: SCHEDULE_LIMITS.programsPerSchedule }, (_, p) => ({
    id: id(p + 1),
    name: `Program ${p + 1}`,
    intervals: Array.from({ length: SCHEDULE_LIMITS.intervalsPerProgram }, (_, i) => ({
      start: `${String(i).padStart(2, '0')}:${String((p * 7) % 60).padStart(2, '0')}`,
      dimming: (i * 13 + p * 5) % 101,
      fadingMinutes: 10,
    })),
  }));
  const repetitions = ['daily', 'weekly', 'yearly', 'once'] as const;
  const rules: CalendarRule[] = Array.from({ length: SCHEDULE_LIMITS.rulesPerCalendar }, (_, r) => {
    const repetition = repetitions[r % 4]!;
    const startDate = `2027-${String((r % 12) + 1).padStart(2, '0')}-${String((r % 27) + 1).padStart(2, '0')}`;
    const programId = id((r % programs.length) + 1);
    if (repetition === 'weekly') {
      const weekdays = [WEEKDAYS[r % 7]!, WEEKDAYS[(r + 3) % 7]!];
      return { repetition, weekdays, startDate, endDate: plusDays(startDate, 14), programId };
    }
    if (repetition === 'once') return { repetition, startDate, programId };
    if (repetition === 'daily') return { repetition, startDate, endDate: plusDays(startDate, 20), programId };
    return { repetition, startDate, programId };
  });
  // The first rule that covers a day decides it: exceptions first, and of each kind the latest start
  // first, so that every rule decides some day (a rule that never would is refused).
  const rank = { once: 0, yearly: 1, weekly: 2, daily: 3 } as const;
  rules.sort((a, b) => rank[a.repetition] - rank[b.repetition] || b.startDate.localeCompare(a.startDate));
  return { calendar: { id: id(999), name: 'Busy', astronomical: true, rules }, programs };
}

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function time(work: () => void): { median: number; max: number } {
  work();
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    work();
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  return { median: runs[Math.floor(runs.length / 2)]!, max: runs.at(-1)! };
}

const schedule = busySchedule();
const preview = time(() => yearPreview(schedule, PLACE, 2027));
const validation = time(() => {
  const { calendar } = schedule;
  if (
    !CalendarEditSchema.safeParse({ name: calendar.name, astronomical: calendar.astronomical, rules: calendar.rules })
      .success
  )
    throw new Error('the bench calendar is invalid');
  if (!ScheduleSchema.safeParse(schedule).success) throw new Error('the bench schedule is invalid');
});
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
printRows('Farola scheduling (in process, 50 rules, 20 programs of 24 intervals)', [
  [
    'year preview of one calendar',
    `median ${ms(preview.median)}, slowest ${ms(preview.max)} of ${RUNS} (target < 1,000 ms)`,
  ],
  [
    'validating the calendar and its schedule',
    `median ${ms(validation.median)}, slowest ${ms(validation.max)} (target < 50 ms)`,
  ],
]);
