import { atom, type createStore } from 'jotai';

type Store = ReturnType<typeof createStore>;

/** A request sent from this browser tab and not finished yet, with what its outcome toast names. */
export interface OwnRequest {
  /** The device's name, or its serial number when it has none. */
  deviceLabel: string;
}

/**
 * The requests sent from this browser tab that have not finished, by id: only their outcome is
 * toasted, so other operators' commands are not announced. Each leaves once it is toasted.
 */
export const ownRequestsAtom = atom<ReadonlyMap<string, OwnRequest>>(new Map<string, OwnRequest>());

/** Marks a request as sent from this tab, so that its outcome is announced. */
export function addOwnRequest(store: Store, requestId: string, own: OwnRequest): void {
  store.set(ownRequestsAtom, new Map(store.get(ownRequestsAtom)).set(requestId, own));
}

export function forgetOwnRequest(store: Store, requestId: string): void {
  const next = new Map(store.get(ownRequestsAtom));
  next.delete(requestId);
  store.set(ownRequestsAtom, next);
}
