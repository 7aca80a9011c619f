import type { DeviceRegistration } from '@farola/protocol';
import type { DeviceIndexEntry, DeviceRepository, RegistrationWrite } from './device.repository';

interface Waiting {
  write: RegistrationWrite;
  resolve: (device: DeviceIndexEntry | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Records MQTT registrations in batches: the registrations that arrive while one statement runs go
 * into the next, up to `maxBatch` devices per statement. A fleet announcing itself at once (a
 * broker replaying a hundred thousand retained announcements) costs a few hundred statements
 * instead of a round trip per device.
 *
 * @example
 * const batcher = new RegistrationBatcher(repository);
 * const device = await batcher.register('SIM-OR-LP-000001', registration); // null when not provisioned
 */
export class RegistrationBatcher {
  private readonly waiting = new Map<string, Waiting[]>();
  private draining: Promise<void> | null = null;

  constructor(
    private readonly devices: Pick<DeviceRepository, 'activateMany'>,
    private readonly options: { maxBatch: number } = { maxBatch: 1000 },
  ) {}

  /**
   * Resolves with the device once its registration is stored, or with null when no device of that
   * serial number, kind and vendor family was provisioned (nothing is created).
   */
  register(serialNumber: string, registration: DeviceRegistration): Promise<DeviceIndexEntry | null> {
    return new Promise<DeviceIndexEntry | null>((resolve, reject) => {
      const write = { serialNumber, registration };
      const queue = this.waiting.get(serialNumber);
      // The same serial twice in one statement would update it twice; the first announcement wins.
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
        const devices = await this.devices.activateMany(batch.map((queue) => queue[0]!.write));
        batch.forEach((queue, i) => queue.forEach((waiter) => waiter.resolve(devices[i] ?? null)));
      } catch (error) {
        for (const queue of batch) for (const waiter of queue) waiter.reject(error);
      }
    }
    this.draining = null;
  }
}
