import { type ErrorCode, toFieldIssues } from '@farola/protocol';
import { z } from 'zod';
import { DomainError } from '../platform/domain-error';

const UuidSchema = z.uuid();

/** Parses input at the boundary; a failure becomes a 400 with field issues the console can translate. */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  input: unknown,
  code: ErrorCode = 'VALIDATION_FAILED',
): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new DomainError(code, toFieldIssues(result.error));
  return result.data;
}

/**
 * Path ids must be UUIDs (or match the route's own `schema`); anything else is 'Invalid ID
 * supplied' (or the route's own `code`) rather than a database error.
 */
export function parseId(
  value: unknown,
  code: ErrorCode = 'INVALID_ID',
  schema: z.ZodType<string> = UuidSchema,
): string {
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError(code);
  return result.data;
}
