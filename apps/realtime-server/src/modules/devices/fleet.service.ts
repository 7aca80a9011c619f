import {
  encodeFleetState,
  type FleetColumnsQuery,
  type FleetList,
  type FleetListQuery,
  streams,
} from '@farola/protocol';
import { DomainError } from '../../platform/domain-error';
import { ALL_PROJECTS, inProjectScope, type ProjectScope } from '../../db/rows';
import type { ProjectService } from '../projects/contract';
import type { User } from '../../auth/user';
import type { CompactFleet } from './compact-fleet';
import type { DeviceIndexEntry } from './device.repository';
import type { StreamHub } from '../../realtime/stream-hub';
import type { PreparedJson } from '../../platform/prepared-json';
import { base64, type FleetColumnsCache, WHOLE_FLEET } from './fleet-columns-cache';

/**
 * `GET /fleet`: the compact state of every device the caller may see, from memory, with the
 * position of each `fleet:` stream at the moment of the read (items up to it are included).
 */
export class FleetService {
  constructor(
    private readonly deps: { fleet: CompactFleet; hub: StreamHub; projects: ProjectService; cache: FleetColumnsCache },
  ) {}

  async list(user: User, query: FleetListQuery): Promise<FleetList> {
    const scope = await this.scopeOf(user, query.projectId);
    const positions = this.positions(scope, query.projectId);
    return { items: this.deps.fleet.list(query, scope), streams: positions };
  }

  /**
   * `GET /fleet/columns`: the same read as `list`, in columns, as the JSON of the state's columns
   * (`state`, made now) and the JSON of the members' columns that follows it (`members`, prepared
   * once per membership: FleetColumnsCache), whose identity columns end the answer.
   */
  async columns(user: User, query: FleetColumnsQuery): Promise<{ state: string; members: PreparedJson }> {
    const scope = await this.scopeOf(user, query.projectId);
    const key = cacheKey(scope, query.projectId);
    // Each branch reads the devices, their state and the streams' positions in one synchronous stretch.
    const kept = this.deps.cache.kept(key, this.deps.fleet.membershipVersion);
    if (kept) return { state: this.stateJson(kept.entries, scope, query.projectId), members: kept.part };
    const members = this.deps.fleet.members(query, scope);
    const state = this.stateJson(members.entries, scope, query.projectId);
    // Prepared from the devices read above, whenever it is done: they are what the state describes.
    return { state, members: await this.deps.cache.part(key, members) };
  }

  /** The JSON that opens the answer: the state's columns of `entries` and the streams' positions, before the members' columns. */
  private stateJson(entries: readonly DeviceIndexEntry[], scope: ProjectScope, projectId: string | undefined): string {
    const state = this.deps.fleet.stateColumns(entries);
    const streams = this.positions(scope, projectId);
    return JSON.stringify(encodeFleetState({ ...state, streams }, base64)).slice(0, -1);
  }

  /** The caller's scope (the only database read: a member's projects; none for an administrator). */
  private async scopeOf(user: User, projectId: string | undefined): Promise<ProjectScope> {
    const scope = await this.deps.projects.scope(user);
    if (projectId && !inProjectScope(scope, projectId)) throw new DomainError('ACCESS_NOT_GRANTED');
    return scope;
  }

  /**
   * The seq of each `fleet:` stream the read covers (an administrator's: those of the projects
   * holding devices), taken in the same synchronous stretch as the read that follows it: no change
   * can fall between them.
   */
  private positions(scope: ProjectScope, projectId: string | undefined): Record<string, number> {
    const projectIds = projectId ? [projectId] : scope === ALL_PROJECTS ? this.deps.fleet.projectIds() : scope;
    const positions: Record<string, number> = {};
    for (const id of projectIds) positions[streams.fleet(id)] = this.deps.hub.publishedSeq(streams.fleet(id));
    return positions;
  }
}

/** Which prepared opening a read shares: its project, the whole fleet, or a member's projects. */
function cacheKey(scope: ProjectScope, projectId: string | undefined): string {
  if (projectId) return `project:${projectId}`;
  return scope === ALL_PROJECTS ? WHOLE_FLEET : `projects:${[...scope].sort().join(',')}`;
}
