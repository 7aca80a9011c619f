import type { Device } from '@farola/protocol';
import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelTab } from './panel-tabs';

type TabComponent = LazyExoticComponent<ComponentType<{ device: Device }>>;

/** Each tab's code is its own chunk, fetched when the tab is first shown. */
const TAB_COMPONENTS: Record<PanelTab, TabComponent> = {
  details: lazy(() => import('./details-tab').then((m) => ({ default: m.DetailsTab }))),
  technicalInformation: lazy(() => import('./tabs/technical-tab').then((m) => ({ default: m.TechnicalTab }))),
  parameters: lazy(() => import('./tabs/parameters-tab').then((m) => ({ default: m.ParametersTab }))),
  location: lazy(() => import('./tabs/location-tab').then((m) => ({ default: m.LocationTab }))),
  scheduling: lazy(() => import('./tabs/scheduling-tab').then((m) => ({ default: m.SchedulingTab }))),
  alarms: lazy(() => import('./tabs/pending-tabs').then((m) => ({ default: m.AlarmsTab }))),
  eventsHistory: lazy(() =>
    import('./events-tab').then((m) => ({
      default: ({ device }: { device: Device }) => <m.EventsTab deviceId={device.id} />,
    })),
  ),
  consumption: lazy(() => import('./tabs/consumption-tab').then((m) => ({ default: m.ConsumptionTab }))),
  realTimeMeasures: lazy(() => import('./measures-tab').then((m) => ({ default: m.MeasuresTab }))),
  stats: lazy(() => import('./tabs/stats-tab').then((m) => ({ default: m.StatsTab }))),
  documentation: lazy(() => import('./tabs/pending-tabs').then((m) => ({ default: m.DocumentationTab }))),
  relations: lazy(() => import('./tabs/pending-tabs').then((m) => ({ default: m.RelationsTab }))),
  traceability: lazy(() => import('./tabs/traceability-tab').then((m) => ({ default: m.TraceabilityTab }))),
  photography: lazy(() => import('./tabs/photography-tab').then((m) => ({ default: m.PhotographyTab }))),
  electricalSchema: lazy(() =>
    import('./tabs/electrical-schema-tab').then((m) => ({ default: m.ElectricalSchemaTab })),
  ),
  powerTable: lazy(() => import('./tabs/power-table-tab').then((m) => ({ default: m.PowerTableTab }))),
  dimmingSpecs: lazy(() => import('./tabs/dimming-specs-tab').then((m) => ({ default: m.DimmingSpecsTab }))),
  notes: lazy(() => import('./tabs/notes-tab').then((m) => ({ default: m.NotesTab }))),
};

/** The selected tab's panel, loading its code on first use. */
export function TabContent({ tab, device }: { tab: PanelTab; device: Device }) {
  const { t } = useTranslation('device-detail');
  const Content = TAB_COMPONENTS[tab];
  return (
    <div role="tabpanel" aria-labelledby={`tab-${tab}`} data-testid={`tabpanel-${tab}`}>
      <Suspense fallback={<Spinner size="small" label={t('tabs.loading')} />}>
        <Content device={device} />
      </Suspense>
    </div>
  );
}
