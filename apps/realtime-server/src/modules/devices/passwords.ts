import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

const KEY_BYTES = 32;
const COST = { N: 16_384, r: 8, p: 1 } as const;

function derive(password: string | Buffer, salt: Buffer, options: ScryptOptions, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, bytes, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A new MQTT password: 32 random bytes, base64url (43 characters). */
export function generatePassword(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The stored form of a password: `scrypt$N$r$p$salt$hash` (salt and hash base64), computed off the
 * event loop.
 *
 * @example
 * const stored = await hashPassword('s3cret'); // 'scrypt$16384$8$1$…$…'
 * await verifyPassword('s3cret', stored); // true
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST, KEY_BYTES);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether the password matches its stored form, compared in constant time; false for a malformed one. */
export async function verifyPassword(password: string | Buffer, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every(Number.isInteger) || expected.length === 0) return false;
  const key = await derive(password, Buffer.from(salt, 'base64'), options, expected.length);
  return timingSafeEqual(key, expected);
}
