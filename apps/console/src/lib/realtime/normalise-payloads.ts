import type { z } from 'zod';

/**
 * Turns one socket payload (a single object or, when the server batched, an array) into the
 * list of payloads that pass `schema`. Invalid items are dropped with a warning, so one bad
 * message never breaks the stream.
 *
 * @example
 * normalisePayloads('DeviceConnectionStatusUpdated', DeviceConnectionStatusUpdatedSchema, [ok, bad]); // [ok]
 */
export function normalisePayloads<S extends z.ZodType>(eventName: string, schema: S, raw: unknown): z.infer<S>[] {
  const items: unknown[] = Array.isArray(raw) ? raw : [raw];
  const valid: z.infer<S>[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) valid.push(parsed.data);
    else console.warn(`Dropped an invalid ${eventName} payload`, parsed.error.issues);
  }
  return valid;
}
