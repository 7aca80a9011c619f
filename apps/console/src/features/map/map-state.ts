import { atom } from 'jotai';
import type { Map as LeafletMap } from 'leaflet';

/**
 * What a click on the map does: open the device's panel (`pan`, the default), draw a rectangle
 * that selects the devices in it (`area`), toggle devices in the selection (`pick`), or copy the
 * coordinates of the clicked point (`copy`).
 */
export type MapTool = 'pan' | 'area' | 'pick' | 'copy';
export const mapToolAtom = atom<MapTool>('pan');

/** The Leaflet map while the map page shows it, for the tools laid over it. */
export const leafletMapAtom = atom<LeafletMap | null>(null);
