import { ACTION_ROLES, type Device } from '@farola/protocol';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { CommandsToolbar } from './commands-toolbar';
import type { DeviceRouteLinks } from './device-route-links';
import { useDeviceViewStyles } from './device-view.styles';
import { useSignedInUser } from '@/lib/auth/user-context';
import { deviceBanner } from '@/lib/devices/device-labels';
import { InstallationProgress } from './installation-progress';
import { LifecycleMenu } from './lifecycle-menu';
import { PanelHeader } from './panel-header';
import { PanelTabList } from './panel-tab-list';
import { parsePanelTab, tabsFor, type PanelTab } from '@/lib/device-panel/panel-tabs';
import { RequestsList } from './requests-list';
import { TabContent } from './tab-content';
import { useLiveDevice } from './use-live-device';

/**
 * A found device: header, lifecycle banner, status actions and commands (none once it is
 * disabled), the installation's progress, its requests and the `?tab=` tabs. In the map's panel
 * one column (with Close); on a page of its own (no `onClose`) the device beside its tabs.
 */
export function DeviceView({
  device,
  links,
  onClose,
}: {
  device: Device;
  links: DeviceRouteLinks;
  onClose?: (() => void) | undefined;
}) {
  const tab = parsePanelTab(useSearch(), device.deviceType);
  const [, navigate] = useLocation();
  const styles = useDeviceViewStyles();
  useLiveDevice(device.id);
  const selectTab = (next: PanelTab) => navigate(links.tab(next), { replace: true });
  const summary = <DeviceSummary device={device} onClose={onClose} />;
  const tabs = (
    <>
      <PanelTabList tabs={tabsFor(device.deviceType)} selected={tab} onSelect={selectTab} />
      <TabContent tab={tab} device={device} />
    </>
  );
  if (onClose) {
    return (
      <>
        {summary}
        {tabs}
      </>
    );
  }
  return (
    <div className={styles.page}>
      <div className={styles.column}>{summary}</div>
      <div className={styles.column}>{tabs}</div>
    </div>
  );
}

/** Who the device is and what it is doing, and what can be done with it. */
function DeviceSummary({ device, onClose }: { device: Device; onClose?: (() => void) | undefined }) {
  const { t } = useTranslation('device');
  const { t: tDetail } = useTranslation('device-detail');
  const mayManage = useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices);
  const banner = deviceBanner(device);
  return (
    <>
      <PanelHeader device={device} onClose={onClose} />
      {banner && (
        <MessageBar intent={banner.intent} data-testid="status-banner">
          <MessageBarBody>{t(banner.key)}</MessageBarBody>
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
      {device.status === 'installation' && <InstallationProgress device={device} />}
      <RequestsList deviceId={device.id} />
    </>
  );
}
