import { randomBytes, scryptSync } from 'node:crypto';

/**
 * A password's stored form as the server wrote it before keyed hashes (`scrypt$N$r$p$salt$hash`,
 * N 16,384, r 8, p 1), for tests of the credentials that databases from then still hold.
 */
export function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 16_384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}
