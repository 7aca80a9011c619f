import type { DeviceStatus, ErrorCode, InstallationFailureRecord } from '@farola/protocol';
import type { DeviceEventPublisher } from '../../realtime/device-events';
import type { DeviceIndex } from './device-index';
import type { DeviceStatusRepository, StatusChange } from './device-status.repository';

export type { StatusChange };

/**
 * The devices' status, installation, disable and project changes, as the lifecycle module asks for
 * them: each is stored, then taken into the index (the devices module owns both), and a device cut
 * off by a disable is announced disconnected.
 */
export class DeviceStatusWriter {
  constructor(
    private readonly deps: {
      repository: DeviceStatusRepository;
      index: DeviceIndex;
      events: DeviceEventPublisher;
      /** Moves devices stored in another project in the index, and tells the fleet and device streams. */
      moved: (ids: readonly string[], projectId: string) => void;
    },
  ) {}

  /**
   * Moves the devices still in one of `from` (and not disabled) to `to`; a device that moved
   * meanwhile is left alone, and so, with `afterFailedInstallation`, is one whose installation has
   * not failed. Every move clears the installation failure; `ready` dates the installation today (UTC).
   */
  async move(
    ids: readonly string[],
    from: readonly DeviceStatus[],
    to: DeviceStatus,
    afterFailedInstallation = false,
  ): Promise<StatusChange[]> {
    const changes = await this.deps.repository.move(ids, from, to, afterFailedInstallation);
    for (const change of changes) {
      const entry = this.deps.index.id(change.id);
      if (entry) entry.status = to;
    }
    return changes;
  }

  /** Records why a device's installation failed, if it is still in installation; the failure, or null. */
  recordInstallationFailure(deviceId: string, code: ErrorCode, at: string): Promise<InstallationFailureRecord | null> {
    return this.deps.repository.recordInstallationFailure(deviceId, code, at);
  }

  /** Sets the day a completed `resetInstallation` chose as the installation date; the date set, or null. */
  resetInstallationDate(deviceId: string, date: string): Promise<string | null> {
    return this.deps.repository.resetInstallationDate(deviceId, date);
  }

  /** Disables the devices not disabled yet; those connected are recorded and announced disconnected. Returns those it disabled. */
  async disable(ids: readonly string[]): Promise<string[]> {
    const disabled = await this.deps.repository.disable(ids);
    const now = new Date().toISOString();
    for (const id of disabled) {
      const entry = this.deps.index.id(id);
      if (!entry) continue;
      entry.disabled = true;
      if (!this.deps.index.connection(id)?.connected) continue;
      this.deps.index.setConnection(id, { connected: false, since: now });
      this.deps.events.publish('DeviceConnectionStatusUpdated', {
        deviceId: id,
        projectId: entry.projectId,
        ts: now,
        connected: false,
      });
    }
    return disabled;
  }

  /** Moves devices to another project: stored, in the index, and told to the streams. Returns those it moved. */
  async changeProject(ids: readonly string[], projectId: string): Promise<string[]> {
    const moved = await this.deps.repository.changeProject(ids, projectId);
    this.deps.moved(moved, projectId);
    return moved;
  }
}
