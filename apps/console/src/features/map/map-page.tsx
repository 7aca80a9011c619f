import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceSearch } from './device-search';
import { FleetSummary } from './fleet-summary';
import { MapLegend } from './map-legend';
import { useMapPageStyles } from './map-page.styles';

// Leaflet is most of the map's code: the search, counts and legend show while it loads.
const DeviceMap = lazy(() => import('./device-map').then((m) => ({ default: m.DeviceMap })));

/** Full-height device map with 'Find in map', the live fleet summary and a legend; `panel` is laid over it. */
export function MapPage({ panel }: { panel?: ReactNode }) {
  const styles = useMapPageStyles();
  const { t } = useTranslation('map');
  return (
    <div className={styles.root}>
      <Suspense fallback={<Spinner className={styles.loading} label={t('map.loading')} />}>
        <DeviceMap />
      </Suspense>
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
