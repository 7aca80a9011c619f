import {
  BULK_UNSUPPORTED_LISTED_MAX,
  type BulkActionName,
  type BulkActionRequest,
  type BulkCheck,
  type BulkCheckRequest,
  type BulkJob,
  type BulkJobItem,
  type BulkJobItemListQuery,
  type BulkJobListQuery,
  type BulkUnsupportedDevice,
  ERRORS,
  type ErrorCode,
  type Page,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import { inProjectScope, type ProjectScope } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import type { DeviceIndex } from '../devices/contract';
import type { DeviceIndexEntry } from '../devices/contract';
import type { LifecycleService } from '../lifecycle/contract';
import type { ProjectService } from '../projects/contract';
import type { QueuedRequestsService } from '../requests/contract';
import { type Job, type JobItem, type JobItemPlan, type JobsService, jobProgress } from '../jobs/contract';
import { BULK_KIND, commandOf, isLifecycleAction } from './bulk-actions';

const message = (code: ErrorCode) => ({ code, message: ERRORS[code].message });

/** A job of the bulk kind as the API shows it. */
export function toBulkJob(job: Job): BulkJob {
  return {
    id: job.id,
    action: job.action as BulkActionName,
    params: job.params,
    ...jobProgress(job),
    projectIds: job.projectIds,
  };
}

function toBulkItem(item: JobItem): BulkJobItem {
  return {
    deviceId: item.itemId,
    serialNumber: item.sortKey,
    name: item.label,
    outcome: item.outcome,
    error: item.error,
    requestId: item.ref,
  };
}

/** The selection of a bulk request, resolved and sorted into what can and cannot run. */
interface Selection {
  devices: DeviceIndexEntry[];
  compatible: boolean;
  unsupported: { device: DeviceIndexEntry; reason: ErrorCode }[];
}

/**
 * Bulk actions (spec §2 inventory lists, §4 status actions, §5 bulk rules): one job per action on
 * many devices, checked first as a whole — devices the caller cannot see are not found, a selection
 * mixing vendor families is incompatible, devices the action cannot run on are listed — then run
 * in batches by the runner, which survives a restart.
 */
export class BulkService {
  constructor(
    private readonly deps: {
      jobs: JobsService;
      index: DeviceIndex;
      projects: ProjectService;
      requests: QueuedRequestsService;
      lifecycle: LifecycleService;
    },
  ) {}

  async check(user: User, body: BulkCheckRequest): Promise<BulkCheck> {
    const selection = await this.select(user, body);
    return {
      total: selection.devices.length,
      compatible: selection.compatible,
      supported: selection.devices.length - selection.unsupported.length,
      unsupported: this.listed(selection),
      unsupportedTotal: selection.unsupported.length,
    };
  }

  async start(user: User, body: BulkActionRequest): Promise<BulkJob> {
    const selection = await this.select(user, body);
    if (!selection.compatible) throw new DomainError('INCOMPATIBLE_SELECTION');
    const { unsupported, devices } = selection;
    if (unsupported.length === devices.length) {
      throw new DomainError('BULK_NO_SUPPORTED_DEVICES', {
        unsupported: this.listed(selection),
        unsupportedTotal: unsupported.length,
      });
    }
    if (unsupported.length > 0 && !body.acceptUnsupported) {
      throw new DomainError('BULK_UNSUPPORTED_DEVICES', {
        unsupported: this.listed(selection),
        unsupportedTotal: unsupported.length,
      });
    }
    const reasons = new Map(unsupported.map(({ device, reason }) => [device.id, reason]));
    const items: JobItemPlan[] = devices.map((device) => {
      const reason = reasons.get(device.id);
      return {
        itemId: device.id,
        sortKey: device.serialNumber,
        label: device.name,
        outcome: reason ? 'skipped' : 'pending',
        error: reason ? message(reason) : null,
      };
    });
    const projectIds = [...new Set(devices.map((device) => device.projectId))];
    if (body.action === 'changeProject' && !projectIds.includes(body.params.projectId)) {
      projectIds.push(body.params.projectId);
    }
    const id = await this.deps.jobs.create(
      { kind: BULK_KIND, action: body.action, params: body.params, projectIds, createdBy: user.username },
      items,
    );
    return this.get(user, id);
  }

  async get(user: User, id: string): Promise<BulkJob> {
    const job = await this.deps.jobs.get(BULK_KIND, id, await this.deps.projects.scope(user));
    if (!job) throw new DomainError('BULK_JOB_NOT_FOUND');
    return toBulkJob(job);
  }

  async list(user: User, query: BulkJobListQuery): Promise<Page<BulkJob>> {
    const page = await this.deps.jobs.list(BULK_KIND, query, await this.deps.projects.scope(user));
    return { ...page, items: page.items.map(toBulkJob) };
  }

  async items(user: User, id: string, query: BulkJobItemListQuery): Promise<Page<BulkJobItem>> {
    await this.get(user, id);
    const page = await this.deps.jobs.items(id, query);
    return { ...page, items: page.items.map(toBulkItem) };
  }

  async cancel(user: User, id: string): Promise<BulkJob> {
    const job = await this.get(user, id);
    if (job.status !== 'running') throw new DomainError('BULK_JOB_FINISHED');
    await this.deps.jobs.cancel(id);
    return this.get(user, id);
  }

  /** Resolves the selection in the caller's scope and finds what the action cannot run on. */
  private async select(user: User, body: BulkCheckRequest): Promise<Selection> {
    const scope = await this.deps.projects.scope(user);
    if (body.action === 'changeProject') await this.targetProject(scope, body.params.projectId);
    const devices: DeviceIndexEntry[] = [];
    for (const id of new Set(body.deviceIds)) {
      const device = this.deps.index.id(id);
      if (!device || !inProjectScope(scope, device.projectId))
        throw new DomainError('DEVICE_NOT_FOUND', { deviceId: id });
      devices.push(device);
    }
    const vendors = new Set(devices.map((device) => device.vendor));
    const unsupported: Selection['unsupported'] = [];
    for (const device of devices) {
      const reason = this.refusal(device, body.action);
      if (reason) unsupported.push({ device, reason });
    }
    return { devices, compatible: vendors.size <= 1, unsupported };
  }

  private refusal(device: DeviceIndexEntry, action: BulkActionName): ErrorCode | null {
    const command = commandOf(action);
    if (command) return this.deps.requests.refusal(device, command);
    if (isLifecycleAction(action) || action === 'disable') return this.deps.lifecycle.refusal(device, action);
    return device.disabled ? 'DEVICE_DISABLED' : null;
  }

  private async targetProject(scope: ProjectScope, projectId: string): Promise<void> {
    const exists = await this.deps.projects.exists(projectId);
    if (!exists || !inProjectScope(scope, projectId))
      throw new DomainError('NOT_FOUND', undefined, 'Project not found');
  }

  private listed(selection: Selection): BulkUnsupportedDevice[] {
    return selection.unsupported.slice(0, BULK_UNSUPPORTED_LISTED_MAX).map(({ device, reason }) => ({
      deviceId: device.id,
      serialNumber: device.serialNumber,
      name: device.name,
      reason,
    }));
  }
}
