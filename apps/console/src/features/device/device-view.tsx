import { ACTION_ROLES, type Device } from '@farola/protocol';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { CommandsToolbar } from './commands-toolbar';
import type { DeviceRouteLinks } from './device-route-links';
import { useSignedInUser } from '@/lib/auth/user-context';
import { BANNER_KEYS } from '@/lib/devices/device-labels';
import { InstallationProgress } from './installation-progress';
import { LifecycleMenu } from './lifecycle-menu';
import { PanelHeader } from './panel-header';
import { PanelTabList } from './panel-tab-list';
import { parsePanelTab, tabsFor, type PanelTab } from './panel-tabs';
import { RequestsList } from './requests-list';
import { TabContent } from './tab-content';
import { useLiveDevice } from './use-live-device';

/**
 * A found device: header, lifecycle banner, status actions and commands (none once it is
 * disabled), the installation's progress, its requests and the `?tab=` tabs.
 */
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
  const { t: tDetail } = useTranslation('device-detail');
  const mayManage = useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices);
  const tab = parsePanelTab(useSearch(), device.deviceType);
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
      {device.disabled ? (
        <MessageBar intent="error" data-testid="disabled-banner">
          <MessageBarBody>{tDetail('lifecycle.disabled')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          {mayManage && <LifecycleMenu device={device} />}
          <CommandsToolbar device={device} />
        </>
      )}
      {device.status === 'installation' && <InstallationProgress deviceId={device.id} />}
      <RequestsList deviceId={device.id} />
      <PanelTabList tabs={tabsFor(device.deviceType)} selected={tab} onSelect={selectTab} />
      <TabContent tab={tab} device={device} />
    </>
  );
}
