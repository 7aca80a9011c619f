import { useAtomValue } from 'jotai';
import { latLngBounds, type Map as LeafletMap } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { getRuntimeConfig } from '@/lib/config';
import { isFleetLoadedAtom } from './fleet-atoms';
import { fleetStore } from './fleet-store';
import { useSelectedDevice } from './use-selected-device';

/** Room around the fleet, more at the top where the toolbar lies over the map. */
const FIT_PADDING_TOP_LEFT: [number, number] = [48, 110];
const FIT_PADDING_BOTTOM_RIGHT: [number, number] = [48, 48];
const FIT_MAX_ZOOM = 18;

/**
 * The fleet's default view: every located device framed, or, with none, the configured centre and
 * zoom. 'Default view' returns to it (animated); the map's first view is set at once.
 */
export function showDefaultView(map: LeafletMap, { animate = true }: { animate?: boolean } = {}): void {
  let south = Infinity;
  let north = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (let i = 0; i < fleetStore.size; i += 1) {
    const lat = fleetStore.latitude[i]!;
    const lng = fleetStore.longitude[i]!;
    if (Number.isNaN(lat)) continue;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  if (south === Infinity) {
    const { mapCenter, mapZoom } = getRuntimeConfig();
    map.setView(mapCenter, mapZoom, { animate });
    return;
  }
  map.fitBounds(
    latLngBounds([
      [south, west],
      [north, east],
    ]),
    {
      paddingTopLeft: FIT_PADDING_TOP_LEFT,
      paddingBottomRight: FIT_PADDING_BOTTOM_RIGHT,
      maxZoom: FIT_MAX_ZOOM,
      animate,
    },
  );
}

/**
 * Once the fleet has loaded, shows its default view, so the map opens on the user's fleet wherever
 * it is rather than on the configured default centre, and then calls `onFirstView`. A deep link to
 * a device wins: `FollowSelection` flies there instead.
 */
export function FitFleet({ onFirstView }: { onFirstView: () => void }) {
  const map = useMap();
  const loaded = useAtomValue(isFleetLoadedAtom);
  const { selectedId } = useSelectedDevice();
  const fitted = useRef(false);
  useEffect(() => {
    if (!loaded || fitted.current) return;
    fitted.current = true;
    if (!selectedId && fleetStore.size > 0) showDefaultView(map, { animate: false });
    onFirstView();
  }, [loaded, selectedId, map, onFirstView]);
  return null;
}
