import { MapContainer, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { getRuntimeConfig } from '@/lib/config';
import { useDeviceMapStyles } from './device-map.styles';
import { DeviceMarkers } from './device-markers';
import { FitFleet } from './fit-fleet';
import { FollowSelection } from './follow-selection';

/** Leaflet needs a maxZoom even when the tile server is unreachable (offline machines). */
const MAX_ZOOM = 19;

/** The Leaflet map with the tile layer from the runtime configuration and every device on it. */
export function DeviceMap() {
  const { mapCenter, mapZoom, mapTileUrl, mapAttribution } = getRuntimeConfig();
  const styles = useDeviceMapStyles();
  return (
    // MapContainer does not pass data attributes through, so the test hook sits on a wrapper.
    <div data-testid="device-map" className={styles.root}>
      <MapContainer className={styles.map} center={mapCenter} zoom={mapZoom} maxZoom={MAX_ZOOM} preferCanvas={false}>
        <TileLayer url={mapTileUrl} attribution={mapAttribution} maxZoom={MAX_ZOOM} />
        <DeviceMarkers />
        <FitFleet />
        <FollowSelection />
      </MapContainer>
    </div>
  );
}
