import { VENDOR_LABELS, type Device } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { FieldList, type FieldRow } from '@/components/field-list';
import { DEVICE_STATUS_KEYS, DEVICE_TYPE_KEYS } from '@/lib/devices/device-labels';
import { formatValue, fractionDigitsFor } from '@/lib/format/format-value';
import { useValueFormat } from '@/lib/format/use-value-format';

const PLAIN_FIELDS = [
  'serialNumber',
  'name',
  'imei',
  'ip',
  'reference',
  'category',
  'modelNumber',
  'firmwareVersion',
  'latitude',
  'longitude',
  'fixedLocation',
  'installationDate',
  'connectedAt',
  'disconnectedAt',
  'lastConnectionAt',
  'createdAt',
] as const satisfies readonly (keyof Device)[];

/** The device's common fields (spec §3). */
export function DetailsTab({ device }: { device: Device }) {
  const { t } = useTranslation('device');
  const format = useValueFormat();
  const rows: FieldRow[] = [
    { key: 'deviceType', label: t('device-detail:field.deviceType'), value: t(DEVICE_TYPE_KEYS[device.deviceType]) },
    { key: 'vendor', label: t('device-detail:field.vendor'), value: VENDOR_LABELS[device.vendor] },
    { key: 'status', label: t('device-detail:field.status'), value: t(DEVICE_STATUS_KEYS[device.status]) },
    ...PLAIN_FIELDS.map((field) => ({
      key: field,
      label: t(`device-detail:field.${field}`),
      value: formatValue(device[field], format, fractionDigitsFor(field)),
    })),
  ];
  return <FieldList rows={rows} />;
}
