import { LogRecordSchema, type LogRecord } from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { appendPoint, historyPoints, livePoint, reportedMeasures, summariseSeries, toSeries } from './measure-series';

const record = (hour: string, overrides: Partial<LogRecord> = {}): LogRecord =>
  LogRecordSchema.parse({ hour, energy: 0.05, operatingHours: 1, onShare: 1, ...overrides });

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('measure series', () => {
  it('charts the hour mean power from the logged energy, and the logged dimming', () => {
    const records = [
      record('2026-03-01T20:00:00.000Z', { energy: 0.0712, dimming: 80 }),
      record('2026-03-01T21:00:00.000Z', { energy: 0.035 }),
    ];
    expect(historyPoints('instantaneousActivePower', records)).toEqual([
      { time: seconds('2026-03-01T20:00:00.000Z'), value: 71.2 },
      { time: seconds('2026-03-01T21:00:00.000Z'), value: 35 },
    ]);
    expect(historyPoints('dimming', records)).toEqual([{ time: seconds('2026-03-01T20:00:00.000Z'), value: 80 }]);
    expect(historyPoints('voltage', records)).toEqual([]);
  });

  it('orders history and live points by time with one point per second, the later report winning', () => {
    const history = historyPoints('instantaneousActivePower', [record('2026-03-01T20:00:00.000Z')]);
    const live = [
      livePoint('instantaneousActivePower', { instantaneousActivePower: 40 }, '2026-03-01T22:00:05.900Z'),
      livePoint('instantaneousActivePower', { instantaneousActivePower: 41 }, '2026-03-01T21:00:00.000Z'),
      livePoint('instantaneousActivePower', { instantaneousActivePower: 42 }, '2026-03-01T22:00:05.100Z'),
    ].flatMap((point) => (point ? [point] : []));
    const series = toSeries([...history, ...live]);
    expect(series.map((point) => point.time)).toEqual([
      seconds('2026-03-01T20:00:00.000Z'),
      seconds('2026-03-01T21:00:00.000Z'),
      seconds('2026-03-01T22:00:05.000Z'),
    ]);
    expect(series.at(-1)?.value).toBe(42);
    expect(new Set(series.map((point) => point.time)).size).toBe(series.length);
  });

  it('has no live point for a measure the device does not report, or without a report time', () => {
    expect(livePoint('voltage', { dimming: 50 }, '2026-03-01T22:00:00.000Z')).toBeNull();
    expect(livePoint('voltage', { voltage: 230 }, null)).toBeNull();
  });

  it('appends later points, replaces one in the same second and ignores older ones', () => {
    const start = [{ time: 100, value: 1 }];
    expect(appendPoint(start, { time: 101, value: 2 })).toEqual({
      series: [
        { time: 100, value: 1 },
        { time: 101, value: 2 },
      ],
      change: 'append',
    });
    expect(appendPoint(start, { time: 100, value: 3 })).toEqual({
      series: [{ time: 100, value: 3 }],
      change: 'replace',
    });
    expect(appendPoint(start, { time: 99, value: 4 })).toEqual({ series: start, change: 'ignore' });
    expect(appendPoint(start, { time: 100, value: 1 }).change).toBe('ignore');
  });

  it('offers only the numeric measures the device reports, active power first', () => {
    expect(reportedMeasures({ dimming: 30, instantaneousActivePower: 20, poweredOn: true, apn: 'x' })).toEqual([
      'instantaneousActivePower',
      'dimming',
    ]);
  });

  it('summarises the latest value and the range', () => {
    expect(summariseSeries([])).toBeNull();
    expect(
      summariseSeries([
        { time: 1, value: 5 },
        { time: 2, value: 9 },
        { time: 3, value: 7 },
      ]),
    ).toEqual({ latest: { time: 3, value: 7 }, min: 5, max: 9, count: 3 });
  });
});
