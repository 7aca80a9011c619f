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

/**
 * Commands that only ask 'are you sure?', with their keys (namespace device-detail): each dialog is
 * titled with the words of the button or menu item that opened it, so the user knows what they confirm.
 */
const CONFIRMATIONS = {
  reboot: { label: 'device:commandName.reboot', message: 'confirm.reboot', destructive: true },
  factoryReset: { label: 'menuCommand.factoryReset', message: 'confirm.factoryReset', destructive: true },
  readLocation: { label: 'menuCommand.readLocation', message: 'confirm.readLocation', destructive: false },
  restoreCalendar: { label: 'menuCommand.restoreCalendar', message: 'confirm.restoreCalendar', destructive: false },
} as const;

/** The dialog of the command being prepared: its parameters, or a confirmation for what cannot be undone. */
export function CommandDialogs({ device, open, onClose, onSend }: CommandDialogsProps) {
  const { t } = useTranslation('device-detail');
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
          title={t(CONFIRMATIONS[command].label)}
          message={t(CONFIRMATIONS[command].message, { name, hours: MANUAL_MODE_MAX_HOURS })}
          confirmLabel={t(CONFIRMATIONS[command].label)}
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
