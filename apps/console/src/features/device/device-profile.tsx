import { VENDOR_LABELS, type Device } from '@farola/protocol';
import { Button, Popover, PopoverSurface, PopoverTrigger } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { FieldList, type FieldRow } from '@/components/field-list';
import { useAllProjects } from '@/lib/api/projects';
import { DEVICE_STATUS_KEYS, DEVICE_TYPE_KEYS } from '@/lib/devices/device-labels';

/** The device's profile at a glance (spec §2 'the device profile in a tooltip'), for the panel header. */
export function deviceProfileRows(
  device: Device,
  projectName: string | undefined,
  t: (key: string) => string,
): FieldRow[] {
  const luminaireType = device.luminaireType ?? device.attributes.identifiedLuminaireType;
  // A light point is known by its luminaire, a cabinet controller (on no luminaire) by its IP.
  const hardware: FieldRow =
    device.deviceType === 'cabinet-controller'
      ? { key: 'ip', label: t('device-detail:field.ip'), value: device.ip ?? '—' }
      : {
          key: 'luminaireType',
          label: t('device-detail:field.luminaireType'),
          value: luminaireType === undefined ? '—' : String(luminaireType),
        };
  return [
    { key: 'deviceType', label: t('device-detail:field.deviceType'), value: t(DEVICE_TYPE_KEYS[device.deviceType]) },
    { key: 'vendor', label: t('device-detail:field.vendor'), value: VENDOR_LABELS[device.vendor] },
    { key: 'modelNumber', label: t('device-detail:field.modelNumber'), value: device.modelNumber ?? '—' },
    { key: 'firmwareVersion', label: t('device-detail:field.firmwareVersion'), value: device.firmwareVersion ?? '—' },
    hardware,
    { key: 'project', label: t('device-detail:field.project'), value: projectName ?? '—' },
    { key: 'status', label: t('device-detail:field.status'), value: t(DEVICE_STATUS_KEYS[device.status]) },
  ];
}

/**
 * An info button whose popup shows the device profile: on hover, and on click or Enter/Space from
 * the keyboard (Escape closes it).
 */
export function DeviceProfile({ device }: { device: Device }) {
  const { t } = useTranslation('device');
  const { names } = useAllProjects();
  const rows = deviceProfileRows(device, names.get(device.projectId), t);
  return (
    <Popover openOnHover withArrow positioning="below-end" mouseLeaveDelay={300}>
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<InfoRegular />}
          aria-label={t('device-detail:profile.button')}
          data-testid="device-profile-button"
        />
      </PopoverTrigger>
      <PopoverSurface aria-label={t('device-detail:profile.title')} data-testid="device-profile">
        <FieldList rows={rows} />
      </PopoverSurface>
    </Popover>
  );
}
