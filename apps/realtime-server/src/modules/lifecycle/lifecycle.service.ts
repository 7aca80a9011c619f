import { type Device, type ErrorCode, LIFECYCLE_MOVES, type LifecycleAction, lifecycleTarget } from '@farola/protocol';
import type { Logger } from 'pino';
import type { User } from '../../auth/user';
import { inProjectScope } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import type { DeviceEventPublisher } from '../../realtime/device-events';
import type { DevicesService } from '../devices/contract';
import type { DeviceIndexEntry } from '../devices/contract';
import type { ProjectService } from '../projects/contract';
import type { QueuedRequestsService } from '../requests/contract';
import { type ChangeOrigin, publishLifecycleChange } from './lifecycle-events';

export type { ChangeOrigin } from './lifecycle-events';

/** A device's result: null when the change was made, or why it was not. */
export type ChangeResults = Map<string, ErrorCode | null>;

/**
 * Device lifecycle (spec §4): the status actions along `LIFECYCLE_MOVES`, installation through the
 * device's `install` command, 'Disable devices', and moving devices between projects. Every change
 * is recorded as a `DeviceLifecycleChanged` event naming who made it, and reaches the map through
 * the device's compact state.
 */
export class LifecycleService {
  constructor(
    private readonly deps: {
      devices: DevicesService;
      requests: QueuedRequestsService;
      events: DeviceEventPublisher;
      projects: ProjectService;
      logger: Logger;
    },
  ) {}

  /** Why `action` cannot apply to this device now, or null. */
  refusal(device: DeviceIndexEntry, action: LifecycleAction | 'disable'): ErrorCode | null {
    if (device.disabled) return 'DEVICE_DISABLED';
    if (action === 'disable') return null;
    // Whether its installation failed is the database's to say, when the move is made.
    if (!lifecycleTarget(action, device.status, true)) return 'INVALID_LIFECYCLE_TRANSITION';
    if (LIFECYCLE_MOVES[action].to === 'installation') return this.deps.requests.refusal(device, 'install');
    return null;
  }

  /** One status action on one visible device (`POST /devices/{id}/lifecycle`). */
  async moveOne(user: User, deviceId: string, action: LifecycleAction): Promise<Device> {
    const device = await this.visible(user, deviceId);
    const refusal = this.refusal(device, action);
    if (refusal === 'INVALID_LIFECYCLE_TRANSITION') {
      throw new DomainError(refusal, { from: device.status, to: LIFECYCLE_MOVES[action].to });
    }
    if (refusal) throw new DomainError(refusal);
    const result = (await this.move([device], action, { by: user.username, bulkJobId: null })).get(device.id);
    if (result) throw new DomainError(result, { from: device.status, to: LIFECYCLE_MOVES[action].to });
    return this.deps.devices.reads.get(user, deviceId);
  }

  /** Disables one visible device for good (`POST /devices/{id}/disable`). */
  async disableOne(user: User, deviceId: string): Promise<Device> {
    const device = await this.visible(user, deviceId);
    if (device.disabled) throw new DomainError('DEVICE_DISABLED');
    await this.disable([device], { by: user.username, bulkJobId: null });
    return this.deps.devices.reads.get(user, deviceId);
  }

  /**
   * Applies a status action to many devices in one statement. `sendToInstallation` and
   * `retryInstallation` then queue each moved device's `install` command (the device becomes
   * `ready` when that request ends DONE); a device moved out of installation has its installation
   * still running cancelled.
   */
  async move(
    devices: readonly DeviceIndexEntry[],
    action: LifecycleAction,
    origin: ChangeOrigin,
  ): Promise<ChangeResults> {
    const results: ChangeResults = new Map();
    const eligible = devices.filter((device) => {
      const refusal = this.refusal(device, action);
      results.set(device.id, refusal);
      return refusal === null;
    });
    const { from, to, afterFailedInstallation } = LIFECYCLE_MOVES[action];
    const changes = await this.deps.devices.status.move(
      eligible.map((device) => device.id),
      from,
      to,
      afterFailedInstallation === true,
    );
    const moved = new Set(changes.map((change) => change.id));
    for (const device of eligible) if (!moved.has(device.id)) results.set(device.id, 'INVALID_LIFECYCLE_TRANSITION');
    const byId = new Map(devices.map((device) => [device.id, device]));
    for (const change of changes) {
      // Every move clears a failed installation; say so when there may have been one.
      const detail = change.from === 'installation' ? { installationFailure: null } : {};
      publishLifecycleChange(this.deps.events, byId.get(change.id)!, {
        cause: action,
        from: change.from,
        to,
        origin,
        detail,
      });
    }
    if (to === 'installation' && changes.length > 0) {
      await this.deps.requests.submitMany(
        changes.map((change) => ({ device: byId.get(change.id)!, body: { command: 'install', params: {} } })),
        origin.by,
      );
    }
    const leftInstallation = changes.filter((change) => change.from === 'installation' && to !== 'installation');
    await this.cancelAll(
      await this.deps.requests.inProgressOf(
        leftInstallation.map((c) => c.id),
        'install',
      ),
    );
    return results;
  }

  /**
   * Disables devices for good: their MQTT credentials are revoked, they are recorded disconnected,
   * their requests in progress are cancelled, and nothing they send counts any more.
   */
  async disable(devices: readonly DeviceIndexEntry[], origin: ChangeOrigin): Promise<ChangeResults> {
    const results: ChangeResults = new Map(devices.map((device) => [device.id, 'DEVICE_DISABLED' as ErrorCode]));
    const disabled = new Set(await this.deps.devices.status.disable(devices.map((device) => device.id)));
    const done = devices.filter((device) => disabled.has(device.id));
    for (const device of done) {
      results.set(device.id, null);
      publishLifecycleChange(this.deps.events, device, {
        cause: 'disable',
        from: device.status,
        to: device.status,
        origin,
      });
    }
    await this.deps.devices.revokeCredentials(done);
    await this.cancelAll(await this.deps.requests.inProgressOf(done.map((device) => device.id)));
    return results;
  }

  /**
   * Moves devices to another project (already checked visible to the caller), their requests in
   * progress with them; the old project's map is told each device left, the new one's it arrived.
   */
  async changeProject(devices: readonly DeviceIndexEntry[], projectId: string): Promise<ChangeResults> {
    const moved = new Set(
      await this.deps.devices.status.changeProject(
        devices.map((device) => device.id),
        projectId,
      ),
    );
    const results: ChangeResults = new Map();
    for (const device of devices) results.set(device.id, moved.has(device.id) ? null : 'DEVICE_NOT_FOUND');
    await this.deps.requests.moved([...moved], projectId);
    return results;
  }

  private async cancelAll(requestIds: readonly string[]): Promise<void> {
    for (const id of requestIds) await this.deps.requests.cancel(id);
  }

  private async visible(user: User, deviceId: string): Promise<DeviceIndexEntry> {
    const device = this.deps.devices.index.id(deviceId);
    if (!device || !inProjectScope(await this.deps.projects.scope(user), device.projectId)) {
      throw new DomainError('DEVICE_NOT_FOUND');
    }
    return device;
  }
}
