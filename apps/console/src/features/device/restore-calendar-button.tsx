import { ACTION_ROLES, MANUAL_MODE_MAX_HOURS, supportsCommand, type Device } from '@farola/protocol';
import { Button, Tooltip } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSignedInUser } from '@/lib/auth/user-context';
import { useCommands } from './use-commands';

/** 'Restore calendar' for one cabinet output in manual mode, which otherwise lasts up to 6 hours (spec §4). */
export function RestoreCalendarButton({ device, output }: { device: Device; output: number }) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const { send, isSending } = useCommands(device);
  const [asking, setAsking] = useState(false);
  const mayCommand = useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices);
  if (!mayCommand || !supportsCommand(device.vendor, device.deviceType, 'restoreCalendar')) return null;
  return (
    <>
      <Tooltip content={t('manualMode.lasts', { hours: MANUAL_MODE_MAX_HOURS })} relationship="description">
        <Button
          size="small"
          appearance="subtle"
          data-testid={`restore-calendar-${output}`}
          disabled={isSending}
          onClick={() => setAsking(true)}
        >
          {tDevice('commandName.restoreCalendar')}
        </Button>
      </Tooltip>
      <ConfirmDialog
        open={asking}
        title={tDevice('commandName.restoreCalendar')}
        message={t('confirm.restoreOutput', { output, hours: MANUAL_MODE_MAX_HOURS })}
        confirmLabel={tDevice('commandName.restoreCalendar')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void send({ command: 'restoreCalendar', params: { output } });
        }}
      />
    </>
  );
}
