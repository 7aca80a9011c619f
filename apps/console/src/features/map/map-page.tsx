import { mergeClasses, Spinner } from '@fluentui/react-components';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '@/components/error-boundary';
import { LoadFailure } from '@/components/load-failure';
import { lazyPreloadable } from '@/lib/lazy-preloadable';
import { ensureFleetSync } from './fleet-sync-starter';
import { FleetSummary } from './fleet-summary';
import { MapLegend } from './map-legend';
import { useMapPageStyles } from './map-page.styles';
import { SelectionBar } from './selection-bar';

// Leaflet is most of the map's code, and the search boxes and tools bring Fluent's combobox, menu
// and positioning: each is a chunk of its own, loaded right after the page, which shows the counts
// and legend first. The map itself is asked for with the page (and usually ahead of it, with the
// fleet), so that the page renders it without suspending once it is in.
const DeviceMap = lazyPreloadable(() => import('./device-map').then((m) => m.DeviceMap));

/**
 * Loads the map's own code (Leaflet's chunk); once it is in, the page renders whole at once,
 * without a fallback that React would reveal up to 0.3 s late.
 */
export const preloadDeviceMap = DeviceMap.preload;
const DeviceSearch = lazy(() => import('./device-search').then((m) => ({ default: m.DeviceSearch })));
const LocationSearch = lazy(() => import('./location-search').then((m) => ({ default: m.LocationSearch })));
const MapTools = lazy(() => import('./map-tools').then((m) => ({ default: m.MapTools })));

interface MapPageProps {
  /** Laid over the map's right side (the device panel). */
  panel?: ReactNode;
  /** Bulk actions for the selected devices, shown in the selection bar. */
  selectionActions?: ReactNode;
}

/**
 * Full-height device map with 'Find in map', 'Search location', the map tools and quick filters,
 * the live fleet counts, a legend and the selection bar; `panel` is laid over it.
 */
export function MapPage({ panel, selectionActions }: MapPageProps) {
  const styles = useMapPageStyles();
  const { t } = useTranslation('map');
  useEffect(ensureFleetSync, []);
  return (
    <div className={styles.root}>
      <Suspense fallback={<Spinner className={styles.loading} label={t('map.loading')} />}>
        <DeviceMap />
      </Suspense>
      <div className={mergeClasses(styles.toolbar, panel !== undefined && styles.toolbarBesidePanel)}>
        {/* Tools that fail to load say so where they would be; the map and its counts stay. */}
        <ErrorBoundary fallback={(error) => <LoadFailure error={error} />}>
          <Suspense fallback={<div className={styles.search} />}>
            <DeviceSearch className={styles.search} />
            <LocationSearch className={styles.search} />
            <MapTools />
          </Suspense>
        </ErrorBoundary>
        <div className={styles.summary}>
          <FleetSummary />
        </div>
      </div>
      <SelectionBar className={styles.selection} actions={selectionActions} />
      <MapLegend className={styles.legend} />
      {panel !== undefined && <div className={styles.panel}>{panel}</div>}
    </div>
  );
}
