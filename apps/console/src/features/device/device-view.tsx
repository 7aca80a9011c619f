import type { Device } from '@farola/protocol';
import { MessageBar, MessageBarBody, Tab, TabList } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { CommandsToolbar } from './commands-toolbar';
import { DetailsTab } from './details-tab';
import type { DeviceRouteLinks } from './device-route-links';
import { BANNER_KEYS } from '@/lib/devices/device-labels';
import { EventsTab } from './events-tab';
import { MeasuresTab } from './measures-tab';
import { PanelHeader } from './panel-header';
import { PANEL_TABS, parsePanelTab, type PanelTab } from './panel-tabs';
import { RequestsList } from './requests-list';
import { useLiveDevice } from './use-live-device';

/** A found device: header, lifecycle banner, commands, the `?tab=` tabs and its requests. */
export function DeviceView({
  device,
  links,
  onClose,
}: {
  device: Device;
  links: DeviceRouteLinks;
  onClose: () => void;
}) {
  const { t } = useTranslation('device');
  const tab = parsePanelTab(useSearch());
  const [, navigate] = useLocation();
  useLiveDevice(device.id);
  const banner = BANNER_KEYS[device.status];
  const selectTab = (next: PanelTab) => navigate(links.tab(next), { replace: true });

  return (
    <>
      <PanelHeader device={device} onClose={onClose} />
      {banner && (
        <MessageBar intent="warning" data-testid="status-banner">
          <MessageBarBody>{t(banner)}</MessageBarBody>
        </MessageBar>
      )}
      <CommandsToolbar device={device} />
      <RequestsList deviceId={device.id} />
      <TabList selectedValue={tab} onTabSelect={(_event, data) => selectTab(data.value as PanelTab)}>
        {PANEL_TABS.map((value) => (
          <Tab key={value} value={value} data-testid={`tab-${value}`}>
            {t(`tab.${value}`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel">
        {tab === 'details' && <DetailsTab device={device} />}
        {tab === 'realTimeMeasures' && <MeasuresTab device={device} />}
        {tab === 'eventsHistory' && <EventsTab deviceId={device.id} />}
      </div>
    </>
  );
}
