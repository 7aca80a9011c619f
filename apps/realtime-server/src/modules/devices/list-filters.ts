import type { DeviceFilter } from '@farola/protocol';
import type { User } from '../../auth/user';
import type { Conditions } from '../../db/rows';

/**
 * The inventory filters whose meaning another module keeps: the devices module reads them from the
 * query (the protocol declares them) and asks the module that contributed each for its condition.
 */
export const CONTRIBUTED_DEVICE_FILTERS = ['groupId'] as const;
export type ContributedDeviceFilter = (typeof CONTRIBUTED_DEVICE_FILTERS)[number];

/** The columns of the listed device a contributed condition may compare with, qualified for a subquery. */
export interface DeviceColumns {
  id: string;
  projectId: string;
}

/** A condition on the listed devices: adds its SQL (its values as parameters) to the list's conditions. */
export type DeviceCondition = (filters: Conditions, device: DeviceColumns) => void;

/**
 * One contributed filter. `narrow` checks the value for the caller, throwing the DomainError the API
 * answers (a group the caller does not see: 404), and returns the condition that keeps the devices it means.
 *
 * @example
 * devices.listFilters.contribute({
 *   param: 'groupId',
 *   narrow: async (user, groupId) => (filters, device) =>
 *     filters.add(`${device.id} IN (SELECT device_id FROM group_members WHERE group_id = ${filters.param(groupId)})`),
 * });
 */
export interface DeviceFilterContribution<K extends ContributedDeviceFilter = ContributedDeviceFilter> {
  param: K;
  narrow(user: User, value: NonNullable<DeviceFilter[K]>): Promise<DeviceCondition>;
}

const LISTED: DeviceColumns = { id: 'devices.id', projectId: 'devices.project_id' };

/** The contributed filters of the device lists (`GET /devices`, `/devices/ids`, `/devices/export.csv`). */
export class DeviceListFilters {
  private readonly contributions = new Map<ContributedDeviceFilter, DeviceFilterContribution>();

  contribute(contribution: DeviceFilterContribution): void {
    if (this.contributions.has(contribution.param)) {
      throw new Error(`the device filter '${contribution.param}' is contributed twice`);
    }
    this.contributions.set(contribution.param, contribution);
  }

  /** The conditions of the contributed filters the query sets, each checked for the caller. */
  async conditions(user: User, query: DeviceFilter): Promise<BoundDeviceCondition[]> {
    const conditions: BoundDeviceCondition[] = [];
    for (const param of CONTRIBUTED_DEVICE_FILTERS) {
      const value = query[param];
      if (value === undefined) continue;
      const contribution = this.contributions.get(param);
      if (!contribution) throw new Error(`no module answers the device filter '${param}'`);
      const condition = await contribution.narrow(user, value);
      conditions.push((filters) => condition(filters, LISTED));
    }
    return conditions;
  }
}

/** A contributed condition bound to the devices table of the list's statement. */
export type BoundDeviceCondition = (filters: Conditions) => void;
