import { DEMO_PROJECT_ID, type DeviceRegistration } from '@farola/protocol';
import type { DeviceIndexEntry, DeviceRepository, RegistrationWrite } from './device.repository';

interface Waiting {
  write: RegistrationWrite;
  resolve: (device: DeviceIndexEntry) => void;
  reject: (error: unknown) => void;
}

/**
 * Registers devices announced over MQTT in batches: the registrations that arrive while one
 * statement runs go into the next, up to `maxBatch` devices per statement, with their project
 * hints resolved in SQL. A fleet announcing itself at once (a broker replaying a hundred thousand
 * retained announcements) costs a few hundred statements instead of two round trips per device.
 *
 * @example
 * const batcher = new RegistrationBatcher(repository);
 * const device = await batcher.register('SIM-OR-LP-000001', registration, hint, { connected: true, ts });
 */
export class RegistrationBatcher {
  private readonly waiting = new Map<string, Waiting[]>();
  private draining: Promise<void> | null = null;

  constructor(
    private readonly devices: Pick<DeviceRepository, 'registerMany'>,
    private readonly options: { maxBatch: number; fallbackProjectId: string } = {
      maxBatch: 1000,
      fallbackProjectId: DEMO_PROJECT_ID,
    },
  ) {}

  /**
   * Resolves with the device once it is stored: placed in `projectHint` when that project exists,
   * in the fallback (demo) project otherwise. A serial already registered keeps its row.
   */
  register(
    serialNumber: string,
    registration: DeviceRegistration,
    projectHint: string | undefined,
    connection: { connected: boolean; ts: string },
  ): Promise<DeviceIndexEntry> {
    return new Promise<DeviceIndexEntry>((resolve, reject) => {
      const write = { serialNumber, registration, projectHint, connection };
      const queue = this.waiting.get(serialNumber);
      // The same serial twice in one statement would be an error; the first announcement wins.
      if (queue) queue.push({ write: queue[0]!.write, resolve, reject });
      else this.waiting.set(serialNumber, [{ write, resolve, reject }]);
      this.draining ??= this.drain();
    });
  }

  /** Resolves once every registration asked for so far is stored (or has failed). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    // Let the messages already received join the first statement.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.size > 0) {
      const batch: Waiting[][] = [];
      for (const [serial, queue] of this.waiting) {
        if (batch.length >= this.options.maxBatch) break;
        batch.push(queue);
        this.waiting.delete(serial);
      }
      try {
        const devices = await this.devices.registerMany(
          batch.map((queue) => queue[0]!.write),
          this.options.fallbackProjectId,
        );
        batch.forEach((queue, i) => queue.forEach((waiter) => waiter.resolve(devices[i]!)));
      } catch (error) {
        for (const queue of batch) for (const waiter of queue) waiter.reject(error);
      }
    }
    this.draining = null;
  }
}
