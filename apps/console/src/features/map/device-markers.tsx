import { useAtomValue } from 'jotai';
import { deviceIdsAtom } from '@/lib/realtime/fleet-atoms';
import { DeviceMarker } from './device-marker';
import { useSelectedDevice } from './use-selected-device';

/** Every visible device as a marker; the list only re-renders when the set of ids changes. */
export function DeviceMarkers() {
  const ids = useAtomValue(deviceIdsAtom);
  const { selectedId, selectDevice } = useSelectedDevice();
  return ids.map((id) => <DeviceMarker key={id} deviceId={id} selected={id === selectedId} onSelect={selectDevice} />);
}
