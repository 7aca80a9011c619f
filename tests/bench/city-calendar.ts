/**
 * The calendar the apply bench sends to its group (schedule-apply.bench.ts): an astronomical city
 * calendar with a residential program as its default and exceptions above it.
 */
import type { CalendarEdit, CalendarRule, ProgramInterval } from '@farola/protocol';

const sun = (event: 'sunset' | 'sunrise', offsetMinutes: number) => ({ sun: event, offsetMinutes });
/** What a control program is made of, as `POST /v1/control-programs` takes it (with its project). */
export interface ProgramContent {
  name: string;
  intervals: ProgramInterval[];
}

/**
 * A city's programs: a residential night (full from before sunset, dimmed in the middle of the night,
 * up again before dawn, off after sunrise), a festive night and a summer weekend's.
 */
export const PROGRAMS: Record<'residential' | 'festive' | 'summerWeekend', ProgramContent> = {
  residential: {
    name: 'Residential night',
    intervals: [
      { start: sun('sunset', -10), dimming: 100, fadingMinutes: 0 },
      { start: '23:30', dimming: 50, fadingMinutes: 15 },
      { start: '05:30', dimming: 80, fadingMinutes: 15 },
      { start: sun('sunrise', 10), dimming: 0, fadingMinutes: 0 },
    ],
  },
  festive: {
    name: 'Festive night',
    intervals: [
      { start: sun('sunset', -15), dimming: 100, fadingMinutes: 0 },
      { start: '03:00', dimming: 70, fadingMinutes: 10 },
      { start: sun('sunrise', 15), dimming: 0, fadingMinutes: 0 },
    ],
  },
  summerWeekend: {
    name: 'Summer weekend',
    intervals: [
      { start: sun('sunset', 0), dimming: 100, fadingMinutes: 0 },
      { start: '01:30', dimming: 60, fadingMinutes: 15 },
      { start: '04:30', dimming: 40, fadingMinutes: 10 },
      { start: sun('sunrise', 0), dimming: 0, fadingMinutes: 0 },
    ],
  },
};

export type ProgramIds = Record<keyof typeof PROGRAMS, string>;

/** The rules in priority order: the first that covers a day decides it, so exceptions come first. */
export function cityCalendar(ids: ProgramIds, extra: CalendarRule[] = []): CalendarEdit {
  const rules: CalendarRule[] = [
    ...extra,
    { repetition: 'once', startDate: '2026-12-31', programId: ids.festive },
    { repetition: 'yearly', startDate: '2026-12-24', programId: ids.festive },
    { repetition: 'yearly', startDate: '2027-06-23', programId: ids.festive },
    { repetition: 'daily', startDate: '2027-08-15', endDate: '2027-08-21', programId: ids.festive },
    {
      repetition: 'weekly',
      weekdays: ['friday', 'saturday'],
      startDate: '2027-06-01',
      endDate: '2027-09-30',
      programId: ids.summerWeekend,
    },
  ];
  return { name: 'City default', astronomical: true, rules, defaultProgramId: ids.residential };
}
