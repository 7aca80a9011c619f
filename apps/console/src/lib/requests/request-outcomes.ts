import { FINAL_REQUEST_STATUSES, type QueuedRequest } from '@farola/protocol';
import type { createStore } from 'jotai';
import { catchError, EMPTY, from, map, merge, mergeMap, Observable, of } from 'rxjs';
import type { RealtimeClient } from '@/lib/realtime/realtime-client';
import { isStreamOf, resyncOf } from '@/lib/realtime/resync';
import { forgetOwnRequest, ownRequestsAtom, type OwnRequest } from './own-requests';
import { fetchRequest } from './requests-api';

type Store = ReturnType<typeof createStore>;

/** A request this tab sent that reached DONE or ERROR, with what its toast names. */
export interface RequestOutcome {
  request: QueuedRequest;
  own: OwnRequest;
}

/**
 * How many finished requests nobody claimed are kept: a fast device can finish before the answer
 * to its POST has told this tab that the request is its own.
 */
const UNCLAIMED_LIMIT = 100;

function keepUnclaimed(unclaimed: Map<string, QueuedRequest>, request: QueuedRequest): void {
  unclaimed.set(request.id, request);
  const oldest = unclaimed.keys().next().value;
  if (unclaimed.size > UNCLAIMED_LIMIT && oldest !== undefined) unclaimed.delete(oldest);
}

/**
 * The current state of each own request when following starts (a request sent while the
 * notifications were still loading) and whenever the request streams must be reloaded (a
 * reconnect the server could not catch up): its final update may have been missed.
 */
function ownRequestsReread$(store: Store, client: RealtimeClient): Observable<QueuedRequest> {
  return merge(of(undefined), client.resync$.pipe(resyncOf(isStreamOf('project')))).pipe(
    mergeMap(() => [...store.get(ownRequestsAtom).keys()]),
    mergeMap((requestId) =>
      from(fetchRequest(requestId)).pipe(
        catchError((error: unknown) => {
          console.error(`Loading the request ${requestId} failed`, error);
          return EMPTY;
        }),
      ),
    ),
  );
}

/**
 * Emits once for each request of `ownRequestsAtom` that ends DONE or ERROR, whichever device it
 * was sent to and whether or not its panel is open, then forgets the request (a cancelled one is
 * forgotten silently). Follows the realtime request updates, and re-reads the pending own
 * requests when it starts and when their streams must resync.
 *
 * @example
 * requestOutcome$(appStore, realtime).subscribe(({ request, own }) => toast(request.status, own.deviceLabel));
 */
export function requestOutcome$(store: Store, client: RealtimeClient): Observable<RequestOutcome> {
  return new Observable<RequestOutcome>((subscriber) => {
    const unclaimed = new Map<string, QueuedRequest>();
    const settle = (request: QueuedRequest) => {
      if (!FINAL_REQUEST_STATUSES.includes(request.status)) return;
      const own = store.get(ownRequestsAtom).get(request.id);
      if (!own) return keepUnclaimed(unclaimed, request);
      forgetOwnRequest(store, request.id);
      if (request.status !== 'CANCELLED') subscriber.next({ request, own });
    };
    const updates = merge(
      client.event$('DeviceCommandRequested').pipe(map((payload) => payload.request)),
      ownRequestsReread$(store, client),
    ).subscribe(settle);
    const claims = store.sub(ownRequestsAtom, () => {
      for (const requestId of store.get(ownRequestsAtom).keys()) {
        const finished = unclaimed.get(requestId);
        if (!finished) continue;
        unclaimed.delete(requestId);
        settle(finished);
      }
    });
    return () => {
      updates.unsubscribe();
      claims();
    };
  });
}
