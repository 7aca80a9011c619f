import i18next from 'i18next';
import { lazyPreloadable } from '@/lib/lazy-preloadable';
import { paths } from '@/lib/paths';
import { ensureFleetSync } from '@/features/map/fleet-sync-starter';

/** The texts the map and its device layer show: asked for with the map, not once it renders. */
const MAP_NAMESPACES = ['map', 'device'];

/**
 * The map page. Its loading starts at once everything the map's first draw waits for: the fleet
 * (megabytes in a city), the page's code, Leaflet's chunk and the page's texts, which the page
 * would otherwise ask for only once it renders (each a round trip after the one before). It
 * resolves once the page and its map can render without suspending; loaded ahead (`preloadMap`),
 * the route renders it at once.
 */
export const MapPage = lazyPreloadable(() => {
  ensureFleetSync();
  // A failure here is met again, and reported, when the page asks for its texts.
  i18next.loadNamespaces(MAP_NAMESPACES).catch(() => undefined);
  // Leaflet's chunk is asked for beside the page's, not once the page's code has run.
  const map = import('@/features/map/device-map');
  return import('@/features/map/map-page').then(async (page) => {
    // A chunk that fails here is asked for again by the page's own lazy import, which reports it.
    await map.then(page.preloadDeviceMap).catch(() => undefined);
    return page.MapPage;
  });
});

/** Starts loading the map page (see `MapPage`) before it is rendered, e.g. while the app's code loads. */
export const preloadMap = MapPage.preload;

/** Whether a location's path (under the console's base path) is the map or a device panel over it. */
export function isMapPath(pathname: string): boolean {
  const path = pathname.slice(import.meta.env.BASE_URL.length - 1);
  return path === paths.map.pattern || path.startsWith(`${paths.map.pattern}/`);
}
