import {
  type DevicePreviewQuery,
  type EnergyEstimateQuery,
  type GroupEnergyEstimate,
  TimeZoneSchema,
  type YearPreviewAnswer,
} from '@farola/protocol';
import type { PreviewPlace } from '@farola/protocol/schedule-engine';
import type { User } from '../../auth/user';
import { DomainError } from '../../platform/domain-error';
import type { DevicesService, LuminaireFacts } from '../devices/contract';
import type { GroupService } from './group.service';
import type { PreviewThread } from './preview-thread';
import type { ScheduleApply } from './schedule-apply';

/** A place a preview can be computed at: coordinates and a time zone the platform knows. */
function placeOf(latitude: number | null, longitude: number | null, timezone: string | null | undefined) {
  if (latitude === null || longitude === null || !TimeZoneSchema.safeParse(timezone).success) return null;
  return { latitude, longitude, timezone: timezone! };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Where a group's light points stand, for its estimate: the time zone most of them report, and the
 * median latitude and longitude of those in it (a city's lights span minutes of sun time at most).
 */
function membersPlace(facts: readonly LuminaireFacts[]): PreviewPlace | null {
  const placed = facts.flatMap((fact) => placeOf(fact.latitude, fact.longitude, fact.timezone) ?? []);
  const counts = new Map<string, number>();
  for (const { timezone } of placed) counts.set(timezone, (counts.get(timezone) ?? 0) + 1);
  let [timezone, most]: [string | null, number] = [null, 0];
  for (const [zone, count] of counts) if (count > most) [timezone, most] = [zone, count];
  if (timezone === null) return null;
  const inZone = placed.filter((place) => place.timezone === timezone);
  return {
    latitude: median(inZone.map((place) => place.latitude)),
    longitude: median(inZone.map((place) => place.longitude)),
    timezone,
  };
}

/**
 * What a schedule means for the lights that run it, computed in the preview thread: the year ahead of
 * one light point at its own place, and a group's yearly energy, cost and savings before it is applied.
 */
export class ScheduleEstimates {
  constructor(
    private readonly deps: {
      groupService: Pick<GroupService, 'stored' | 'ofDevice'>;
      apply: Pick<ScheduleApply, 'compiled' | 'members'>;
      devices: Pick<DevicesService, 'reads' | 'luminaires'>;
      previews: Pick<PreviewThread, 'preview' | 'energy'>;
    },
  ) {}

  /** A year of what a light point's group has it run, at the coordinates and time zone it reported. */
  async previewDevice(user: User, deviceId: string, { year }: DevicePreviewQuery): Promise<YearPreviewAnswer> {
    const device = await this.deps.devices.reads.get(user, deviceId);
    if (device.deviceType !== 'light-point-controller') throw new DomainError('NOT_A_LIGHT_POINT');
    const place = placeOf(device.latitude, device.longitude, device.attributes.timezone);
    if (!place) throw new DomainError('DEVICE_WITHOUT_PLACE');
    const { schedule } = await this.deps.apply.compiled(await this.deps.groupService.ofDevice(user, deviceId));
    return this.deps.previews.preview(schedule, place, year);
  }

  /**
   * A year of the group's schedule in energy and money, for the sum of its light points' rated
   * powers (those that reported none are counted apart), against the same lights fully on from
   * sunset to sunrise; at the place asked for, or where its light points stand.
   */
  async energy(user: User, groupId: string, query: EnergyEstimateQuery): Promise<GroupEnergyEstimate> {
    const group = await this.deps.groupService.stored(user, groupId);
    const { schedule } = await this.deps.apply.compiled(group);
    const lightPoints = (await this.deps.apply.members(group)).filter(
      (device) => device.deviceType === 'light-point-controller',
    );
    const facts = await this.deps.devices.luminaires(lightPoints.map((device) => device.id));
    const asked = placeOf(query.latitude ?? null, query.longitude ?? null, query.timezone);
    const place = asked ?? membersPlace(facts);
    if (!place) throw new DomainError(lightPoints.length === 0 ? 'GROUP_WITHOUT_LIGHT_POINTS' : 'GROUP_WITHOUT_PLACE');
    const powers = facts.flatMap((fact) => (fact.ratedPowerW === null ? [] : [fact.ratedPowerW]));
    const ratedPowerW = powers.reduce((sum, power) => sum + power, 0);
    const energy = await this.deps.previews.energy(schedule, place, query.year, {
      ratedPowerW,
      pricePerKWh: query.pricePerKWh,
    });
    return {
      groupId: group.id,
      year: query.year,
      pricePerKWh: query.pricePerKWh,
      place: { ...place, from: asked ? 'query' : 'members' },
      lightPoints: lightPoints.length,
      withoutPower: lightPoints.length - powers.length,
      ratedPowerW,
      ...energy,
    };
  }
}
