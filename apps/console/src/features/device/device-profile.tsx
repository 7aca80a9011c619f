import { VENDOR_LABELS, type Device } from '@farola/protocol';
import { Button, Popover, PopoverSurface, PopoverTrigger } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { useId, useState } from 'react';
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

/** How the profile is open: shown while pointed at, or pinned by a click (or Enter/Space). */
type Shown = 'closed' | 'pointed' | 'pinned';

/**
 * An info button whose popup shows the device profile: while the pointer rests on it, and pinned
 * open by a click or Enter/Space from the keyboard, until a second click, Escape or a click
 * elsewhere. The click that follows the pointer pins what the pointer opened (Fluent's own
 * toggle would close it under the user's eyes).
 */
export function DeviceProfile({ device }: { device: Device }) {
  const { t } = useTranslation('device');
  const { names } = useAllProjects();
  const rows = deviceProfileRows(device, names.get(device.projectId), t);
  const triggerId = useId();
  const [shown, setShown] = useState<Shown>('closed');
  return (
    <Popover
      openOnHover
      withArrow
      positioning="below-end"
      mouseLeaveDelay={300}
      open={shown !== 'closed'}
      onOpenChange={(event, data) => {
        const onTrigger = event.target instanceof Element && event.target.closest(`[id="${triggerId}"]`) !== null;
        if (event.type === 'click' && onTrigger) setShown(shown === 'pinned' ? 'closed' : 'pinned');
        else if (!data.open) setShown(event.type === 'mouseleave' && shown === 'pinned' ? 'pinned' : 'closed');
        else if (shown === 'closed') setShown('pointed');
      }}
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button
          id={triggerId}
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
