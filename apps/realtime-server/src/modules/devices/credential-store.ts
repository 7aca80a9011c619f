import type { DeviceAccess, Principal } from '../../device-link/broker-acl';
import type { DeviceIndex } from './device-index';
import type { PasswordHasher } from './passwords';

export type CredentialKind = 'device' | 'gateway';

/** A credential as stored: whose it is, and the hash of its password (keyed, or scrypt from before). */
export interface StoredCredential {
  username: string;
  kind: CredentialKind;
  passwordHash: string;
}

/** A stored scrypt hash replaced by the keyed hash of the same password, once the password proved it. */
export interface RehashedCredential {
  username: string;
  from: string;
  to: string;
}

export interface CredentialStoreDeps {
  index: Pick<DeviceIndex, 'serial'>;
  hasher: PasswordHasher;
  /** Told of every scrypt hash replaced in memory, to store the keyed one (`HashUpgrades`). */
  onRehashed?: (change: RehashedCredential) => void;
}

/**
 * The broker's view of provisioned credentials, in memory so that authentication stays fast at
 * 100,000 devices: loaded at start, updated on provisioning and rotation. A keyed hash costs one
 * HMAC and a constant-time compare. A scrypt hash from before keyed hashes still verifies (off the
 * event loop); once a password has proved it, the entry takes the keyed hash of that password and
 * `onRehashed` stores it, so that each device pays scrypt once. The password does not change, so
 * the connection that proved it, and every other, goes on. A wrong password is never remembered,
 * and a rotation while scrypt runs wins over the rehash.
 */
export class CredentialStore implements DeviceAccess {
  private readonly entries = new Map<string, StoredCredential>();

  constructor(
    private readonly deps: CredentialStoreDeps,
    stored: readonly StoredCredential[] = [],
  ) {
    for (const credential of stored) this.set(credential);
  }

  /** The stored form of a new password for this user name. */
  credential(kind: CredentialKind, username: string, password: string): StoredCredential {
    return { kind, username, passwordHash: this.deps.hasher.hash(password) };
  }

  set(credential: StoredCredential): void {
    this.entries.set(credential.username, { ...credential });
  }

  /** Forgets a credential: its next connection is refused (a disabled device). */
  revoke(username: string): void {
    this.entries.delete(username);
  }

  has(username: string): boolean {
    return this.entries.has(username);
  }

  get size(): number {
    return this.entries.size;
  }

  async verify(username: string, password: Buffer): Promise<Principal | null> {
    const entry = this.entries.get(username);
    if (!entry) return null;
    const from = entry.passwordHash;
    const match = await this.deps.hasher.verify(password, from);
    if (match === null) return null;
    // Rotated or revoked while scrypt ran: the password proved the old credential, which no longer counts.
    if (this.entries.get(username) !== entry) return null;
    // Another connection of the same device may have rehashed it meanwhile.
    if (match === 'legacy' && entry.passwordHash === from) {
      entry.passwordHash = this.deps.hasher.hash(password);
      this.deps.onRehashed?.({ username, from, to: entry.passwordHash });
    }
    return this.principal(entry);
  }

  carries(gatewayId: string, serialNumber: string): boolean {
    const device = this.deps.index.serial(serialNumber);
    return device?.gatewayId === gatewayId && !device.disabled;
  }

  private principal(entry: StoredCredential): Principal {
    return entry.kind === 'device'
      ? { kind: 'device', serialNumber: entry.username }
      : { kind: 'gateway', gatewayId: entry.username };
  }
}
