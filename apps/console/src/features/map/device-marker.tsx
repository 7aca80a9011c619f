import { mergeClasses } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { deviceAtomFamily } from '@/lib/realtime/fleet-atoms';
import { useDeviceMarkerStyles } from './device-marker.styles';
import { markerRadius, markerVariant, variantKey } from './marker-variant';

interface DeviceMarkerProps {
  deviceId: string;
  selected: boolean;
  onSelect: (deviceId: string) => void;
}

const STATE_KEYS = { on: 'state.on', off: 'state.off', disconnected: 'state.disconnected' } as const;

/** One device on the map. It reads its own atom, so only the devices that changed re-render. */
export const DeviceMarker = memo(function DeviceMarker({ deviceId, selected, onSelect }: DeviceMarkerProps) {
  const device = useAtomValue(deviceAtomFamily(deviceId));
  const styles = useDeviceMarkerStyles();
  const { t } = useTranslation('map');
  if (!device || device.latitude === null || device.longitude === null) return null;
  const variant = markerVariant(device, selected);
  const className = mergeClasses(
    styles[variant.state],
    variant.isCabinet && styles.cabinet,
    variant.selected && styles.selected,
  );
  return (
    <CircleMarker
      key={variantKey(variant)}
      center={[device.latitude, device.longitude]}
      radius={markerRadius(variant)}
      // Leaflet reads className only when it creates the path (setStyle ignores it), hence the key above.
      className={className}
      eventHandlers={{ click: () => onSelect(device.id) }}
    >
      <Tooltip>
        <strong>{device.serialNumber}</strong> · {device.name}
        <br />
        {t(STATE_KEYS[variant.state])}
      </Tooltip>
    </CircleMarker>
  );
});
