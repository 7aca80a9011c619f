import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FleetSummary } from './fleet-summary';
import { MapLegend } from './map-legend';
import { useMapPageStyles } from './map-page.styles';

// Leaflet is most of the map's code, and the search box brings Fluent's combobox and positioning:
// each is a chunk of its own, loaded right after the page, which shows the counts and legend first.
const DeviceMap = lazy(() => import('./device-map').then((m) => ({ default: m.DeviceMap })));
const DeviceSearch = lazy(() => import('./device-search').then((m) => ({ default: m.DeviceSearch })));

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
        <Suspense fallback={<div className={styles.search} />}>
          <DeviceSearch className={styles.search} />
        </Suspense>
        <div className={styles.summary}>
          <FleetSummary />
        </div>
      </div>
      <MapLegend className={styles.legend} />
      {panel !== undefined && <div className={styles.panel}>{panel}</div>}
    </div>
  );
}
