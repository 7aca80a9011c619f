import { z } from 'zod';
import type { LatLng } from '../device-spec';
import { sunDay } from '../schedule';
import type { FleetControl } from './action-definition';

const DAY_MS = 86_400_000;
const UNIT_MS = { d: DAY_MS, h: 3_600_000, m: 60_000, s: 1000 } as const;
const DURATION = /^(?:\d+(?:\.\d+)?[dhms])+$/;

/**
 * A span of simulated time written with units, in ms: '20s', '40m', '2h', '1h30m', '1.5d'; null
 * when it does not read as one.
 *
 * @example
 * parseDuration('1h30m'); // 5_400_000
 */
export function parseDuration(text: string): number | null {
  if (!DURATION.test(text)) return null;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)([dhms])/g)) {
    total += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  }
  return total;
}

/** Where the clock goes: an instant, the next sunrise or sunset at the fleet's centre with an offset, or ahead. */
export type ClockTarget =
  | { kind: 'instant'; ms: number }
  | { kind: 'sun'; event: 'sunrise' | 'sunset'; offsetMs: number }
  | { kind: 'ahead'; ms: number };

const SUN_EXPRESSION = /^(sunrise|sunset)(?:([+-])(.+))?$/;

/** Reads a clock expression: ISO-8601 with an offset, 'sunset', 'sunset-20s', 'sunrise+1h', or '+2h' (ahead of now). */
export function parseClockTarget(text: string): ClockTarget | null {
  const trimmed = text.trim();
  const sun = SUN_EXPRESSION.exec(trimmed);
  if (sun) {
    const offset = sun[3] === undefined ? 0 : parseDuration(sun[3]);
    if (offset === null) return null;
    return { kind: 'sun', event: sun[1] as 'sunrise' | 'sunset', offsetMs: sun[2] === '-' ? -offset : offset };
  }
  if (trimmed.startsWith('+')) {
    const ahead = parseDuration(trimmed.slice(1));
    return ahead === null ? null : { kind: 'ahead', ms: ahead };
  }
  if (!z.iso.datetime({ offset: true }).safeParse(trimmed).success) return null;
  return { kind: 'instant', ms: Date.parse(trimmed) };
}

export const ClockTargetSchema = z.string().transform((text, ctx) => {
  const target = parseClockTarget(text);
  if (target) return target;
  ctx.addIssue({
    code: 'custom',
    message: `'${text}' is not a time: give ISO-8601 with an offset, 'sunset-20s', 'sunrise+1h' or '+2h'`,
  });
  return z.NEVER;
});

/**
 * The moment a clock target names, from `nowMs` (simulated). A sunrise or sunset is the next one
 * (with its offset) after now at `center`, so the clock never goes back for it.
 */
export function resolveClockTarget(target: ClockTarget, nowMs: number, center: LatLng): number {
  if (target.kind === 'instant') return target.ms;
  if (target.kind === 'ahead') return nowMs + target.ms;
  for (let day = 0; day <= 2; day += 1) {
    const sun = sunDay(nowMs + day * DAY_MS, center.lat, center.lng);
    const moment = sun[target.event] + target.offsetMs;
    if (moment > nowMs) return moment;
  }
  return sunDay(nowMs + 3 * DAY_MS, center.lat, center.lng)[target.event] + target.offsetMs;
}

/**
 * Sets the fleet's clock. Devices whose state the new time changes report it within a second (the
 * transition watcher, transition-watcher.ts), as they would at that moment; the others on their
 * next report. Republishing the whole fleet at once would be a burst no city makes.
 */
export function setFleetClock(control: FleetControl, simMs: number): void {
  control.clock.set(simMs);
}
