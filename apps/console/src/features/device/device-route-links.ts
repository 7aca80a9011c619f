import type { PanelTab } from './panel-tabs';

/**
 * Where the device view's links lead, given by the route that shows it: the map's panel closes
 * back to the map, an inventory detail page back to its list, and each keeps its tabs on its own path.
 */
export interface DeviceRouteLinks {
  close: string;
  tab: (tab: PanelTab) => string;
}
