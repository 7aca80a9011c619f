/** What one client may keep retained on the broker. */
export interface RetainedLimits {
  count: number;
  bytes: number;
}

interface Holding {
  owner: string;
  bytes: number;
}

/**
 * Accounts the retained messages each client (by principal name) keeps on the broker, so that no
 * client can park more than its share of the server's memory. A retained message replaces the
 * topic's previous one (whoever published it), and an empty one removes it.
 *
 * @example
 * const quota = new RetainedQuota({ count: 2, bytes: 1024 });
 * quota.admit('A', 't/1', 100); // true
 * quota.admit('A', 't/2', 2000); // false: over the bytes
 */
export class RetainedQuota {
  private readonly byTopic = new Map<string, Holding>();
  private readonly byOwner = new Map<string, { count: number; bytes: number }>();

  constructor(private readonly limits: RetainedLimits) {}

  /** Records the message and answers true, or answers false (nothing recorded) when it would pass the owner's limits. */
  admit(owner: string, topic: string, bytes: number): boolean {
    const previous = this.byTopic.get(topic);
    if (bytes === 0) {
      if (previous) this.release(topic, previous);
      return true;
    }
    const held = this.byOwner.get(owner) ?? { count: 0, bytes: 0 };
    const replaced = previous?.owner === owner ? previous : undefined;
    const count = held.count + (replaced ? 0 : 1);
    const total = held.bytes - (replaced?.bytes ?? 0) + bytes;
    if (count > this.limits.count || total > this.limits.bytes) return false;
    if (previous) this.release(topic, previous);
    const after = this.byOwner.get(owner) ?? { count: 0, bytes: 0 };
    after.count += 1;
    after.bytes += bytes;
    this.byOwner.set(owner, after);
    this.byTopic.set(topic, { owner, bytes });
    return true;
  }

  /** What an owner holds now. */
  held(owner: string): { count: number; bytes: number } {
    return { ...(this.byOwner.get(owner) ?? { count: 0, bytes: 0 }) };
  }

  private release(topic: string, holding: Holding): void {
    this.byTopic.delete(topic);
    const held = this.byOwner.get(holding.owner);
    if (!held) return;
    held.count -= 1;
    held.bytes -= holding.bytes;
    if (held.count <= 0) this.byOwner.delete(holding.owner);
  }
}
