import { ACTION_ROLES, type CommandName, type CommandRequest, type Device } from '@farola/protocol';
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  Toolbar,
  Tooltip,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/auth/user-context';
import { CommandDialogs, type CommandDialog } from './command-dialogs';
import { useCommandsToolbarStyles } from './commands-toolbar.styles';
import {
  commandBlock,
  menuCommandsFor,
  panelCommandsFor,
  type MenuCommand,
  type PanelCommand,
} from './device-commands';
import { useCommands } from './use-commands';

/** The command a menu entry's availability follows (the firmware dialog: applying an update). */
const MENU_ENTRY_COMMAND: Record<MenuCommand, CommandName> = {
  setOperateMode: 'setOperateMode',
  firmware: 'applyUpdate',
  readLocation: 'readLocation',
  restoreCalendar: 'restoreCalendar',
  factoryReset: 'factoryReset',
  resetInstallation: 'resetInstallation',
};

/** Commands that send at once; every other one asks first (parameters or a confirmation). */
const IMMEDIATE: ReadonlySet<PanelCommand> = new Set(['switchOn', 'switchOff', 'dimmingCheck']);

/**
 * The device's commands its family supports: the frequent ones as buttons, the rest in 'More
 * commands', each with its dialog. A command the device cannot take now is disabled with the reason.
 */
export function CommandsToolbar({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const { send, isSending } = useCommands(device);
  const styles = useCommandsToolbarStyles();
  const [dialog, setDialog] = useState<CommandDialog | null>(null);
  const mayCommand = useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices);
  const blockOf = (command: CommandName) => {
    const key = commandBlock(device, command, mayCommand);
    return key ? t(key) : null;
  };

  const run = (command: PanelCommand) => {
    if (IMMEDIATE.has(command)) void send({ command, params: {} } as CommandRequest);
    else setDialog(command as CommandDialog);
  };
  const button = (command: PanelCommand) => {
    const reason = blockOf(command);
    const control = (
      <Button
        key={command}
        data-testid={`command-${command}`}
        // Focusable while disabled, so keyboard and screen-reader users reach the reason too.
        disabledFocusable={reason !== null}
        disabled={isSending}
        onClick={() => run(command)}
      >
        {tDevice(`commandName.${command}`)}
      </Button>
    );
    return reason ? (
      <Tooltip key={command} content={reason} relationship="description">
        {control}
      </Tooltip>
    ) : (
      control
    );
  };
  const menu = menuCommandsFor(device);

  return (
    <>
      <Toolbar aria-label={tDevice('commands.label')} size="small" className={styles.toolbar}>
        {panelCommandsFor(device).map(button)}
        {menu.length > 0 && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button data-testid="command-more" icon={<MoreHorizontalRegular />} disabled={isSending}>
                {t('commands.more')}
              </Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {menu.map((entry) => {
                  const reason = blockOf(MENU_ENTRY_COMMAND[entry]);
                  return (
                    <MenuItem
                      key={entry}
                      data-testid={`command-${entry}`}
                      disabled={reason !== null}
                      {...(reason ? { secondaryContent: reason } : {})}
                      onClick={() => setDialog(entry)}
                    >
                      {t(`menuCommand.${entry}`)}
                    </MenuItem>
                  );
                })}
              </MenuList>
            </MenuPopover>
          </Menu>
        )}
      </Toolbar>
      {!device.connected && mayCommand && (
        <MessageBar intent="info" data-testid="offline-queue-note">
          <MessageBarBody>{t('commands.queuedWhileOffline')}</MessageBarBody>
        </MessageBar>
      )}
      <CommandDialogs
        device={device}
        open={dialog}
        onClose={() => setDialog(null)}
        onSend={(command) => {
          setDialog(null);
          void send(command);
        }}
      />
    </>
  );
}
