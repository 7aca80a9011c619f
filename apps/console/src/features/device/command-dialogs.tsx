import { MANUAL_MODE_MAX_HOURS, type CommandRequest, type Device } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BlinkDialog } from './blink-dialog';
import type { MenuCommand } from './device-commands';
import { FirmwareDialog } from './firmware-dialog';
import { OperateModeDialog } from './operate-mode-dialog';
import { ResetInstallationDialog } from './reset-installation-dialog';

export type CommandDialog = 'blink' | 'reboot' | MenuCommand;

interface CommandDialogsProps {
  device: Device;
  open: CommandDialog | null;
  onClose: () => void;
  onSend: (command: CommandRequest) => void;
}

/** Commands that only ask 'are you sure?', with their message keys (namespace device-detail). */
const CONFIRMATIONS = {
  reboot: { message: 'confirm.reboot', destructive: true },
  factoryReset: { message: 'confirm.factoryReset', destructive: true },
  readLocation: { message: 'confirm.readLocation', destructive: false },
  restoreCalendar: { message: 'confirm.restoreCalendar', destructive: false },
} as const;

/** The dialog of the command being prepared: its parameters, or a confirmation for what cannot be undone. */
export function CommandDialogs({ device, open, onClose, onSend }: CommandDialogsProps) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const name = device.name || device.serialNumber;
  return (
    <>
      <BlinkDialog
        open={open === 'blink'}
        onCancel={onClose}
        onSubmit={(params) => onSend({ command: 'blink', params })}
      />
      {(Object.keys(CONFIRMATIONS) as (keyof typeof CONFIRMATIONS)[]).map((command) => (
        <ConfirmDialog
          key={command}
          open={open === command}
          title={tDevice(`commandName.${command}`)}
          message={t(CONFIRMATIONS[command].message, { name, hours: MANUAL_MODE_MAX_HOURS })}
          confirmLabel={tDevice(`commandName.${command}`)}
          destructive={CONFIRMATIONS[command].destructive}
          onCancel={onClose}
          onConfirm={() => onSend({ command, params: {} })}
        />
      ))}
      {open === 'setOperateMode' && (
        <OperateModeDialog
          current={device.attributes.operateMode}
          onCancel={onClose}
          onSubmit={(operateMode) => onSend({ command: 'setOperateMode', params: { operateMode } })}
        />
      )}
      {open === 'firmware' && <FirmwareDialog device={device} onClose={onClose} />}
      {open === 'resetInstallation' && (
        <ResetInstallationDialog
          onCancel={onClose}
          onSubmit={(installationDate) => onSend({ command: 'resetInstallation', params: { installationDate } })}
        />
      )}
    </>
  );
}
