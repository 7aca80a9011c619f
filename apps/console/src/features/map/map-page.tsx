import type { ReactNode } from 'react';
import { DeviceMap } from './device-map';
import { DeviceSearch } from './device-search';
import { FleetSummary } from './fleet-summary';
import { MapLegend } from './map-legend';
import { useMapPageStyles } from './map-page.styles';

/** Full-height device map with 'Find in map', the live fleet summary and a legend; `panel` is laid over it. */
export function MapPage({ panel }: { panel?: ReactNode }) {
  const styles = useMapPageStyles();
  return (
    <div className={styles.root}>
      <DeviceMap />
      <div className={styles.toolbar}>
        <DeviceSearch className={styles.search} />
        <div className={styles.summary}>
          <FleetSummary />
        </div>
      </div>
      <MapLegend className={styles.legend} />
      {panel !== undefined && <div className={styles.panel}>{panel}</div>}
    </div>
  );
}
