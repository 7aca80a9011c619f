import { type BulkAction, ERRORS, type ErrorCode, type QueuedRequest } from '@farola/protocol';
import type { DeviceIndex, DeviceIndexEntry } from '../devices/contract';
import type { JobHeader, JobItem, JobItemSettle, JobItemStart, JobKind } from '../jobs/contract';
import type { ChangeResults, LifecycleService } from '../lifecycle/contract';
import type { QueuedRequestsService, RequestState } from '../requests/contract';
import { BULK_KIND, commandRequestOf, isLifecycleAction } from './bulk-actions';

const failure = (code: ErrorCode) => ({ code, message: ERRORS[code].message });

type End = Omit<JobItemSettle, 'ref'>;
const CANCELLED: End = { outcome: 'failed', error: failure('REQUEST_CANCELED') };

/** A request's end state as an item's end; null while it is in progress. */
function endOf(request: Pick<RequestState, 'status' | 'errorCode' | 'errorMessage'>): End | null {
  if (request.status === 'IN_PROGRESS') return null;
  if (request.status === 'DONE') return { outcome: 'succeeded', error: null };
  return request.errorCode
    ? { outcome: 'failed', error: { code: request.errorCode, message: request.errorMessage ?? '' } }
    : CANCELLED;
}

/**
 * The end a followed request has reached by now: its end state, or cancelled when it is gone or
 * still marked in progress with no queue following it (the server stopped before it ended).
 */
function endNow(request: RequestState | undefined, requests: QueuedRequestsService): End | null {
  if (!request) return CANCELLED;
  if (request.status === 'IN_PROGRESS') return requests.isActive(request.id) ? null : CANCELLED;
  return endOf(request);
}

/** A queued request that reached its end state, as the end of the item that follows it (if one does). */
export function settleOf(request: QueuedRequest): JobItemSettle | null {
  const end = endOf({
    status: request.status,
    errorCode: request.error?.code ?? null,
    errorMessage: request.error?.message ?? null,
  });
  return end && { ref: request.id, ...end };
}

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

  async function queueCommands(job: JobHeader, devices: DeviceIndexEntry[]): Promise<JobItemStart[]> {
    const command = commandRequestOf(actionOf(job))!;
    const starts: JobItemStart[] = [];
    // Requests this job queued already (its runner stopped before recording them): followed as
    // they are, never queued twice.
    const queued = await deps.requests.ofBulkJob(
      job.id,
      devices.map((device) => device.id),
    );
    const adopted = new Set<string>();
    for (const request of queued) {
      adopted.add(request.deviceId);
      const end = endNow(request, deps.requests);
      starts.push({
        itemId: request.deviceId,
        ref: request.id,
        outcome: end?.outcome ?? 'pending',
        error: end?.error ?? null,
      });
    }
    // The rules are checked again: a device may have gone offline or been disabled since the job began.
    const ready = devices.filter((device) => {
      if (adopted.has(device.id)) return false;
      const refusal = deps.requests.refusal(device, command.command);
      if (refusal) starts.push({ itemId: device.id, ref: null, outcome: 'failed', error: failure(refusal) });
      return refusal === null;
    });
    const requests = await deps.requests.submitMany(
      ready.map((device) => ({ device, body: command })),
      job.createdBy,
      job.id,
    );
    for (const request of requests) {
      starts.push({ itemId: request.deviceId, ref: request.id, outcome: 'pending', error: null });
    }
    return starts;
  }

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
      const started = commandRequestOf(actionOf(job))
        ? await queueCommands(job, devices)
        : await applyChange(job, devices);
      return [...starts, ...started];
    },
    // A request still in progress here keeps being followed (its end arrives as RequestFinished);
    // one that ended while the server was down, or that no queue follows any more, ends its item.
    recover: async (_job, followed) => {
      const settles: JobItemSettle[] = [];
      const states = new Map(
        (await deps.requests.states(followed.map((item) => item.ref!))).map((state) => [state.id, state]),
      );
      for (const item of followed) {
        const end = endNow(states.get(item.ref!), deps.requests);
        if (end) settles.push({ ref: item.ref!, ...end });
      }
      return settles;
    },
    abandon: async (_job, refs) => {
      for (const id of refs) await deps.requests.cancel(id);
    },
  };
}
