import { encodeFleetMembers, fleetIdentitiesJson, type FleetMembersColumns } from '@farola/protocol';
import type { Logger } from 'pino';
import { prepareJson, type PreparedJson } from '../../platform/prepared-json';
import { ALL_PROJECTS } from '../../db/rows';
import type { CompactFleet, FleetMembers } from './compact-fleet';
import type { DeviceIndex } from './device-index';
import type { DeviceIndexEntry } from './device.repository';

/** Base64 as Node writes it fastest. */
export const base64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/**
 * The JSON of `GET /fleet/columns` after the state's columns: a comma, the members' columns, then
 * a space and the identities, and the end (the layout of `fleetColumnsJson`).
 */
function membersJson(columns: FleetMembersColumns): string {
  const { deviceId, serialNumber, name, ...drawn } = encodeFleetMembers(columns, base64);
  return `,${JSON.stringify(drawn).slice(1, -1)}${fleetIdentitiesJson({ deviceId, serialNumber, name })}`;
}

/** The key of the whole fleet, an administrator's read, which is prepared ahead. */
export const WHOLE_FLEET = 'all';

/** A scope's devices at one membership version, in the order of its columns, and the JSON of those columns. */
export interface PreparedMembers {
  version: number;
  entries: readonly DeviceIndexEntry[];
  part: PreparedJson;
}

export interface FleetColumnsCacheOptions {
  /** How long the fleet's membership must stay unchanged before the whole fleet is prepared again. */
  quietMs: number;
  /** At most this many scopes (members' project sets, single projects) are kept. */
  maxScopes: number;
}

/**
 * The members' part of `GET /fleet/columns` (the members' columns: kinds, vendors, projects, and
 * ids, serial numbers and names, which end the answer: 80 % of its bytes) serialised and deflated
 * once per scope and membership version instead of on every read: at 100,000 devices that is 9.6 MB of JSON and ~0.2–0.3 s of
 * CPU, which a read then spends only on the state's 1.3 MB. The whole fleet is prepared ahead, a
 * quiet second after its membership last changed (registrations, moves), at a slower level that
 * compresses better; other scopes when first read.
 */
export class FleetColumnsCache {
  private readonly prepared = new Map<string, PreparedMembers>();
  /** Parts being prepared for a read, by scope: readers of the same version wait for the one under way. */
  private readonly inFlight = new Map<string, { version: number; part: Promise<PreparedJson> }>();
  private timer: NodeJS.Timeout | null = null;
  private seenVersion = -1;
  private preparing = false;

  constructor(
    private readonly deps: { fleet: CompactFleet; index: DeviceIndex; logger: Logger },
    private readonly options: FleetColumnsCacheOptions = { quietMs: 1000, maxScopes: 16 },
  ) {}

  /** The part kept for scope `key` if it is of membership `version`: its devices, in order, and their JSON. */
  kept(key: string, version: number): PreparedMembers | undefined {
    const kept = this.prepared.get(key);
    return kept?.version === version ? kept : undefined;
  }

  /** The part of `members` (read for scope `key`): kept, or prepared now at the fastest level and kept. */
  async part(key: string, members: FleetMembers): Promise<PreparedJson> {
    const kept = this.kept(key, members.version);
    if (kept) return kept.part;
    const underWay = this.inFlight.get(key);
    if (underWay?.version === members.version) return underWay.part;
    const part = prepareJson(membersJson(members.columns), 1).then((prepared) => {
      this.keep(key, members, prepared);
      return prepared;
    });
    const flight = { version: members.version, part };
    this.inFlight.set(key, flight);
    const landed = () => {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    };
    part.then(landed, landed);
    return part;
  }

  /** The membership version of the part kept for `key`, if any. */
  preparedVersion(key: string): number | undefined {
    return this.prepared.get(key)?.version;
  }

  start(): void {
    this.timer = setInterval(() => void this.prepareWholeFleet(), this.options.quietMs);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Prepares the whole fleet's part once its membership has not changed for a tick. */
  private async prepareWholeFleet(): Promise<void> {
    const version = this.deps.index.membershipVersion;
    const settled = version === this.seenVersion;
    this.seenVersion = version;
    if (!settled || this.preparing || this.prepared.get(WHOLE_FLEET)?.version === version) return;
    this.preparing = true;
    try {
      const members = this.deps.fleet.members({}, ALL_PROJECTS);
      this.keep(WHOLE_FLEET, members, await prepareJson(membersJson(members.columns), 6));
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'preparing the fleet for the map failed; reads prepare their own');
    } finally {
      this.preparing = false;
    }
  }

  private keep(key: string, members: FleetMembers, part: PreparedJson): void {
    // A newer version may have been kept while this one was deflated.
    const kept = this.prepared.get(key);
    if (kept && kept.version > members.version) return;
    // Map order is insertion order: the first key is the one least recently kept.
    this.prepared.delete(key);
    this.prepared.set(key, { version: members.version, entries: members.entries, part });
    if (this.prepared.size > this.options.maxScopes) this.prepared.delete(this.prepared.keys().next().value!);
  }
}
