import { VENDOR_LABELS, type Device } from '@farola/protocol';
import { Link } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link as RouteLink } from 'wouter';
import type { DataTableColumn } from '@/components/data-table';
import { deviceStatusKey } from '@/lib/devices/device-labels';
import { formatDay } from '@/lib/format/format-value';
import { useDeviceListPageStyles } from './device-list-page.styles';

/** An inventory list's columns; a device's name links to `href` (its page, or its panel on the map). */
export function useDeviceColumns(
  href: (deviceId: string) => string,
  projectNames: ReadonlyMap<string, string>,
): DataTableColumn<Device>[] {
  const { t } = useTranslation('inventory');
  const { t: tDevice, i18n } = useTranslation('device');
  const styles = useDeviceListPageStyles();
  return [
    {
      id: 'name',
      header: t('column.name'),
      className: styles.name,
      interactive: true,
      cell: (device) => (
        <RouteLink href={href(device.id)} asChild>
          <Link>{device.name}</Link>
        </RouteLink>
      ),
    },
    {
      id: 'serialNumber',
      header: t('column.serialNumber'),
      className: styles.serialNumber,
      cell: (device) => device.serialNumber,
    },
    { id: 'reference', header: t('column.reference'), cell: (device) => device.reference ?? '' },
    { id: 'vendor', header: t('column.vendor'), cell: (device) => VENDOR_LABELS[device.vendor] },
    { id: 'status', header: t('column.status'), cell: (device) => tDevice(deviceStatusKey(device)) },
    {
      id: 'connection',
      header: t('column.connection'),
      cell: (device) => t(`list.connectionValue.${device.connected ? 'connected' : 'disconnected'}`),
    },
    {
      id: 'installationDate',
      header: t('column.installationDate'),
      cell: (device) => (device.installationDate ? formatDay(device.installationDate, i18n.language) : ''),
    },
    { id: 'project', header: t('column.project'), cell: (device) => projectNames.get(device.projectId) ?? '' },
  ];
}
