import {
  type FleetColumns,
  type FleetColumnsQuery,
  type FleetList,
  type FleetListQuery,
  streams,
} from '@farola/protocol';
import { DomainError } from '../../platform/domain-error';
import { ALL_PROJECTS, inProjectScope, type ProjectScope } from '../../db/rows';
import type { ProjectService } from '../projects/project.service';
import type { User } from '../../auth/user';
import type { CompactFleet } from './compact-fleet';
import type { StreamHub } from '../../realtime/stream-hub';

/**
 * `GET /fleet`: the compact state of every device the caller may see, from memory, with the
 * position of each `fleet:` stream at the moment of the read (items up to it are included).
 */
export class FleetService {
  constructor(private readonly deps: { fleet: CompactFleet; hub: StreamHub; projects: ProjectService }) {}

  async list(user: User, query: FleetListQuery): Promise<FleetList> {
    const scope = await this.scopeOf(user, query.projectId);
    const positions = this.positions(scope, query.projectId);
    return { items: this.deps.fleet.list(query, scope), streams: positions };
  }

  /** `GET /fleet/columns`: the same read as `list`, in columns. */
  async columns(user: User, query: FleetColumnsQuery): Promise<FleetColumns> {
    const scope = await this.scopeOf(user, query.projectId);
    const positions = this.positions(scope, query.projectId);
    return { ...this.deps.fleet.columns(query, scope), streams: positions };
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
