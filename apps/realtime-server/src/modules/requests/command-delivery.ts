import type { DownCommandMessage, DownMessage, QueuedRequest } from '@farola/protocol';
import type { Logger } from 'pino';
import type { DeviceIndex } from '../devices/contract';

/**
 * What goes out on a device's `down/commands`: a request to run, with its parameters in clear (the
 * stored ones mask a secret), or the withdrawal of a cancelled one. A publication that fails is
 * logged; the silence timer re-sends a request as it would a lost message.
 */
export class CommandDelivery {
  /** The parameters to send for requests whose stored `params` mask a secret. */
  private readonly clearParams = new Map<string, Record<string, unknown>>();

  constructor(
    private readonly deps: {
      index: DeviceIndex;
      publish: (serialNumber: string, message: DownMessage) => Promise<void>;
      logger: Logger;
    },
  ) {}

  /** Keeps the parameters to send for a request whose stored ones differ (a masked secret). */
  keepClearParams(request: QueuedRequest, params: Record<string, unknown>): void {
    if (JSON.stringify(params) !== JSON.stringify(request.params)) this.clearParams.set(request.id, params);
  }

  /** The request ended: its clear parameters go. */
  forget(id: string): void {
    this.clearParams.delete(id);
  }

  send(request: QueuedRequest): void {
    const device = this.deps.index.id(request.deviceId);
    if (!device) return;
    const message: DownCommandMessage = {
      requestId: request.id,
      command: request.command,
      params: this.clearParams.get(request.id) ?? request.params,
      attempt: request.attempt,
      ts: new Date().toISOString(),
    };
    this.deps.publish(device.serialNumber, message).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, requestId: request.id }, 'could not publish command');
    });
  }

  /**
   * Tells the device to stop a cancelled request, so that a cancelled download or upgrade never
   * changes it. Sent once: a device that missed it (offline) has nothing running for it, and a
   * late answer for the request is ignored as for any finished one.
   */
  withdraw(request: QueuedRequest): void {
    const device = this.deps.index.id(request.deviceId);
    if (!device) return;
    const message: DownMessage = { requestId: request.id, cancel: true, ts: new Date().toISOString() };
    this.deps.publish(device.serialNumber, message).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, requestId: request.id }, 'could not publish the cancellation');
    });
  }
}
