import { z } from 'zod';

/**
 * An ISO-8601 date and time with its zone, `Z` or an offset: every timestamp Farola exchanges.
 *
 * @example
 * IsoDateTimeSchema.parse('2026-11-21T18:00:00+01:00'); // ok
 * IsoDateTimeSchema.safeParse('2026-11-21T18:00:00').success; // false: no zone
 */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
