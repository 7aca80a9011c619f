import { z } from 'zod';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema } from './primitives';

/**
 * Logged data: every device keeps an hourly record of its energy, operating hours and switching
 * state for the last `LOG_RETENTION_MONTHS` months, and uploads a period of it on demand
 * (`uploadLog`) in pages on `up/logs`, as TALQ's logger reports do.
 */

/** How far back a device keeps its hourly records, in calendar months. */
export const LOG_RETENTION_MONTHS = 12;
/** The longest period one `uploadLog` may ask for, in days. */
export const LOG_UPLOAD_MAX_DAYS = 366;
/** Records per `up/logs` page: a week of hours, so that a page stays near 30 KB. */
export const LOG_PAGE_RECORDS = 168;
/** Pages of the longest upload: 366 days of hours, plus one for a period that starts within an hour. */
export const LOG_MAX_PAGES = Math.ceil((LOG_UPLOAD_MAX_DAYS * 24 + 1) / LOG_PAGE_RECORDS);

export const LOG_HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The start of the hour (UTC) that `ms` falls in. */
export function floorHour(ms: number): number {
  return Math.floor(ms / LOG_HOUR_MS) * LOG_HOUR_MS;
}

/**
 * The oldest moment a device still holds records for at `nowMs`: the same instant
 * `LOG_RETENTION_MONTHS` calendar months earlier (UTC).
 *
 * @example
 * new Date(logRetentionStart(Date.parse('2026-03-31T10:00:00Z'))).toISOString(); // '2025-03-31T10:00:00.000Z'
 */
export function logRetentionStart(nowMs: number): number {
  const date = new Date(nowMs);
  date.setUTCMonth(date.getUTCMonth() - LOG_RETENTION_MONTHS);
  return date.getTime();
}

const share = z.number().min(0).max(1);
/** kWh in one hour: a cabinet of 16 loaded outputs stays far below this. */
const hourlyEnergy = z.number().min(0).max(1000);

/** A cabinet output's share of an hourly record. */
export const OutputLogRecordSchema = z.strictObject({
  index: z.number().int().min(1).max(16),
  /** kWh drawn through the output in the hour. */
  energy: hourlyEnergy,
  /** Share of the hour the output was on. */
  onShare: share,
});
export type OutputLogRecord = z.infer<typeof OutputLogRecordSchema>;

/**
 * One hour of a device's logged data. `hour` is the start of the hour in UTC; `energy` the kWh the
 * device's meter counted in it; `operatingHours` what its operating-hours counter grew by (the
 * share of the hour a light point was lit; a cabinet controller operates around the clock);
 * `onShare` the share of the hour it was switched on (a light point's relay closed with mains, a
 * cabinet with any output on). Light points add `dimming`, the mean level they commanded while
 * switched on; cabinet controllers add `outputs`.
 *
 * @example
 * LogRecordSchema.parse({ hour: '2026-01-15T21:00:00.000Z', energy: 0.0712, operatingHours: 1, onShare: 1, dimming: 100 });
 */
export const LogRecordSchema = z.strictObject({
  hour: IsoDateTimeSchema.refine((value) => Date.parse(value) % LOG_HOUR_MS === 0, 'Must be the start of an hour'),
  energy: hourlyEnergy,
  operatingHours: share,
  onShare: share,
  dimming: z.number().min(0).max(100).optional(),
  outputs: z.array(OutputLogRecordSchema).max(16).optional(),
});
export type LogRecord = z.infer<typeof LogRecordSchema>;

/**
 * `up/logs`: one page of the records an `uploadLog` request asked for. Pages are numbered from 1 to
 * `pages`; records within a page are in time order, and the pages together cover the period once.
 * The device sends `DONE` on `up/commands` after the last page.
 *
 * @example
 * UpLogMessageSchema.parse({ requestId, page: 1, pages: 1, records: [] });
 */
export const UpLogMessageSchema = z
  .strictObject({
    requestId: z.uuid(),
    page: z.number().int().min(1).max(LOG_MAX_PAGES),
    pages: z.number().int().min(1).max(LOG_MAX_PAGES),
    records: z.array(LogRecordSchema).max(LOG_PAGE_RECORDS),
    ts: IsoDateTimeSchema.optional(),
  })
  .refine((message) => message.page <= message.pages, { path: ['page'], message: 'A page beyond the last' })
  .refine(
    ({ records }) =>
      records.every((record, i) => i === 0 || Date.parse(record.hour) > Date.parse(records[i - 1]?.hour ?? '')),
    { path: ['records'], message: 'Records must be in time order, one per hour' },
  );
export type UpLogMessage = z.infer<typeof UpLogMessageSchema>;

/**
 * `uploadLog` parameters: the period whose hourly records the device uploads, the hours that overlap
 * `[from, to)`. At most `LOG_UPLOAD_MAX_DAYS` long; a device answers `NOT_ACCEPTABLE` when `from`
 * lies more than `LOG_RETENTION_MONTHS` months before its clock.
 *
 * @example
 * UploadLogParamsSchema.parse({ from: '2026-01-14T00:00:00Z', to: '2026-01-15T00:00:00Z' });
 */
export const UploadLogParamsSchema = z
  .strictObject({ from: IsoDateTimeSchema, to: IsoDateTimeSchema })
  .refine(({ from, to }) => Date.parse(to) > Date.parse(from), { path: ['to'], message: 'Must be after from' })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= LOG_UPLOAD_MAX_DAYS * DAY_MS, {
    path: ['to'],
    message: `At most ${LOG_UPLOAD_MAX_DAYS} days after from`,
  });
export type UploadLogParams = z.infer<typeof UploadLogParamsSchema>;

/**
 * `GET /devices/{id}/history`: the stored hourly records whose hour starts in `[from, to)` (either
 * bound may be left out), oldest first.
 */
export const DeviceHistoryQuerySchema = PageQuerySchema.extend({
  from: IsoDateTimeSchema.optional(),
  to: IsoDateTimeSchema.optional(),
});
export type DeviceHistoryQuery = z.infer<typeof DeviceHistoryQuerySchema>;
