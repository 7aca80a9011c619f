import type { Device } from '@farola/protocol';
import { createElement, lazy } from 'react';
import type { PanelTabDefinition } from '@/lib/device-panel/panel-tabs';

/** The device feature's own tabs of the panel (app/panel-tabs.ts registers them with the others'). */
export const DEVICE_PANEL_TABS: readonly PanelTabDefinition[] = [
  { tab: 'details', Content: lazy(() => import('./details-tab').then((m) => ({ default: m.DetailsTab }))) },
  {
    tab: 'technicalInformation',
    Content: lazy(() => import('./tabs/technical-tab').then((m) => ({ default: m.TechnicalTab }))),
  },
  {
    tab: 'parameters',
    // A cabinet's configuration and circuits.
    kinds: ['cabinet-controller'],
    Content: lazy(() => import('./tabs/parameters-tab').then((m) => ({ default: m.ParametersTab }))),
  },
  { tab: 'location', Content: lazy(() => import('./tabs/location-tab').then((m) => ({ default: m.LocationTab }))) },
  {
    tab: 'eventsHistory',
    Content: lazy(() =>
      import('./events-tab').then((m) => ({
        default: ({ device }: { device: Device }) => createElement(m.EventsTab, { deviceId: device.id }),
      })),
    ),
  },
  {
    tab: 'consumption',
    Content: lazy(() => import('./tabs/consumption-tab').then((m) => ({ default: m.ConsumptionTab }))),
  },
  { tab: 'realTimeMeasures', Content: lazy(() => import('./measures-tab').then((m) => ({ default: m.MeasuresTab }))) },
  { tab: 'stats', Content: lazy(() => import('./tabs/stats-tab').then((m) => ({ default: m.StatsTab }))) },
  {
    tab: 'photography',
    Content: lazy(() => import('./tabs/photography-tab').then((m) => ({ default: m.PhotographyTab }))),
  },
  {
    tab: 'electricalSchema',
    kinds: ['cabinet-controller'],
    Content: lazy(() => import('./tabs/electrical-schema-tab').then((m) => ({ default: m.ElectricalSchemaTab }))),
  },
  {
    // Both kinds: a cabinet's configured table, a luminaire's by dimming level.
    tab: 'powerTable',
    Content: lazy(() => import('./tabs/power-table-tab').then((m) => ({ default: m.PowerTableTab }))),
  },
  {
    tab: 'dimmingSpecs',
    // A luminaire's dimming.
    kinds: ['light-point-controller'],
    Content: lazy(() => import('./tabs/dimming-specs-tab').then((m) => ({ default: m.DimmingSpecsTab }))),
  },
  { tab: 'notes', Content: lazy(() => import('./tabs/notes-tab').then((m) => ({ default: m.NotesTab }))) },
];
