import { Control, DomUtil, type ControlPosition, type Map as LeafletMap } from 'leaflet';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMap, useMapEvents } from 'react-leaflet';
import { formatDistance, roundDistance, SCALE_MAX_WIDTH_PX } from './map-scale';

/** What the scale bar's full width spans on the map, across its middle, in metres. */
function spannedMeters(map: LeafletMap): number {
  const y = map.getSize().y / 2;
  return map.distance(map.containerPointToLatLng([0, y]), map.containerPointToLatLng([SCALE_MAX_WIDTH_PX, y]));
}

/** A Leaflet control's box at `position`, for React to render into (a portal). */
function useControlContainer(map: LeafletMap, position: ControlPosition): HTMLElement {
  const [container] = useState(() => DomUtil.create('div', 'leaflet-control-scale leaflet-control'));
  useEffect(() => {
    const control = new Control({ position });
    control.onAdd = () => container;
    control.addTo(map);
    return () => {
      control.remove();
    };
  }, [map, position, container]);
  return container;
}

/**
 * The map's scale in the user's language: metric only (Leaflet's own also shows feet and miles,
 * in English), its number written the language's way, and named for screen readers.
 */
export function ScaleControl() {
  const map = useMap();
  const { t, i18n } = useTranslation('map');
  const [maxMeters, setMaxMeters] = useState(() => spannedMeters(map));
  useMapEvents({ move: () => setMaxMeters(spannedMeters(map)), resize: () => setMaxMeters(spannedMeters(map)) });
  const container = useControlContainer(map, 'bottomright');
  if (!(maxMeters > 0)) return null;
  const meters = roundDistance(maxMeters);
  const distance = formatDistance(meters, i18n.language);
  return createPortal(
    <div
      className="leaflet-control-scale-line"
      role="img"
      aria-label={t('scale.label', { distance })}
      data-testid="map-scale"
      style={{ width: Math.round((SCALE_MAX_WIDTH_PX * meters) / maxMeters) }}
    >
      {distance}
    </div>,
    container,
  );
}
