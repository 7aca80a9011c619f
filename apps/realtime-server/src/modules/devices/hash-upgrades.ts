import type { Logger } from 'pino';
import type { RehashedCredential } from './credential-store';
import type { ProvisioningRepository } from './provisioning.repository';

/** How long a rehash waits for others to share its statement, and the most per statement. */
const FLUSH_MS = 200;
const MAX_BATCH = 1000;

/**
 * Stores the keyed hashes that replace scrypt hashes as devices sign in, many per statement (after
 * an upgrade, a whole fleet reconnects within seconds). A write that fails is logged and dropped:
 * the scrypt hash stays stored and still verifies, so the device pays scrypt once more after the
 * next restart and is rehashed then. Nothing else depends on the write.
 */
export class HashUpgrades {
  private waiting: RehashedCredential[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: Pick<ProvisioningRepository, 'replaceHashes'>,
    private readonly logger: Logger,
  ) {}

  add(change: RehashedCredential): void {
    this.waiting.push(change);
    if (this.waiting.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Writes what waits, after the write under way; resolves once both are done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.waiting;
    this.waiting = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.repository.replaceHashes(batch);
      } catch (error) {
        this.logger.warn(
          { err: error, count: batch.length },
          'storing keyed password hashes failed; retried after a restart',
        );
      }
    });
    return this.writing;
  }
}
