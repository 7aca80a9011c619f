import { AppError } from '../http/app-error';

/** Both engines give Date for timestamptz; the API speaks ISO-8601 strings. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

/** Keyset cursors are opaque to clients: the last row's sort key, base64url-encoded JSON. */
export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): unknown[] {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length === length) return key;
  } catch {
    // falls through to the validation error below
  }
  throw new AppError('VALIDATION_FAILED', [{ path: 'cursor', rule: 'invalid', message: 'Invalid cursor' }]);
}

/** Collects SQL conditions with numbered parameters, so filters compose without string juggling. */
export class Conditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** Adds a parameter and returns its placeholder (`$n`). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(sql: string): void {
    this.parts.push(sql);
  }

  where(): string {
    return this.parts.length > 0 ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** Escapes LIKE wildcards in user search text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
