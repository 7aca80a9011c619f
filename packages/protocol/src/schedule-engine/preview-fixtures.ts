import type { ProgramInterval, Schedule } from '../scheduling';

/** Places and schedules the preview and energy tests share (not exported by the package). */
export const BARCELONA = { latitude: 41.39, longitude: 2.17, timezone: 'Europe/Madrid' };
export const SYDNEY = { latitude: -33.87, longitude: 151.21, timezone: 'Australia/Sydney' };
export const TROMSO = { latitude: 69.65, longitude: 18.96, timezone: 'Europe/Oslo' };

const PROGRAM_ID = '5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10';

/** A calendar of one daily rule, from 2000, running one program of these intervals. */
export function everyDay(intervals: ProgramInterval[]): Schedule {
  return {
    calendar: {
      id: 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c55',
      name: 'Every day',
      astronomical: false,
      rules: [{ repetition: 'daily', startDate: '2000-01-01', programId: PROGRAM_ID }],
    },
    programs: [{ id: PROGRAM_ID, name: 'Night', intervals }],
  };
}

/** Full from sunset, off at sunrise. */
export const SUNSET_TO_SUNRISE = everyDay([
  { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
  { start: { sun: 'sunrise', offsetMinutes: 0 }, dimming: 0, fadingMinutes: 0 },
]);
