import { describe, expect, it } from 'vitest';
import { CommandRequestSchema } from './commands';
import { toFieldIssues } from './errors';
import { LOG_MAX_PAGES, LOG_PAGE_RECORDS, logRetentionStart, UpLogMessageSchema } from './logs';
import { UP_MESSAGE_SCHEMAS } from './mqtt';

const requestId = '3f1c2a6e-8d4b-4c1a-9e2f-1a2b3c4d5e6f';
const hour = (i: number) => new Date(Date.UTC(2026, 0, 15, 0) + i * 3_600_000).toISOString();
const record = (i: number) => ({ hour: hour(i), energy: 0.07, operatingHours: 1, onShare: 1, dimming: 70 });

describe('uploadLog', () => {
  it('asks for a period of at most 366 days that ends after it starts', () => {
    const year = { command: 'uploadLog', params: { from: '2025-01-15T00:00:00Z', to: '2026-01-16T00:00:00Z' } };
    expect(CommandRequestSchema.parse(year)).toEqual(year);
    const tooLong = CommandRequestSchema.safeParse({
      command: 'uploadLog',
      params: { from: '2025-01-14T23:00:00Z', to: '2026-01-16T00:00:00Z' },
    });
    expect(toFieldIssues(tooLong.error!)[0]).toMatchObject({ path: 'params.to' });
    const backwards = CommandRequestSchema.safeParse({
      command: 'uploadLog',
      params: { from: '2026-01-16T00:00:00Z', to: '2026-01-16T00:00:00Z' },
    });
    expect(toFieldIssues(backwards.error!)[0]).toMatchObject({ path: 'params.to' });
  });

  it('keeps 12 calendar months, counted on the UTC calendar', () => {
    expect(new Date(logRetentionStart(Date.parse('2026-03-31T10:00:00Z'))).toISOString()).toBe(
      '2025-03-31T10:00:00.000Z',
    );
  });
});

describe('up/logs pages', () => {
  it('is a device up channel', () => {
    expect(UP_MESSAGE_SCHEMAS.logs).toBe(UpLogMessageSchema);
  });

  it('accepts a full page of a light point and a cabinet record with its outputs', () => {
    const records = Array.from({ length: LOG_PAGE_RECORDS }, (_, i) => record(i));
    expect(UpLogMessageSchema.parse({ requestId, page: 2, pages: 3, records }).records).toHaveLength(168);
    const cabinet = {
      hour: hour(0),
      energy: 1.25,
      operatingHours: 1,
      onShare: 0.5,
      outputs: [{ index: 1, energy: 0.6, onShare: 0.5 }],
    };
    expect(UpLogMessageSchema.safeParse({ requestId, page: 1, pages: 1, records: [cabinet] }).success).toBe(true);
  });

  it('refuses more than a page of records, a page beyond the last and too many pages', () => {
    const records = Array.from({ length: LOG_PAGE_RECORDS + 1 }, (_, i) => record(i));
    expect(UpLogMessageSchema.safeParse({ requestId, page: 1, pages: 2, records }).success).toBe(false);
    expect(UpLogMessageSchema.safeParse({ requestId, page: 3, pages: 2, records: [] }).success).toBe(false);
    expect(UpLogMessageSchema.safeParse({ requestId, page: 1, pages: LOG_MAX_PAGES + 1, records: [] }).success).toBe(
      false,
    );
  });

  it('refuses records out of order, twice the same hour, or not on the hour', () => {
    const page = (records: unknown[]) => UpLogMessageSchema.safeParse({ requestId, page: 1, pages: 1, records });
    expect(page([record(1), record(0)]).success).toBe(false);
    expect(page([record(1), record(1)]).success).toBe(false);
    expect(page([{ ...record(0), hour: '2026-01-15T00:30:00Z' }]).success).toBe(false);
    expect(page([{ ...record(0), operatingHours: 1.5 }]).success).toBe(false);
    expect(page([{ ...record(0), energy: -1 }]).success).toBe(false);
  });
});
