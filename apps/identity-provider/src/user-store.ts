import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { DemoIdentity } from '@farola/protocol';

/** A user of the realm as the provider keeps it: profile and client roles (its password hash apart). */
export type RealmUser = Omit<DemoIdentity, 'projects'>;

interface StoredUser extends RealmUser {
  salt: Buffer;
  hash: Buffer;
}

export interface UserStore {
  findById(id: string): RealmUser | undefined;
  /** The user when the password is theirs, else undefined (an unknown name costs the same time). */
  authenticate(username: string, password: string): RealmUser | undefined;
  setPassword(id: string, password: string): void;
}

const KEY_LENGTH = 32;

/** A user name as the realm compares it: without surrounding blanks, in lower case. */
export const canonicalUsername = (username: string) => username.trim().toLowerCase();

function hashPassword(password: string, salt: Buffer): Buffer {
  return scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH);
}

function withPassword(user: RealmUser, password: string): StoredUser {
  const salt = randomBytes(16);
  return { ...user, salt, hash: hashPassword(password, salt) };
}

/**
 * The realm's users, in memory: a restart restores the initial passwords. Passwords are kept as
 * scrypt hashes and compared in constant time, as a real provider would.
 */
export function createUserStore(users: readonly (RealmUser & { password: string })[]): UserStore {
  const byId = new Map<string, StoredUser>();
  for (const { password, ...user } of users) byId.set(user.id, withPassword(user, password));
  const byUsername = (username: string) =>
    [...byId.values()].find((user) => user.username === canonicalUsername(username));
  // Hashing against a decoy keeps a wrong user name from answering faster than a wrong password.
  const decoy = withPassword(
    { id: '', username: '', givenName: '', familyName: '', email: '', locale: '', roles: [] },
    '',
  );

  const profile = ({ salt: _salt, hash: _hash, ...user }: StoredUser): RealmUser => user;

  return {
    findById: (id) => {
      const user = byId.get(id);
      return user && profile(user);
    },
    authenticate: (username, password) => {
      const user = byUsername(username);
      const candidate = hashPassword(password, (user ?? decoy).salt);
      const matches = timingSafeEqual(candidate, (user ?? decoy).hash);
      return user && matches ? profile(user) : undefined;
    },
    setPassword: (id, password) => {
      const user = byId.get(id);
      if (!user) throw new Error(`No user ${id}`);
      byId.set(id, withPassword(profile(user), password));
    },
  };
}
