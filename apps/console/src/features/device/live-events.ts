import type { DeviceEvent, DeviceEventPayloads, DeviceEventType } from '@farola/protocol';
import type { createStore } from 'jotai';
import { eventHistoryAtomFamily } from './atoms';

type Store = ReturnType<typeof createStore>;

let liveCounter = 0;

/** A socket payload as an event-history entry; live entries get a local id until a reload. */
export function toLiveEvent<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): DeviceEvent {
  liveCounter += 1;
  return { id: `live-${liveCounter}`, type, deviceId: payload.deviceId, ts: payload.ts, payload } as DeviceEvent;
}

/**
 * Puts live events (oldest first) on top of a loaded history. A history not loaded yet is left
 * alone: its first page will contain them.
 */
export function prependLiveEvents(store: Store, deviceId: string, events: readonly DeviceEvent[]): void {
  const atom = eventHistoryAtomFamily(deviceId);
  const history = store.get(atom);
  if (history.state !== 'loaded' || events.length === 0) return;
  store.set(atom, { ...history, items: [...[...events].reverse(), ...history.items] });
}
