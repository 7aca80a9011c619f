import type { BulkActionName, DeviceType } from '@farola/protocol';

const LIFECYCLE: readonly BulkActionName[] = [
  'sendToInstallation',
  'sendToRevision',
  'sendToMaintenance',
  'sendToRetired',
];

/**
 * The bulk actions offered for a selection of one device kind (spec §2 inventory bulk actions,
 * §4 status actions and 'Disable devices'); a map selection may hold both kinds and is offered
 * every action (the server lists the devices an action does not apply to).
 */
export const BULK_ACTIONS_OF: Record<DeviceType | 'mixed', readonly BulkActionName[]> = {
  'light-point-controller': ['switchOn', 'switchOff', 'setOperateMode', 'changeProject', ...LIFECYCLE, 'disable'],
  'cabinet-controller': [
    'switchOn',
    'switchOff',
    'reboot',
    'changeProject',
    'resetInstallation',
    ...LIFECYCLE,
    'disable',
  ],
  mixed: [
    'switchOn',
    'switchOff',
    'reboot',
    'setOperateMode',
    'changeProject',
    'resetInstallation',
    ...LIFECYCLE,
    'disable',
  ],
};

/** Actions that cannot be undone: the user must tick 'I understand the consequences of this action'. */
export const GRAVE_ACTIONS: ReadonlySet<BulkActionName> = new Set(['resetInstallation', 'disable']);

/** Translation keys (namespace 'bulk') of every action's name. */
export const ACTION_KEYS: Record<BulkActionName, string> = {
  switchOn: 'action.switchOn',
  switchOff: 'action.switchOff',
  reboot: 'action.reboot',
  setOperateMode: 'action.setOperateMode',
  changeProject: 'action.changeProject',
  resetInstallation: 'action.resetInstallation',
  sendToInstallation: 'action.sendToInstallation',
  sendToRevision: 'action.sendToRevision',
  sendToMaintenance: 'action.sendToMaintenance',
  sendToRetired: 'action.sendToRetired',
  disable: 'action.disable',
  downloadUpdate: 'action.downloadUpdate',
  applyUpdate: 'action.applyUpdate',
};
