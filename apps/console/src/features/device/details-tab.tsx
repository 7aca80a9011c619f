import { ACTION_ROLES, VENDOR_LABELS, type Device } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { FieldList, type FieldRow } from '@/components/field-list';
import { useSignedInUser } from '@/lib/auth/user-context';
import { deviceStatusKey, DEVICE_TYPE_KEYS } from '@/lib/devices/device-labels';
import { formatDay, formatValue, fractionDigitsFor } from '@/lib/format/format-value';
import { useValueFormat } from '@/lib/format/use-value-format';
import { NameForm } from './name-form';

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

/** The device's common fields (spec §3); its name as a form for those who may edit devices. */
export function DetailsTab({ device }: { device: Device }) {
  const { t } = useTranslation('device');
  const format = useValueFormat();
  const mayRename = useSignedInUser().hasAnyRole(ACTION_ROLES.editDevices) && !device.disabled;
  const rows: FieldRow[] = [
    { key: 'deviceType', label: t('device-detail:field.deviceType'), value: t(DEVICE_TYPE_KEYS[device.deviceType]) },
    { key: 'vendor', label: t('device-detail:field.vendor'), value: VENDOR_LABELS[device.vendor] },
    { key: 'status', label: t('device-detail:field.status'), value: t(deviceStatusKey(device)) },
    ...PLAIN_FIELDS.filter((field) => !(mayRename && field === 'name')).map((field) => ({
      key: field,
      testId: `field-${field}`,
      label: t(`device-detail:field.${field}`),
      value:
        field === 'installationDate' && device.installationDate
          ? formatDay(device.installationDate, format.language)
          : formatValue(device[field], format, fractionDigitsFor(field)),
    })),
  ];
  return (
    <>
      {/* Keyed by the saved name, so the form starts again from a name that changed elsewhere. */}
      {mayRename && <NameForm key={device.name} device={device} />}
      <FieldList rows={rows} />
    </>
  );
}
