import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { legacyScryptHash } from '../../testing/scrypt-hash';
import { generatePassword, isKeyed, PasswordHasher } from './passwords';

describe('MQTT password hashes', () => {
  const hasher = new PasswordHasher(randomBytes(32));

  it('stores a generated password as a keyed hash that verifies it and no other', async () => {
    const password = generatePassword();
    const stored = hasher.hash(password);
    expect(stored).toMatch(/^hmac-sha256\$[\w+/]{43}=$/);
    expect(isKeyed(stored)).toBe(true);
    expect(stored).not.toContain(password);
    expect(await hasher.verify(Buffer.from(password), stored)).toBe('keyed');
    expect(await hasher.verify(generatePassword(), stored)).toBeNull();
    // Under another database's key the same password does not verify.
    expect(await new PasswordHasher(randomBytes(32)).verify(password, stored)).toBeNull();
  });

  it('hashes and verifies in microseconds, not the tens of milliseconds of scrypt', async () => {
    const passwords = Array.from({ length: 1000 }, generatePassword);
    const started = performance.now();
    for (const password of passwords) expect(await hasher.verify(password, hasher.hash(password))).toBe('keyed');
    // scrypt took about 36 ms per hash and as much per check here: 1,000 of each would be over a minute.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('still verifies a scrypt hash stored before keyed hashes, as legacy', async () => {
    const password = generatePassword();
    const stored = legacyScryptHash(password);
    expect(await hasher.verify(password, stored)).toBe('legacy');
    expect(await hasher.verify(generatePassword(), stored)).toBeNull();
  });

  it('refuses malformed stored forms instead of throwing', async () => {
    for (const stored of ['', 'hmac-sha256$', 'hmac-sha256$c2hvcnQ=', 'scrypt$3$8$1$c2FsdA==$aGFzaA==', 'md5$x', 'x']) {
      expect(await hasher.verify('anything', stored)).toBeNull();
    }
  });

  it('refuses a key shorter than 32 bytes', () => {
    expect(() => new PasswordHasher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
