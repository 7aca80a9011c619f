import type { DeviceEvent, QueuedRequest } from '@farola/protocol';
import { atom } from 'jotai';
import { primitiveAtomFamily } from '@/lib/realtime/atom-family';

/** One atom per queued request id; null until the request is known. */
export const requestAtomFamily = primitiveAtomFamily<QueuedRequest | null>(() => null);

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

/** Per device: the ids of its requests, newest first. */
export const deviceRequestIdsAtomFamily = primitiveAtomFamily<readonly string[]>(() => []);

/** Per device: its event history as loaded so far, newest first, plus live events. */
export interface EventHistory {
  items: readonly DeviceEvent[];
  nextCursor: string | null;
  state: 'idle' | 'loading' | 'loaded' | 'failed';
}
export const eventHistoryAtomFamily = primitiveAtomFamily<EventHistory>(() => ({
  items: [],
  nextCursor: null,
  state: 'idle',
}));
