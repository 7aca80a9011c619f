import { useAtomValue, useStore } from 'jotai';
import { latLngBounds, type LatLngTuple } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { deviceAtomFamily, deviceIdsAtom, isFleetLoadedAtom } from '@/lib/realtime/fleet-atoms';
import { useSelectedDevice } from './use-selected-device';

const FIT_PADDING: [number, number] = [48, 48];
const FIT_MAX_ZOOM = 18;

/**
 * Once the fleet has loaded, frames every located device, so the map opens on the user's fleet
 * wherever it is rather than on the configured default centre. A deep link to a device wins:
 * `FollowSelection` flies there instead.
 */
export function FitFleet() {
  const map = useMap();
  const store = useStore();
  const loaded = useAtomValue(isFleetLoadedAtom);
  const { selectedId } = useSelectedDevice();
  const fitted = useRef(false);
  useEffect(() => {
    if (!loaded || fitted.current) return;
    fitted.current = true;
    if (selectedId) return;
    const positions: LatLngTuple[] = [];
    for (const id of store.get(deviceIdsAtom)) {
      const device = store.get(deviceAtomFamily(id));
      if (device?.latitude != null && device.longitude != null) positions.push([device.latitude, device.longitude]);
    }
    if (positions.length > 0) map.fitBounds(latLngBounds(positions), { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
  }, [loaded, selectedId, map, store]);
  return null;
}
