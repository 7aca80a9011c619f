import type { DeviceEvent, QueuedRequest } from '@farola/protocol';
import { atom } from 'jotai';
import { primitiveAtomFamily } from '@/lib/realtime/atom-family';

/** One atom per queued request id; null until the request is known. */
export const requestAtomFamily = primitiveAtomFamily<QueuedRequest | null>(() => null);

/**
 * Ids of the requests sent from this browser tab: only their outcome is toasted, so opening a
 * device does not announce the results of other operators' commands.
 */
export const ownRequestIdsAtom = atom<ReadonlySet<string>>(new Set<string>());

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
