import { REFUSED_WHILE_DISCONNECTED, SUPPORTED_COMMANDS, type CommandName, type Device } from '@farola/protocol';

/** The commands shown as buttons, in this order, when the device's family supports them. */
export const PANEL_COMMANDS = [
  'switchOn',
  'switchOff',
  'blink',
  'reboot',
  'dimmingCheck',
] as const satisfies readonly CommandName[];
export type PanelCommand = (typeof PANEL_COMMANDS)[number];

/** The commands of the 'More commands' menu, each opening its dialog. */
export const MENU_COMMANDS = [
  'setOperateMode',
  'firmware',
  'readLocation',
  'restoreCalendar',
  'factoryReset',
  'resetInstallation',
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

/** The firmware dialog's commands: any one of them puts 'Firmware update' in the menu. */
export const FIRMWARE_COMMANDS = ['downloadUpdate', 'cancelDownload', 'applyUpdate', 'upgrade', 'downgrade'] as const;

type Kind = Pick<Device, 'vendor' | 'deviceType'>;

const supported = (device: Kind) => SUPPORTED_COMMANDS[device.vendor][device.deviceType];

export function panelCommandsFor(device: Kind): PanelCommand[] {
  return PANEL_COMMANDS.filter((command) => supported(device).includes(command));
}

export function menuCommandsFor(device: Kind): MenuCommand[] {
  const commands = supported(device);
  return MENU_COMMANDS.filter((entry) =>
    entry === 'firmware' ? FIRMWARE_COMMANDS.some((command) => commands.includes(command)) : commands.includes(entry),
  );
}

/**
 * Why a command cannot be sent now, as a namespaced translation key, or null when it can: the
 * user's role, a device that refuses remote management, or a disconnected device for the commands
 * the server refuses then with its catalogue message (the others are queued until it is back).
 *
 * @example
 * commandBlock({ connected: false, attributes: {} }, 'reboot', true); // 'errors:DEVICE_NOT_CONNECTED_TO_RESET'
 */
export function commandBlock(
  device: Pick<Device, 'connected' | 'attributes'>,
  command: CommandName,
  mayCommand: boolean,
): string | null {
  if (!mayCommand) return 'device:commands.notPermitted';
  if (device.attributes.remoteManagementEnabled === false) return 'errors:REMOTE_MANAGEMENT_DISABLED';
  const refusal = device.connected ? undefined : REFUSED_WHILE_DISCONNECTED[command];
  return refusal ? `errors:${refusal}` : null;
}
