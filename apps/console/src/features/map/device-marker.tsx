import { mergeClasses } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import type { CircleMarker as LeafletCircleMarker } from 'leaflet';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { deviceAtomFamily } from '@/lib/realtime/fleet-atoms';
import { useDeviceMarkerStyles } from './device-marker.styles';
import { markerRadius, markerVariant } from './marker-variant';
import { usePathClassName } from './use-path-class-name';

interface DeviceMarkerProps {
  deviceId: string;
  selected: boolean;
  onSelect: (deviceId: string) => void;
}

const STATE_KEYS = { on: 'state.on', off: 'state.off', disconnected: 'state.disconnected' } as const;

/**
 * One device on the map. It reads its own atom, so only the devices that changed re-render, and
 * a change of state restyles the drawn path rather than replacing it.
 */
export const DeviceMarker = memo(function DeviceMarker({ deviceId, selected, onSelect }: DeviceMarkerProps) {
  const device = useAtomValue(deviceAtomFamily(deviceId));
  const styles = useDeviceMarkerStyles();
  const { t } = useTranslation('map');
  const variant = device && markerVariant(device, selected);
  const className = variant
    ? mergeClasses(styles[variant.state], variant.isCabinet && styles.cabinet, variant.selected && styles.selected)
    : '';
  const ref = usePathClassName<LeafletCircleMarker>(className);
  const eventHandlers = useMemo(() => ({ click: () => onSelect(deviceId) }), [deviceId, onSelect]);
  if (!device || !variant || device.latitude === null || device.longitude === null) return null;
  return (
    <CircleMarker
      ref={ref}
      center={[device.latitude, device.longitude]}
      radius={markerRadius(variant)}
      className={className}
      eventHandlers={eventHandlers}
    >
      <Tooltip>
        <strong>{device.serialNumber}</strong> · {device.name}
        <br />
        {t(STATE_KEYS[variant.state])}
      </Tooltip>
    </CircleMarker>
  );
});
