import { ACTION_ROLES, type Device } from '@farola/protocol';
import { Button } from '@fluentui/react-components';
import { CalendarLtrRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/auth/user-context';
import { useDeviceGroupActionStyles } from './device-group-action.styles';
import { YearPreviewDialog } from './year-preview-dialog';

/**
 * 'Year preview' of the panel's light point (issue 24): what its group has it run, a year ahead, at
 * the coordinates and time zone the light point reported.
 */
export function DeviceYearPreview({ device }: { device: Device }) {
  const { t } = useTranslation('scheduling');
  const styles = useDeviceGroupActionStyles();
  const [open, setOpen] = useState(false);
  const mayView = useSignedInUser().hasAnyRole(ACTION_ROLES.viewGroups);
  if (!mayView || device.deviceType !== 'light-point-controller') return null;
  const { latitude, longitude } = device;
  const timezone = device.attributes.timezone;
  const place = latitude !== null && longitude !== null && timezone ? { latitude, longitude, timezone } : null;
  return (
    <div className={styles.root}>
      <Button icon={<CalendarLtrRegular />} data-testid="device-year-preview" onClick={() => setOpen(true)}>
        {t('preview.openDevice')}
      </Button>
      {open && (
        <YearPreviewDialog
          target={{ kind: 'devices', id: device.id, name: device.name, place }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
