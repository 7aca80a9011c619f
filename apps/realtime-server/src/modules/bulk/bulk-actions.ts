import type { BulkAction, BulkActionName, CommandName, CommandRequest, LifecycleAction } from '@farola/protocol';
import { LIFECYCLE_ACTIONS } from '@farola/protocol';

/** The kind of the jobs bulk actions run as. */
export const BULK_KIND = 'bulk';

/** Bulk actions that queue the device command of the same name. */
const COMMAND_ACTIONS: Partial<Record<BulkActionName, CommandName>> = {
  switchOn: 'switchOn',
  switchOff: 'switchOff',
  reboot: 'reboot',
  setOperateMode: 'setOperateMode',
  resetInstallation: 'resetInstallation',
  downloadUpdate: 'downloadUpdate',
  applyUpdate: 'applyUpdate',
};

/** The device command a bulk action queues, or undefined for a change the server applies itself. */
export function commandOf(action: BulkActionName): CommandName | undefined {
  return COMMAND_ACTIONS[action];
}

/** The command request a command action queues for each device. */
export function commandRequestOf(action: BulkAction): CommandRequest | null {
  const command = commandOf(action.action);
  return command ? ({ command, params: action.params } as CommandRequest) : null;
}

/** The status actions a bulk action may take (one device at a time only: `retryInstallation`). */
export function isLifecycleAction(action: BulkActionName): action is Extract<BulkActionName, LifecycleAction> {
  return (LIFECYCLE_ACTIONS as readonly string[]).includes(action);
}
