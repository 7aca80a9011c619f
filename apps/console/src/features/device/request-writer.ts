import type { QueuedRequest } from '@farola/protocol';
import type { createStore } from 'jotai';
import { RECENT_REQUESTS } from './api';
import { deviceRequestIdsAtomFamily, requestAtomFamily } from './atoms';

type Store = ReturnType<typeof createStore>;

function isStale(current: QueuedRequest | null, next: QueuedRequest): boolean {
  return current !== null && Date.parse(current.updatedAt) > Date.parse(next.updatedAt);
}

/**
 * Stores requests (from the API or the socket) in their atoms and lists new ones first on their
 * device, keeping only its RECENT_REQUESTS newest as the panel does. An update older than what is
 * stored is ignored, so a late REST answer cannot undo a live DONE.
 */
export function putRequests(store: Store, requests: readonly QueuedRequest[]): void {
  for (const request of requests) {
    const atom = requestAtomFamily(request.id);
    if (isStale(store.get(atom), request)) continue;
    store.set(atom, request);
    const idsAtom = deviceRequestIdsAtomFamily(request.deviceId);
    const ids = store.get(idsAtom);
    if (!ids.includes(request.id)) store.set(idsAtom, [request.id, ...ids].slice(0, RECENT_REQUESTS));
  }
}
