import type { DeviceEventType } from '@farola/protocol';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { filter, from, map, merge, of, switchMap } from 'rxjs';
import { bufferAnimationFrame } from '@/lib/realtime/buffer-animation-frame';
import { event$, reconnected$ } from '@/lib/realtime/socket';
import { fetchDeviceRequests } from './api';
import { prependLiveEvents, toLiveEvent } from './live-events';
import { putRequests } from './request-writer';

const logFailure = (deviceId: string) => (error: unknown) => {
  console.error(`Loading the requests of ${deviceId} failed`, error);
  return null;
};

function deviceEvents$(deviceId: string) {
  const forType = <K extends DeviceEventType>(type: K) =>
    event$(type).pipe(
      filter((payload) => payload.deviceId === deviceId),
      map((payload) => toLiveEvent(type, payload)),
    );
  return merge(
    forType('DeviceAttributeValueUpdated'),
    forType('DeviceCommandRequested'),
    forType('DeviceConnectionStatusUpdated'),
  );
}

/**
 * While the panel of `deviceId` is open: loads its recent queued requests (again after every
 * reconnect), then follows its request updates and live events, writing them into the device
 * feature's atoms once per animation frame. Other devices' requests are not kept.
 */
export function useDeviceStreams(deviceId: string): void {
  const store = useStore();
  useEffect(() => {
    const requests = event$('DeviceCommandRequested')
      .pipe(
        filter((payload) => payload.deviceId === deviceId),
        bufferAnimationFrame(),
      )
      .subscribe((batch) =>
        putRequests(
          store,
          batch.map((payload) => payload.request),
        ),
      );
    const events = deviceEvents$(deviceId)
      .pipe(bufferAnimationFrame())
      .subscribe((batch) => prependLiveEvents(store, deviceId, batch));
    // Load now and after every reconnect: updates sent while the socket was down are lost.
    const reloads = merge(of('open'), reconnected$)
      .pipe(switchMap(() => from(fetchDeviceRequests(deviceId).catch(logFailure(deviceId)))))
      // The API lists newest first; storing oldest first keeps the newest on top.
      .subscribe((page) => page && putRequests(store, [...page.items].reverse()));
    return () => {
      reloads.unsubscribe();
      requests.unsubscribe();
      events.unsubscribe();
    };
  }, [deviceId, store]);
}
