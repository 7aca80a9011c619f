import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DeviceAccess, Principal } from '../../device-link/broker-acl';
import type { DeviceIndex } from './device-index';
import { verifyPassword } from './passwords';

export type CredentialKind = 'device' | 'gateway';

/** A credential as stored: whose it is, and the scrypt hash of its password. */
export interface StoredCredential {
  username: string;
  kind: CredentialKind;
  passwordHash: string;
}

interface Entry extends StoredCredential {
  /** Set once the password was verified against the hash: an HMAC of it under this process's key. */
  verified?: Buffer;
}

/**
 * The broker's view of provisioned credentials, in memory so that authentication stays fast at
 * 100,000 devices: loaded at start, updated on provisioning and rotation. The first connection
 * with a password runs scrypt (off the event loop); a verified password is remembered as an HMAC
 * digest, so later connections cost one HMAC and a constant-time compare. A wrong password is never
 * remembered, and a rotation forgets the old one at once.
 */
export class CredentialStore implements DeviceAccess {
  private readonly entries = new Map<string, Entry>();
  private readonly key = randomBytes(32);

  constructor(
    private readonly index: Pick<DeviceIndex, 'serial'>,
    stored: readonly StoredCredential[] = [],
  ) {
    for (const credential of stored) this.set(credential);
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
    const digest = createHmac('sha256', this.key).update(password).digest();
    if (entry.verified) return timingSafeEqual(digest, entry.verified) ? this.principal(entry) : null;
    if (!(await verifyPassword(password, entry.passwordHash))) return null;
    // Rotated while scrypt ran: the password proved the old credential, which no longer counts.
    if (this.entries.get(username) !== entry) return null;
    entry.verified = digest;
    return this.principal(entry);
  }

  carries(gatewayId: string, serialNumber: string): boolean {
    const device = this.index.serial(serialNumber);
    return device?.gatewayId === gatewayId && !device.disabled;
  }

  private principal(entry: Entry): Principal {
    return entry.kind === 'device'
      ? { kind: 'device', serialNumber: entry.username }
      : { kind: 'gateway', gatewayId: entry.username };
  }
}
