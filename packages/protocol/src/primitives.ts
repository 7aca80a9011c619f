import { z } from 'zod';

/** The first instant a timestamp may name: there is no year 0, and PostgreSQL refuses to store one. */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');

/**
 * An ISO-8601 date and time with its zone, `Z` or an offset: every timestamp Farola exchanges, from
 * the year 1 on (in UTC).
 *
 * @example
 * IsoDateTimeSchema.parse('2026-11-21T18:00:00+01:00'); // ok
 * IsoDateTimeSchema.safeParse('2026-11-21T18:00:00').success; // false: no zone
 * IsoDateTimeSchema.safeParse('0000-06-01T00:00:00Z').success; // false: no such year
 */
export const IsoDateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine((value) => Date.parse(value) >= FIRST_INSTANT, { message: 'Must be a date from the year 1 on' });

/** Whether a value, or any string or key inside it, holds a NUL character. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

const NO_NUL = { message: 'Must not contain a NUL character' };

/**
 * Text as Farola stores it. PostgreSQL's text and jsonb cannot hold a NUL character, so every
 * string that crosses the protocol boundary (MQTT, HTTP bodies, queries) refuses one.
 *
 * @example
 * text().max(100).safeParse('a\u0000b').success; // false
 */
export const text = () => z.string().refine((value) => !value.includes('\u0000'), NO_NUL);

/** Free-form JSON parameters (a command's `params`): any values, but no NUL in any string or key. */
export const JsonRecordSchema = z.record(text(), z.unknown()).refine((value) => !containsNul(value), NO_NUL);

/**
 * A device's (or gateway's) serial number. Serial numbers are also MQTT topic segments, so they
 * exclude `/`, `+`, `#` and spaces.
 */
export const SerialNumberSchema = z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, 'Expected 1-64 letters, digits, . _ : -');

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name such as `Europe/Madrid` or `UTC`; offsets such as `+01:00` are not names. */
export const TimeZoneSchema = text()
  .regex(/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/, 'Expected an IANA time zone name such as Europe/Madrid')
  .refine(isTimeZone, 'Unknown time zone');
