import type { AttributeKey, AttributeValues, LogRecord } from '@farola/protocol';

/** The numeric measures the Real time measures tab can chart, in the order its select offers them. */
export const CHART_MEASURES = [
  'instantaneousActivePower',
  'voltage',
  'current',
  'dimming',
  'powerFactor',
  'instantaneousReactivePower',
  'dimmer',
  'driverOutputVoltage',
  'driverOutputCurrent',
  'signalStrength',
] as const satisfies readonly AttributeKey[];
export type ChartMeasure = (typeof CHART_MEASURES)[number];

/** The measures the logged hourly records tell of (as the hour's mean); the others start with the live reports. */
export const LOGGED_MEASURES: ReadonlySet<ChartMeasure> = new Set<ChartMeasure>([
  'instantaneousActivePower',
  'dimming',
]);

/** One point of the chart: `time` in whole seconds since the epoch (UTC), as lightweight-charts takes it. */
export interface MeasurePoint {
  time: number;
  value: number;
}

/** The hours of logged records the chart starts from. */
export const CHART_HISTORY_HOURS = 24;

/** Where the chart's logged records start: `CHART_HISTORY_HOURS` before `now`. */
export const historyStart = (now: Date) => new Date(now.getTime() - CHART_HISTORY_HOURS * 3_600_000).toISOString();

/** The chartable measures the device reports, the default (active power) first when reported. */
export function reportedMeasures(attributes: AttributeValues): ChartMeasure[] {
  return CHART_MEASURES.filter((key) => typeof attributes[key] === 'number');
}

const toSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * What the logged hourly records say of a measure: the hour's mean active power (its energy over
 * one hour, in W) and the mean commanded dimming. The other measures are not logged, so their
 * chart starts with the live reports.
 */
export function historyPoints(measure: ChartMeasure, records: readonly LogRecord[]): MeasurePoint[] {
  const valueOf = (record: LogRecord): number | undefined => {
    if (measure === 'instantaneousActivePower') return record.energy * 1000;
    if (measure === 'dimming') return record.dimming;
    return undefined;
  };
  return records.flatMap((record) => {
    const value = valueOf(record);
    return value === undefined ? [] : [{ time: toSeconds(record.hour), value }];
  });
}

/** The point a live report makes: the measure's value at the report's time, if it is a number. */
export function livePoint(
  measure: ChartMeasure,
  attributes: AttributeValues,
  updatedAt: string | null | undefined,
): MeasurePoint | null {
  const value = attributes[measure];
  if (typeof value !== 'number' || !updatedAt) return null;
  return { time: toSeconds(updatedAt), value };
}

/**
 * The points in time order with one point per second (lightweight-charts throws on a repeated
 * or out-of-order time); of points in the same second, the last given wins.
 */
export function toSeries(points: readonly MeasurePoint[]): MeasurePoint[] {
  const bySecond = new Map<number, MeasurePoint>();
  for (const point of points) bySecond.set(point.time, point);
  return [...bySecond.values()].sort((a, b) => a.time - b.time);
}

/**
 * Adds a live point to a series in time order: `append` when it is later than the last point,
 * `replace` when it falls in the last point's second, `ignore` when it is older (a late report
 * must not reach the chart, which only takes points at or after its last).
 */
export function appendPoint(
  series: readonly MeasurePoint[],
  point: MeasurePoint,
): { series: readonly MeasurePoint[]; change: 'append' | 'replace' | 'ignore' } {
  const last = series.at(-1);
  if (!last || point.time > last.time) return { series: [...series, point], change: 'append' };
  if (point.time === last.time) {
    if (point.value === last.value) return { series, change: 'ignore' };
    return { series: [...series.slice(0, -1), point], change: 'replace' };
  }
  return { series, change: 'ignore' };
}

/** The latest value and the range of the series, for the chart's text alternative. */
export function summariseSeries(series: readonly MeasurePoint[]) {
  const last = series.at(-1);
  if (!last) return null;
  const values = series.map((point) => point.value);
  return { latest: last, min: Math.min(...values), max: Math.max(...values), count: series.length };
}
