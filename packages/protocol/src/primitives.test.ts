import { describe, expect, it } from 'vitest';
import { AttributeValuesSchema } from './attributes';
import { DownCommandMessageSchema, UP_MESSAGE_SCHEMAS } from './mqtt';
import { PageQuerySchema } from './pagination';
import { containsNul, IsoDateTimeSchema } from './primitives';

// PostgreSQL's text and jsonb cannot store a NUL character: one such value would make a whole
// batch of writes fail, so no schema at the protocol boundary lets one through.
describe('NUL characters at the protocol boundary', () => {
  it('refuses a schema-valid report whose string value holds a NUL', () => {
    const result = AttributeValuesSchema.safeParse({ apn: 'a\u0000b' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['apn']);
    expect(AttributeValuesSchema.safeParse({ apn: 'ab' }).success).toBe(true);
  });

  it('refuses a NUL inside a list of strings and in a command answer message', () => {
    expect(AttributeValuesSchema.safeParse({ ipAddresses: ['10.0.0.1', '10.0.0.\u00002'] }).success).toBe(false);
    const answer = UP_MESSAGE_SCHEMAS.commands.safeParse({
      requestId: '8d6f1c2e-4b1a-4c3e-9f0a-2b3c4d5e6f70',
      status: 'ERROR',
      error: { code: 'NOT_FOUND', message: 'no\u0000pe' },
    });
    expect(answer.success).toBe(false);
  });

  it('refuses a NUL in the search text and the cursor of a list query', () => {
    expect(PageQuerySchema.safeParse({ q: 'lamp\u0000' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ cursor: 'abc\u0000' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ q: 'lamp' }).success).toBe(true);
  });

  it('refuses a NUL nested anywhere in free-form command parameters, keys included', () => {
    const message = (params: Record<string, unknown>) => ({
      requestId: '8d6f1c2e-4b1a-4c3e-9f0a-2b3c4d5e6f70',
      command: 'reboot',
      params,
      attempt: 1,
      ts: '2026-11-23T10:00:00Z',
    });
    expect(DownCommandMessageSchema.safeParse(message({ a: [{ b: 'x\u0000' }] })).success).toBe(false);
    expect(DownCommandMessageSchema.safeParse(message({ 'k\u0000': 1 })).success).toBe(false);
    expect(DownCommandMessageSchema.safeParse(message({ a: [{ b: 'x' }] })).success).toBe(true);
  });

  it('finds a NUL in strings, arrays and object keys, and nothing in other values', () => {
    expect(containsNul({ a: [1, true, null, { b: 'c\u0000' }] })).toBe(true);
    expect(containsNul({ 'a\u0000': 1 })).toBe(true);
    expect(containsNul({ a: [1, true, null, { b: 'c' }] })).toBe(false);
  });
});

// PostgreSQL has no year 0: a report dated in it passed validation, reached the sockets and was then
// quarantined by the database with the rest of its batch's retries.
describe('timestamps at the protocol boundary', () => {
  it('refuses a date before the year 1, in UTC, and takes the year 1 and later', () => {
    expect(IsoDateTimeSchema.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(IsoDateTimeSchema.safeParse('0001-01-01T00:30:00+01:00').success).toBe(false);
    expect(IsoDateTimeSchema.safeParse('0001-01-01T00:00:00Z').success).toBe(true);
    expect(IsoDateTimeSchema.safeParse('2026-11-27T18:00:00+01:00').success).toBe(true);
  });

  it('refuses a report dated in the year 0000', () => {
    const report = { ts: '0000-03-01T12:00:00Z', values: { poweredOn: true } };
    expect(UP_MESSAGE_SCHEMAS.attributes.safeParse(report).success).toBe(false);
    expect(UP_MESSAGE_SCHEMAS.attributes.safeParse({ ...report, ts: '2026-03-01T12:00:00Z' }).success).toBe(true);
  });
});
