import { VENDOR_LABELS, type Device } from '@farola/protocol';
import { Checkbox, Link, TableCell, TableRow } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link as RouteLink } from 'wouter';
import { deviceStatusKey } from '@/lib/devices/device-labels';
import { formatDay } from '@/lib/format/format-value';

/** One device of an inventory list, with its selection box and a link to its page. */
export function DeviceRow(props: {
  device: Device;
  href: string;
  selected: boolean;
  onSelect: (on: boolean) => void;
  projectName: string;
  language: string;
}) {
  const { device, href, selected, onSelect, projectName, language } = props;
  const { t } = useTranslation('inventory');
  const { t: tDevice } = useTranslation('device');
  return (
    <TableRow data-testid="device-row" aria-selected={selected}>
      <TableCell>
        <Checkbox
          aria-label={t('list.select', { name: device.name })}
          checked={selected}
          onChange={(_event, data) => onSelect(data.checked === true)}
        />
      </TableCell>
      <TableCell>
        <RouteLink href={href} asChild>
          <Link>{device.name}</Link>
        </RouteLink>
      </TableCell>
      <TableCell>{device.serialNumber}</TableCell>
      <TableCell>{device.reference ?? ''}</TableCell>
      <TableCell>{VENDOR_LABELS[device.vendor]}</TableCell>
      <TableCell>{tDevice(deviceStatusKey(device))}</TableCell>
      <TableCell>{t(`list.connectionValue.${device.connected ? 'connected' : 'disconnected'}`)}</TableCell>
      <TableCell>{device.installationDate ? formatDay(device.installationDate, language) : ''}</TableCell>
      <TableCell>{projectName}</TableCell>
    </TableRow>
  );
}
