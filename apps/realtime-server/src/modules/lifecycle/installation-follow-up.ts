import type { CommandParams, ErrorCode, QueuedRequest } from '@farola/protocol';
import type { DeviceEventPublisher } from '../../realtime/device-events';
import type { DevicesService } from '../devices/contract';
import { BY_THE_SERVER, publishLifecycleChange } from './lifecycle-events';
import type { QueuedRequestsService } from '../requests/contract';

/**
 * What the server does when a device's installation requests end (spec §4): an `install` ending
 * DONE puts a device still in installation in operation, dated now; ending otherwise records why on
 * the device, which stays in installation until someone retries or moves it out; a
 * `resetInstallation` the device completed sets the date it chose as its installation date. Each
 * change is a `DeviceLifecycleChanged` event, so lists and panels follow it live.
 */
export class InstallationFollowUp {
  constructor(
    private readonly deps: {
      devices: Pick<DevicesService, 'index' | 'status'>;
      requests: Pick<QueuedRequestsService, 'supersededBy'>;
      events: DeviceEventPublisher;
    },
  ) {}

  /** A request a device completed (DONE). */
  async done(request: QueuedRequest): Promise<void> {
    if (request.command === 'install') await this.installed(request);
    else if (request.command === 'resetInstallation') await this.installationReset(request);
  }

  /** A request that reached its end state: an `install` that did not end DONE failed. */
  async ended(request: QueuedRequest): Promise<void> {
    if (request.command !== 'install' || request.status === 'DONE' || request.status === 'IN_PROGRESS') return;
    const device = this.deps.devices.index.id(request.deviceId);
    if (!device || device.status !== 'installation') return;
    const code: ErrorCode =
      request.status === 'CANCELLED' ? 'REQUEST_CANCELED' : (request.error?.code ?? 'INSTALLATION_UNKNOWN_ERROR');
    // A later install request of the device makes this answer stale: it changes nothing.
    if (await this.deps.requests.supersededBy(request)) return;
    const failure = await this.deps.devices.status.recordInstallationFailure(
      device.id,
      code,
      request.finishedAt ?? new Date().toISOString(),
    );
    if (!failure) return;
    publishLifecycleChange(this.deps.events, device, {
      cause: 'installationFailed',
      from: 'installation',
      to: 'installation',
      origin: BY_THE_SERVER,
      detail: { installationFailure: failure },
    });
  }

  private async installed(request: QueuedRequest): Promise<void> {
    const device = this.deps.devices.index.id(request.deviceId);
    if (!device || device.status !== 'installation') return;
    const [change] = await this.deps.devices.status.move([device.id], ['installation'], 'ready');
    if (!change) return;
    publishLifecycleChange(this.deps.events, device, {
      cause: 'installed',
      from: change.from,
      to: 'ready',
      origin: BY_THE_SERVER,
      detail: {
        installationFailure: null,
        ...(change.installationDate ? { installationDate: change.installationDate } : {}),
      },
    });
  }

  private async installationReset(request: QueuedRequest): Promise<void> {
    const device = this.deps.devices.index.id(request.deviceId);
    if (!device) return;
    const { installationDate } = request.params as CommandParams<'resetInstallation'>;
    const date = await this.deps.devices.status.resetInstallationDate(device.id, installationDate);
    if (!date) return;
    publishLifecycleChange(this.deps.events, device, {
      cause: 'installationReset',
      from: device.status,
      to: device.status,
      origin: { by: request.requestedBy, bulkJobId: null },
      detail: { installationDate: date },
    });
  }
}
