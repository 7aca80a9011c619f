import type { LogRecord } from '@farola/protocol';

/** The months the consumption chart shows: this one and the 11 before (spec §9). */
export const CHART_MONTHS = 12;

/** The first instant (UTC) of the month `monthsBack` months before the one `now` falls in. */
export function monthStart(now: Date, monthsBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
}

export interface Bucket {
  /** ISO date of the bucket's first day (UTC): '2026-03-01' for a month, '2026-03-14' for a day. */
  start: string;
  energy: number;
  /** Hours logged in the bucket: fewer than its length where the device has not uploaded them. */
  hours: number;
}

function buckets(starts: readonly Date[], records: readonly LogRecord[], keyOf: (hour: string) => string): Bucket[] {
  const byKey = new Map(starts.map((start) => [start.toISOString().slice(0, 10), { energy: 0, hours: 0 }]));
  for (const record of records) {
    const bucket = byKey.get(keyOf(record.hour));
    if (!bucket) continue;
    bucket.energy += record.energy;
    bucket.hours += 1;
  }
  return [...byKey].map(([start, totals]) => ({ start, ...totals }));
}

/**
 * Energy per month over the last 12 months, and per day of the current month, from hourly records.
 *
 * @example
 * summarise(records, new Date('2026-03-14T10:00:00Z')).months.length; // 12
 */
export function summarise(records: readonly LogRecord[], now: Date) {
  const months = Array.from({ length: CHART_MONTHS }, (_, i) => monthStart(now, CHART_MONTHS - 1 - i));
  const first = monthStart(now, 0);
  const days = Array.from(
    { length: now.getUTCDate() },
    (_, i) => new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), i + 1)),
  );
  return {
    months: buckets(months, records, (hour) => `${hour.slice(0, 7)}-01`),
    days: buckets(days, records, (hour) => hour.slice(0, 10)),
  };
}

/** Totals over the records: energy (kWh), operating hours, hours switched on, mean commanded dimming. */
export function totals(records: readonly LogRecord[]) {
  let energy = 0;
  let operatingHours = 0;
  let onHours = 0;
  let dimmingSum = 0;
  let dimmingHours = 0;
  for (const record of records) {
    energy += record.energy;
    operatingHours += record.operatingHours;
    onHours += record.onShare;
    if (record.dimming !== undefined && record.onShare > 0) {
      dimmingSum += record.dimming * record.onShare;
      dimmingHours += record.onShare;
    }
  }
  return {
    energy,
    operatingHours,
    onHours,
    loggedHours: records.length,
    meanDimming: dimmingHours > 0 ? dimmingSum / dimmingHours : null,
  };
}
