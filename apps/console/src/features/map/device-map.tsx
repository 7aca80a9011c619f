import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, ZoomControl } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { getRuntimeConfig } from '@/lib/config';
import { AreaSelect } from './area-select';
import { CopyCoordinates } from './copy-coordinates';
import { useDeviceMapStyles } from './device-map.styles';
import { FitFleet } from './fit-fleet';
import { FleetLayer } from './fleet-layer';
import { FollowSelection } from './follow-selection';
import { ScaleControl } from './scale-control';

/** Leaflet needs a maxZoom even when the tile server is unreachable (offline machines). */
const MAX_ZOOM = 19;

/** How long the tiles wait for the map's first view at most (a fleet that does not load must not leave the map bare). */
const TILES_AT_THE_LATEST_MS = 3000;

/**
 * Whether the base map's tiles may load, and the call that says the first view is set: tiles wait
 * for the fleet's view (`FitFleet`), so that the configured centre's tiles are neither downloaded
 * nor shown for a moment before the map moves to the fleet; at the latest TILES_AT_THE_LATEST_MS
 * after the map showed.
 */
function useFirstView(): [boolean, () => void] {
  const [set, setSet] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSet(true), TILES_AT_THE_LATEST_MS);
    return () => clearTimeout(timer);
  }, []);
  return [set, useCallback(() => setSet(true), [])];
}

/**
 * The Leaflet map with the tile layer from the runtime configuration (with no tile server
 * reachable, the fleet shows on a plain background with a scale), loaded once the map shows the
 * fleet, and the fleet on one canvas layer.
 */
export function DeviceMap() {
  const { mapCenter, mapZoom, mapTileUrl, mapAttribution } = getRuntimeConfig();
  const styles = useDeviceMapStyles();
  const { t, i18n } = useTranslation('map');
  const [firstViewSet, onFirstView] = useFirstView();
  return (
    // MapContainer does not pass data attributes through, so the test hook sits on a wrapper.
    <div data-testid="device-map" className={styles.root}>
      {/* Leaflet's own zoom control is titled in English only; ours is translated. */}
      <MapContainer className={styles.map} center={mapCenter} zoom={mapZoom} maxZoom={MAX_ZOOM} zoomControl={false}>
        {firstViewSet && <TileLayer url={mapTileUrl} attribution={mapAttribution} maxZoom={MAX_ZOOM} />}
        {/* Leaflet sets a control's titles once: a new language needs a new control. */}
        <ZoomControl key={i18n.language} position="topleft" zoomInTitle={t('zoom.in')} zoomOutTitle={t('zoom.out')} />
        <ScaleControl />
        <FleetLayer />
        <AreaSelect />
        <CopyCoordinates />
        <FitFleet onFirstView={onFirstView} />
        <FollowSelection />
      </MapContainer>
    </div>
  );
}
