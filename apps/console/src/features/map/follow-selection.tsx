import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { deviceAtomFamily } from './fleet-atoms';
import { useSelectedDevice } from './use-selected-device';

const FOCUS_ZOOM = 17;

/** Pans the map to the selected device when the selection changes (e.g. from 'Find in map'). */
export function FollowSelection() {
  const map = useMap();
  const { selectedId } = useSelectedDevice();
  const device = useAtomValue(deviceAtomFamily(selectedId ?? ''));
  const position: [number, number] | null =
    device && device.latitude !== null && device.longitude !== null ? [device.latitude, device.longitude] : null;
  const hasPosition = position !== null;
  useEffect(() => {
    if (position) map.flyTo(position, Math.max(map.getZoom(), FOCUS_ZOOM), { duration: 0.6 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the selection, not every live update of the selected device's position
  }, [selectedId, hasPosition, map]);
  return null;
}
