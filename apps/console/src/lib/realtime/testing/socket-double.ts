import type { DeviceEventPayloads, DeviceEventType } from '@farola/protocol';
import { Subject, type Observable } from 'rxjs';

/**
 * Stands in for `lib/realtime/socket` in tests that play the server: the test pushes events and
 * reconnects through `socketDouble`, and the code under test reads them as it reads the real socket.
 *
 * @example
 * vi.mock('@/lib/realtime/socket', () => import('@/lib/realtime/testing/socket-double'));
 * socketDouble.push('DeviceCommandRequested', { request });
 */
const subjects = new Map<DeviceEventType, Subject<unknown>>();
const reconnects = new Subject<void>();

function subjectOf(name: DeviceEventType): Subject<unknown> {
  let subject = subjects.get(name);
  if (!subject) subjects.set(name, (subject = new Subject()));
  return subject;
}

export function event$<K extends DeviceEventType>(name: K): Observable<DeviceEventPayloads[K]> {
  return subjectOf(name).asObservable() as Observable<DeviceEventPayloads[K]>;
}

export const reconnected$: Observable<void> = reconnects.asObservable();

export const socketDouble = {
  push<K extends DeviceEventType>(name: K, payload: DeviceEventPayloads[K]): void {
    subjectOf(name).next(payload);
  },
  reconnect(): void {
    reconnects.next();
  },
};
