import type { BulkAction } from '@farola/protocol';
import type { DeviceIndex, DeviceIndexEntry } from '../devices/contract';
import {
  failure,
  type JobHeader,
  type JobItem,
  type JobItemStart,
  type JobKind,
  queueFollowedRequests,
  recoverFollowedRequests,
} from '../jobs/contract';
import type { ChangeResults, LifecycleService } from '../lifecycle/contract';
import type { QueuedRequestsService } from '../requests/contract';
import { BULK_KIND, commandRequestOf, isLifecycleAction } from './bulk-actions';

/**
 * Bulk actions as a job kind. A command action queues one request per device (its id is what the
 * item follows; its end settles the item through `RequestFinished`); a lifecycle action or a
 * project change is applied to the batch at once, each device's outcome recorded as it starts.
 */
export function bulkKind(deps: {
  index: DeviceIndex;
  requests: QueuedRequestsService;
  lifecycle: LifecycleService;
}): JobKind {
  const actionOf = (job: JobHeader) => ({ action: job.action, params: job.params }) as BulkAction;

  async function applyChange(job: JobHeader, devices: DeviceIndexEntry[]): Promise<JobItemStart[]> {
    const action = actionOf(job);
    const origin = { by: job.createdBy, bulkJobId: job.id };
    let results: ChangeResults;
    if (action.action === 'disable') results = await deps.lifecycle.disable(devices, origin);
    else if (action.action === 'changeProject') {
      results = await deps.lifecycle.changeProject(devices, action.params.projectId);
    } else if (isLifecycleAction(action.action)) {
      results = await deps.lifecycle.move(devices, action.action, origin);
    } else throw new Error(`bulk action ${action.action} has no runner`);
    return devices.map((device) => {
      const refusal = results.get(device.id) ?? null;
      return refusal
        ? { itemId: device.id, ref: null, outcome: 'failed', error: failure(refusal) }
        : { itemId: device.id, ref: null, outcome: 'succeeded', error: null };
    });
  }

  return {
    kind: BULK_KIND,
    cancelledError: failure('REQUEST_CANCELED'),
    start: async (job: JobHeader, items: readonly JobItem[]) => {
      const devices: DeviceIndexEntry[] = [];
      const starts: JobItemStart[] = [];
      for (const item of items) {
        const device = deps.index.id(item.itemId);
        if (device) devices.push(device);
        else starts.push({ itemId: item.itemId, ref: null, outcome: 'failed', error: failure('DEVICE_NOT_FOUND') });
      }
      if (devices.length === 0) return starts;
      const command = commandRequestOf(actionOf(job));
      const started = command
        ? await queueFollowedRequests(deps.requests, job, devices, command)
        : await applyChange(job, devices);
      return [...starts, ...started];
    },
    recover: (_job, followed) =>
      recoverFollowedRequests(
        deps.requests,
        followed.map((item) => item.ref!),
      ),
    abandon: async (_job, refs) => {
      for (const id of refs) await deps.requests.cancel(id);
    },
  };
}
