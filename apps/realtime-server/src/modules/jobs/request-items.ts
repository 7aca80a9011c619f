import { type CommandRequest, ERRORS, type ErrorCode, type QueuedRequest } from '@farola/protocol';
import type { DeviceIndexEntry } from '../devices/contract';
import type { QueuedRequestsService, RequestState } from '../requests/contract';
import type { JobHeader, JobItemSettle, JobItemStart } from './contract';

/**
 * Job items that follow a queued request, one per device (a bulk command, a schedule sent to a
 * light point): queued once, adopted after a runner died, ended with the request.
 */

type End = Omit<JobItemSettle, 'ref'>;

/** An item's error for a catalogue code, with its English message. */
export const failure = (code: ErrorCode) => ({ code, message: ERRORS[code].message });
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
export function requestSettle(request: QueuedRequest): JobItemSettle | null {
  const end = endOf({
    status: request.status,
    errorCode: request.error?.code ?? null,
    errorMessage: request.error?.message ?? null,
  });
  return end && { ref: request.id, ...end };
}

/**
 * Queues `command` for each device and says how each item started. Requests this job queued already
 * (its runner stopped before recording them) are followed as they are, never queued twice; the
 * single-command rules are checked again, as a device may have been disabled since the job began.
 */
export async function queueFollowedRequests(
  requests: QueuedRequestsService,
  job: JobHeader,
  devices: readonly DeviceIndexEntry[],
  command: CommandRequest,
): Promise<JobItemStart[]> {
  const starts: JobItemStart[] = [];
  const queued = await requests.ofBulkJob(
    job.id,
    devices.map((device) => device.id),
  );
  const adopted = new Set<string>();
  for (const request of queued) {
    adopted.add(request.deviceId);
    const end = endNow(request, requests);
    starts.push({
      itemId: request.deviceId,
      ref: request.id,
      outcome: end?.outcome ?? 'pending',
      error: end?.error ?? null,
    });
  }
  const ready = devices.filter((device) => {
    if (adopted.has(device.id)) return false;
    const refusal = requests.refusal(device, command.command);
    if (refusal) starts.push({ itemId: device.id, ref: null, outcome: 'failed', error: failure(refusal) });
    return refusal === null;
  });
  const submitted = await requests.submitMany(
    ready.map((device) => ({ device, body: command })),
    job.createdBy,
    job.id,
  );
  for (const request of submitted) {
    starts.push({ itemId: request.deviceId, ref: request.id, outcome: 'pending', error: null });
  }
  return starts;
}

/**
 * After a restart: a request still in progress keeps being followed (its end arrives as
 * RequestFinished); one that ended while the server was down, or that no queue follows any more,
 * ends its item.
 */
export async function recoverFollowedRequests(
  requests: QueuedRequestsService,
  refs: readonly string[],
): Promise<JobItemSettle[]> {
  const states = new Map((await requests.states(refs)).map((state) => [state.id, state]));
  return refs.flatMap((ref) => {
    const end = endNow(states.get(ref), requests);
    return end ? [{ ref, ...end }] : [];
  });
}
