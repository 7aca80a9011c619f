import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { legacyScryptHash } from '../../testing/scrypt-hash';
import { CredentialStore, type RehashedCredential } from './credential-store';
import { generatePassword, isKeyed, PasswordHasher } from './passwords';

function storeWith(passwordHash: string) {
  const rehashed: RehashedCredential[] = [];
  const store = new CredentialStore(
    {
      index: { serial: () => undefined },
      hasher: new PasswordHasher(randomBytes(32)),
      onRehashed: (c) => rehashed.push(c),
    },
    [{ username: 'OR-LP-1', kind: 'device', passwordHash }],
  );
  return { store, rehashed };
}

describe('the credential store', () => {
  it('verifies a keyed hash without rehashing it', async () => {
    const password = generatePassword();
    const hasher = new PasswordHasher(randomBytes(32));
    const rehashed: RehashedCredential[] = [];
    const store = new CredentialStore({
      index: { serial: () => undefined },
      hasher,
      onRehashed: (c) => rehashed.push(c),
    });
    store.set(store.credential('device', 'OR-LP-1', password));
    expect(await store.verify('OR-LP-1', Buffer.from(password))).toEqual({ kind: 'device', serialNumber: 'OR-LP-1' });
    expect(await store.verify('OR-LP-1', Buffer.from(generatePassword()))).toBeNull();
    expect(rehashed).toEqual([]);
  });

  it('verifies a scrypt hash from before, then holds and hands on the keyed hash of the same password, once', async () => {
    const password = generatePassword();
    const legacy = legacyScryptHash(password);
    const { store, rehashed } = storeWith(legacy);
    expect(await store.verify('OR-LP-1', Buffer.from(generatePassword()))).toBeNull();
    expect(rehashed).toEqual([]);
    const [first, second] = await Promise.all([
      store.verify('OR-LP-1', Buffer.from(password)),
      store.verify('OR-LP-1', Buffer.from(password)),
    ]);
    expect(first).toEqual({ kind: 'device', serialNumber: 'OR-LP-1' });
    expect(second).toEqual(first);
    expect(rehashed).toEqual([{ username: 'OR-LP-1', from: legacy, to: expect.stringMatching(/^hmac-sha256\$/) }]);
    expect(isKeyed(rehashed[0]!.to)).toBe(true);
    expect(await store.verify('OR-LP-1', Buffer.from(password))).toEqual(first);
    expect(rehashed).toHaveLength(1);
  });

  it('neither accepts nor rehashes a scrypt password rotated while it was being checked', async () => {
    const password = generatePassword();
    const { store, rehashed } = storeWith(legacyScryptHash(password));
    const checking = store.verify('OR-LP-1', Buffer.from(password));
    store.set(store.credential('device', 'OR-LP-1', generatePassword()));
    expect(await checking).toBeNull();
    expect(rehashed).toEqual([]);
  });
});
