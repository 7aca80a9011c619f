import type { QueuedRequest } from '@farola/protocol';
import { RECENT_REQUESTS } from './requests-api';

function isNewer(next: QueuedRequest, current: QueuedRequest): boolean {
  return Date.parse(next.updatedAt) >= Date.parse(current.updatedAt);
}

/**
 * A request list (newest first, at most RECENT_REQUESTS) with updates merged in: a known request
 * is replaced unless the update is older than what the list holds (so a late REST answer cannot
 * undo a live DONE); a new one goes on top.
 *
 * @example
 * queryClient.setQueryData(queryKeys.deviceRequests(id), (list) => mergeRequests(list ?? [], [request]));
 */
export function mergeRequests(list: readonly QueuedRequest[], updates: readonly QueuedRequest[]): QueuedRequest[] {
  let merged = [...list];
  for (const update of updates) {
    const index = merged.findIndex((request) => request.id === update.id);
    const current = index === -1 ? undefined : merged[index];
    if (current === undefined) merged = [update, ...merged];
    else if (isNewer(update, current)) merged[index] = update;
  }
  return merged.slice(0, RECENT_REQUESTS);
}

/**
 * A fetched request list, with any request the cache holds in a later state (a live update that
 * arrived while the list was being read) kept: a late REST answer cannot undo a live DONE.
 */
export function keepNewerRequests(
  fetched: readonly QueuedRequest[],
  cached: readonly QueuedRequest[] | undefined,
): QueuedRequest[] {
  const known = new Map((cached ?? []).map((request) => [request.id, request]));
  return fetched.map((request) => {
    const current = known.get(request.id);
    return current && !isNewer(request, current) ? current : request;
  });
}
