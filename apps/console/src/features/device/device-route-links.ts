import type { PanelTab } from '@/lib/device-panel/panel-tabs';

/**
 * Where the device view's links lead, given by the route that shows it: the map's panel closes
 * back to the map (`close`); an inventory detail page is a page of its own, laid out over the
 * page's width, with no close (its breadcrumb leads back to the list). Each keeps its tabs on its own path.
 */
export interface DeviceRouteLinks {
  close?: string;
  tab: (tab: PanelTab) => string;
}
