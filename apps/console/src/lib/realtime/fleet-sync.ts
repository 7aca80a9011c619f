import { DeviceSchema, PAGE_LIMIT_MAX, pageSchema } from '@farola/protocol';
import { map, merge, Observable, of, switchMap } from 'rxjs';
import { ApiError } from '@/lib/api/api-error';
import { apiGet } from '@/lib/api/client';
import { fetchDevice } from '@/lib/api/devices';
import { appStore } from '@/lib/store';
import { bufferAnimationFrame } from './buffer-animation-frame';
import { isFleetLoadedAtom } from './fleet-atoms';
import { createFleetWriter, type FleetWriter } from './fleet-writer';
import type { FleetUpdate } from './fleet-updates';
import { event$, reconnected$ } from './socket';

const DevicePageSchema = pageSchema(DeviceSchema);

/** Pages through `GET /devices` (500 at a time), writing each page as it arrives. */
function loadFleet$(writer: FleetWriter): Observable<void> {
  return new Observable<void>((subscriber) => {
    let cancelled = false;
    const ids: string[] = [];
    const run = async () => {
      let cursor: string | undefined;
      do {
        const page = await apiGet('devices', DevicePageSchema, { limit: PAGE_LIMIT_MAX, cursor });
        if (cancelled) return;
        writer.putDevices(page.items);
        ids.push(...page.items.map((device) => device.id));
        cursor = page.nextCursor ?? undefined;
        writer.setIds([...ids], cursor === undefined);
      } while (cursor !== undefined);
      subscriber.complete();
    };
    run().catch((error: unknown) => {
      // A failed load leaves the last known fleet on screen; the next reconnect retries.
      console.error('Loading the device fleet failed', error);
      subscriber.complete();
    });
    return () => {
      cancelled = true;
    };
  });
}

/**
 * Fetches devices that the socket reports but the loaded fleet lacks (devices registered since
 * the load), one request at a time per device; a failed fetch is tried again on the device's next
 * update. While the fleet is still loading, later pages bring them.
 */
function createDeviceDiscovery(writer: FleetWriter) {
  const requested = new Set<string>();
  return (ids: readonly string[]) => {
    if (!appStore.get(isFleetLoadedAtom)) return;
    for (const id of ids) {
      if (requested.has(id)) continue;
      requested.add(id);
      fetchDevice(id)
        .then((device) => writer.addDevice(device))
        .catch((error: unknown) => {
          // A device the server says is not there (or not ours) stays skipped; other failures retry.
          if (!(error instanceof ApiError && (error.status === 403 || error.status === 404))) requested.delete(id);
          console.error(`Loading device ${id} failed`, error);
        });
    }
  };
}

/**
 * Keeps the fleet atoms in `appStore` live: loads every device now and after every reconnect
 * (to catch up on what was missed), applies socket updates once per animation frame, and adds
 * devices that register while the console is open.
 * Returns the function that stops it.
 *
 * @example
 * const stop = startFleetSync(); // … later: stop();
 */
export function startFleetSync(): () => void {
  const writer = createFleetWriter(appStore);
  const reloads = merge(of('start'), reconnected$)
    .pipe(switchMap(() => loadFleet$(writer)))
    .subscribe();
  const updates$ = merge(
    event$('DeviceAttributeValueUpdated').pipe(map((payload): FleetUpdate => ({ kind: 'attributes', payload }))),
    event$('DeviceConnectionStatusUpdated').pipe(map((payload): FleetUpdate => ({ kind: 'connection', payload }))),
  );
  const discover = createDeviceDiscovery(writer);
  const live = updates$.pipe(bufferAnimationFrame()).subscribe((batch) => discover(writer.applyUpdates(batch)));
  return () => {
    reloads.unsubscribe();
    live.unsubscribe();
  };
}
