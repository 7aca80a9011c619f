import { FLEET_DEVICE_IDS_MAX, type FleetColumns } from '@farola/protocol';
import { map, merge } from 'rxjs';
import { fetchFleetColumns, fetchFleetDevices } from '@/lib/api/fleet';
import { bindFleetAtoms } from './fleet-atoms';
import { fleetStore, type FleetStore } from './fleet-store';
import { appStore, type AppStore } from '@/lib/store';
import { bufferAnimationFrame } from '@/lib/realtime/buffer-animation-frame';
import { fleetChangeOf, type FleetUpdate } from './fleet-updates';
import { followLiveCollection } from '@/lib/realtime/live-collection';
import { realtime } from '@/lib/realtime/live';
import type { RealtimeClient } from '@/lib/realtime/realtime-client';
import { isStreamOf } from '@/lib/realtime/resync';

/**
 * Fetches the devices that live updates name but the loaded fleet lacks (devices registered since
 * the load) with one `GET /fleet?deviceId=…` per batch; a device whose fetch failed is asked for
 * again on its next update. While the fleet is still loading, the load brings them; while its
 * identities are missing (their read failed: the next resync reads them), every device is unknown.
 */
function createDeviceDiscovery(fleet: FleetStore, client: RealtimeClient) {
  const requested = new Set<string>();
  return (ids: readonly string[]) => {
    if (!fleet.loaded || !fleet.identified) return;
    const fresh = ids.filter((id) => !requested.has(id));
    for (let start = 0; start < fresh.length; start += FLEET_DEVICE_IDS_MAX) {
      const batch = fresh.slice(start, start + FLEET_DEVICE_IDS_MAX);
      for (const id of batch) requested.add(id);
      fetchFleetDevices(batch)
        .then((list) => {
          client.noteSnapshot(list.streams);
          fleet.add(list.items);
          // A device the server does not show (not ours) stays skipped; one it showed may leave
          // (moved to a project we do not see) and come back, and is then fetched again.
          for (const item of list.items) requested.delete(item.deviceId);
        })
        .catch((error: unknown) => {
          for (const id of batch) requested.delete(id);
          console.error('Loading newly reported devices failed', batch, error);
        });
    }
  };
}

/** The map's mark of its first draw of devices (fleet-canvas-layer.ts). */
const FLEET_DRAWN_MARK = 'farola:fleet-drawn';

/**
 * Resolves once the map has first drawn devices (its `farola:fleet-drawn` mark), or after `ms`
 * (a map that has nothing to draw: every device filtered out, say).
 */
export function fleetDrawnOrAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName(FLEET_DRAWN_MARK).length > 0) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((marks) => {
      if (marks.getEntriesByName(FLEET_DRAWN_MARK).length > 0) done();
    });
    const timer = setTimeout(done, ms);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'mark' });
  });
}

/**
 * Keeps the fleet store live (the map and its counters), and its atoms in `store`: loads
 * `GET /fleet/columns` once (the first time, the map draws the fleet before its identities are
 * read: `beforeIdentities` waits for that draw),
 * applies `FleetStateUpdated` (and connection changes) once per animation frame, adds devices that
 * register or arrive from another project while the console is open, drops those that leave for a
 * project the user does not see (`left`), and reloads only when a fleet stream must resync.
 * Returns the function that stops it.
 *
 * @example
 * const stop = startFleetSync(); // … later: stop();
 */
export function startFleetSync(
  client: RealtimeClient = realtime,
  store: AppStore = appStore,
  fleet: FleetStore = fleetStore,
  beforeIdentities: () => Promise<void> = () => fleetDrawnOrAfter(2000),
): () => void {
  const unbind = bindFleetAtoms(store, fleet);
  const discover = createDeviceDiscovery(fleet, client);
  const items$ = merge(
    client.event$('FleetStateUpdated').pipe(map((payload): FleetUpdate => ({ kind: 'state', payload }))),
    client
      .event$('DeviceConnectionStatusUpdated')
      .pipe(map((payload): FleetUpdate => ({ kind: 'connection', payload }))),
    // Attribute reports reach this tab only for subscribed devices, or from a server without the fleet stream.
    client.event$('DeviceAttributeValueUpdated').pipe(map((payload): FleetUpdate => ({ kind: 'attributes', payload }))),
  ).pipe(bufferAnimationFrame());
  const stop = followLiveCollection<FleetColumns, FleetUpdate>(client, {
    name: 'the device fleet',
    load: async () => {
      // Marks for the map's first draw (the map bench and DevTools' performance panel read them).
      const answer = await fetchFleetColumns();
      performance.mark('farola:fleet-received');
      if (!fleet.loaded) {
        // The first load: the map draws the fleet, then the identities are read. Live changes
        // wait for them (followLiveCollection holds what arrives during a load).
        fleet.preview(answer.drawing);
        performance.mark('farola:fleet-stored');
        await beforeIdentities();
      }
      return answer.whole();
    },
    positionsOf: (list) => list.streams,
    items$,
    follows: isStreamOf('fleet'),
    onSnapshot: (columns) => {
      fleet.load(columns);
      performance.mark('farola:fleet-identified');
    },
    onItems: (updates) => discover(fleet.apply(updates.map(fleetChangeOf))),
  });
  return () => {
    stop();
    unbind();
  };
}
