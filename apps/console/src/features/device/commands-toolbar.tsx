import { ACTION_ROLES, type Device } from '@farola/protocol';
import { Button, Toolbar, Tooltip } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/auth/user-context';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BlinkDialog } from './blink-dialog';
import { useCommandsToolbarStyles } from './commands-toolbar.styles';
import { panelCommandsFor, type PanelCommand } from './device-commands';
import { useCommands } from './use-commands';

/** The device's commands; blink asks for parameters, reboot for confirmation, the rest send at once. */
export function CommandsToolbar({ device }: { device: Device }) {
  const { t } = useTranslation('device');
  const { send, isSending } = useCommands(device);
  const styles = useCommandsToolbarStyles();
  const [dialog, setDialog] = useState<'blink' | 'reboot' | null>(null);
  const user = useSignedInUser();
  // The server refuses commands without these roles (ACTION_ROLES); say so before the user tries.
  const disabledReason = !user.hasAnyRole(ACTION_ROLES.commandDevices)
    ? t('commands.notPermitted')
    : device.connected
      ? null
      : t('commands.disconnected');

  const run = (command: PanelCommand) => {
    if (command === 'blink' || command === 'reboot') setDialog(command);
    else void send({ command, params: {} });
  };
  const button = (command: PanelCommand) => {
    const control = (
      <Button
        key={command}
        data-testid={`command-${command}`}
        // Focusable while disabled, so keyboard and screen-reader users reach the reason too.
        disabledFocusable={disabledReason !== null}
        disabled={isSending}
        onClick={() => run(command)}
      >
        {t(`commandName.${command}`)}
      </Button>
    );
    return disabledReason ? (
      <Tooltip key={command} content={disabledReason} relationship="description">
        {control}
      </Tooltip>
    ) : (
      control
    );
  };

  return (
    <>
      <Toolbar aria-label={t('commands.label')} size="small" className={styles.toolbar}>
        {panelCommandsFor(device).map(button)}
      </Toolbar>
      <BlinkDialog
        open={dialog === 'blink'}
        onCancel={() => setDialog(null)}
        onSubmit={(params) => {
          setDialog(null);
          void send({ command: 'blink', params });
        }}
      />
      <ConfirmDialog
        open={dialog === 'reboot'}
        title={t('commandName.reboot')}
        message={t('reboot.message', { name: device.name || device.serialNumber })}
        confirmLabel={t('reboot.confirm')}
        destructive
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          void send({ command: 'reboot', params: {} });
        }}
      />
    </>
  );
}
