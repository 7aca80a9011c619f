import { SUPPORTED_COMMANDS, type CommandName, type Device } from '@farola/protocol';

/** The commands the panel's toolbar offers, in this order, when the device's family supports them. */
export const PANEL_COMMANDS = [
  'switchOn',
  'switchOff',
  'blink',
  'reboot',
  'dimmingCheck',
] as const satisfies readonly CommandName[];
export type PanelCommand = (typeof PANEL_COMMANDS)[number];

export function panelCommandsFor(device: Pick<Device, 'vendor' | 'deviceType'>): PanelCommand[] {
  const supported = SUPPORTED_COMMANDS[device.vendor][device.deviceType];
  return PANEL_COMMANDS.filter((command) => supported.includes(command));
}
