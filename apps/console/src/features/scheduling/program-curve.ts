import { minutesOfDay, type ProgramInterval } from '@farola/protocol';

/** Minutes in a night, which runs from noon to noon as a light point runs a program. */
export const NIGHT_MINUTES = 24 * 60;
const NOON = 12 * 60;

/**
 * The sun times the curve is drawn with: a night at the equinox, sunset at 19:00 and sunrise at
 * 07:00. A light point places sun-relative starts at its own sunset and sunrise (the simulator's
 * calendar engine); the editor says which times it drew.
 */
export const DRAWN_SUN = { sunset: '19:00', sunrise: '07:00' } as const;

/** One interval placed on the night: minutes after noon, its level and how long it fades. */
export interface PlacedStep {
  at: number;
  dimming: number;
  fadeMinutes: number;
  /** The interval's index in the program, for the text alternative. */
  index: number;
}

/** Where an interval starts, in minutes after noon, with the drawn sun times. */
export function minuteOfNight(start: ProgramInterval['start']): number {
  const clock =
    typeof start === 'string' ? minutesOfDay(start) : minutesOfDay(DRAWN_SUN[start.sun]) + start.offsetMinutes;
  return (((clock - NOON) % NIGHT_MINUTES) + NIGHT_MINUTES) % NIGHT_MINUTES;
}

/**
 * The program's intervals in the order a light point runs them over one night: each fades from the
 * level before it over its fading time, cut short by the next start (as the simulator's engine).
 */
export function placeSteps(intervals: readonly ProgramInterval[]): PlacedStep[] {
  const placed = intervals
    .map((interval, index) => ({ index, at: minuteOfNight(interval.start), interval }))
    .sort((a, b) => a.at - b.at || a.index - b.index);
  return placed.map(({ index, at, interval }, i) => {
    const next = placed[i + 1]?.at ?? NIGHT_MINUTES;
    return {
      index,
      at,
      dimming: interval.dimming,
      fadeMinutes: Math.max(0, Math.min(interval.fadingMinutes, next - at)),
    };
  });
}

/**
 * The level (0–100) at each minute of the night, noon to noon: that of the last interval started,
 * fading from the one before; before the first, the last one's (the program wraps round like a clock).
 *
 * @example
 * curveLevels([{ start: '20:00', dimming: 100, fadingMinutes: 0 }, { start: '06:00', dimming: 0, fadingMinutes: 0 }])[8 * 60]; // 100
 */
export function curveLevels(intervals: readonly ProgramInterval[]): number[] {
  const steps = placeSteps(intervals);
  const last = steps.at(-1);
  if (!last) return new Array<number>(NIGHT_MINUTES).fill(0);
  const levels: number[] = [];
  let current = -1;
  for (let minute = 0; minute < NIGHT_MINUTES; minute += 1) {
    while (current + 1 < steps.length && steps[current + 1]!.at <= minute) current += 1;
    const step = steps[current];
    if (!step) {
      levels.push(last.dimming);
      continue;
    }
    const from = (steps[current - 1] ?? last).dimming;
    const done = step.fadeMinutes === 0 || minute >= step.at + step.fadeMinutes;
    levels.push(
      done ? step.dimming : Math.round(from + ((step.dimming - from) * (minute - step.at)) / step.fadeMinutes),
    );
  }
  return levels;
}

/** A minute of the night as a clock time 'HH:mm'. */
export function clockOfNight(minute: number): string {
  const clock = (minute + NOON) % NIGHT_MINUTES;
  return `${String(Math.floor(clock / 60)).padStart(2, '0')}:${String(clock % 60).padStart(2, '0')}`;
}
