import { VENDOR_LABELS, type Device } from '@farola/protocol';
import { Badge, Button, Caption1, Title3 } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { deviceStatusKey, DEVICE_TYPE_KEYS } from '@/lib/devices/device-labels';
import { DeviceProfile } from './device-profile';
import { usePanelHeaderStyles } from './panel-header.styles';

/** Name, serial number, kind, family, connection, power and lifecycle of the device, its profile, and Close in a panel. */
export function PanelHeader({ device, onClose }: { device: Device; onClose?: (() => void) | undefined }) {
  const { t } = useTranslation('device');
  const styles = usePanelHeaderStyles();
  const poweredOn = device.attributes.poweredOn;
  return (
    <header className={styles.root}>
      <div className={styles.text}>
        <Title3 as="h2" className={styles.name}>
          {device.name || device.serialNumber}
        </Title3>
        <Caption1>
          {device.serialNumber} · {t(DEVICE_TYPE_KEYS[device.deviceType])} · {VENDOR_LABELS[device.vendor]}
        </Caption1>
        <div className={styles.badges}>
          <Badge data-testid="connection-badge" color={device.connected ? 'success' : 'danger'} appearance="tint">
            {t(device.connected ? 'connection.connected' : 'connection.disconnected')}
          </Badge>
          {poweredOn !== undefined && (
            <Badge color={poweredOn ? 'brand' : 'informative'} appearance="tint">
              {t(poweredOn ? 'power.on' : 'power.off')}
            </Badge>
          )}
          <Badge color="informative" appearance="outline">
            {t(deviceStatusKey(device))}
          </Badge>
        </div>
      </div>
      <DeviceProfile device={device} />
      {onClose && (
        <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('panel.close')} onClick={onClose} />
      )}
    </header>
  );
}
