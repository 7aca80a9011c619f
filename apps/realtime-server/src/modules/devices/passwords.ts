import { createHmac, randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** The stored form's scheme of a keyed hash: `hmac-sha256$<digest, base64>`. */
const KEYED = 'hmac-sha256';
const LEGACY = 'scrypt';
const DIGEST_BYTES = 32;

/** A new MQTT password: 32 random bytes (256 bits), base64url (43 characters). */
export function generatePassword(): string {
  return randomBytes(32).toString('base64url');
}

/** How a password matched its stored form: `keyed`, or `legacy` (a scrypt hash, to be replaced by a keyed one). */
export type PasswordMatch = 'keyed' | 'legacy' | null;

/**
 * The stored form of machine-generated MQTT passwords: HMAC-SHA-256 under the server's key (one
 * per database, `device_credential_key`), a microsecond per hash or check. A password of 256
 * random bits needs no slow hash: nobody can guess it, so there is nothing for a slow hash to slow
 * down; the key keeps a copy of the credentials table alone from being of any use.
 * Hashes from before (`scrypt$N$r$p$salt$hash`) still verify, off the event loop, and report
 * `legacy` so that the caller stores the keyed form instead (docs/decisions/0003).
 *
 * @example
 * const hasher = new PasswordHasher(key);
 * const stored = hasher.hash(generatePassword()); // 'hmac-sha256$…'
 * await hasher.verify(password, stored); // 'keyed'
 */
export class PasswordHasher {
  constructor(private readonly key: Buffer) {
    if (key.length < DIGEST_BYTES) throw new Error('the credential key must have at least 32 bytes');
  }

  hash(password: string | Buffer): string {
    return `${KEYED}$${this.digest(password).toString('base64')}`;
  }

  /** Whether the password matches its stored form (compared in constant time), and in which scheme. */
  async verify(password: string | Buffer, stored: string): Promise<PasswordMatch> {
    if (isKeyed(stored)) {
      const expected = Buffer.from(stored.slice(KEYED.length + 1), 'base64');
      if (expected.length !== DIGEST_BYTES) return null;
      return timingSafeEqual(this.digest(password), expected) ? 'keyed' : null;
    }
    return (await verifyScrypt(password, stored)) ? 'legacy' : null;
  }

  private digest(password: string | Buffer): Buffer {
    return createHmac('sha256', this.key).update(password).digest();
  }
}

/** Whether a stored form is a keyed hash (else a scrypt one from before, or malformed). */
export function isKeyed(stored: string): boolean {
  return stored.startsWith(`${KEYED}$`);
}

function derive(password: string | Buffer, salt: Buffer, options: ScryptOptions, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, bytes, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Whether the password matches a stored `scrypt$N$r$p$salt$hash` (constant time); false for a malformed one. */
async function verifyScrypt(password: string | Buffer, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== LEGACY || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every(Number.isInteger) || expected.length === 0) return false;
  try {
    const key = await derive(password, Buffer.from(salt, 'base64'), options, expected.length);
    return timingSafeEqual(key, expected);
  } catch {
    // Parameters scrypt refuses (N not a power of two, over the memory bound): a malformed hash.
    return false;
  }
}
