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
    const { scope, positions } = await this.positions(user, query.projectId);
    return { items: this.deps.fleet.list(query, scope), streams: positions };
  }

  /**
   * `GET /fleet/columns`: the same read as `list`, in columns. The positions and the columns are
   * read in one synchronous stretch, after the only database read (a member's projects; none for
   * an administrator, whose streams are those of the projects holding devices): no change can
   * fall between them.
   */
  async columns(user: User, query: FleetColumnsQuery): Promise<FleetColumns> {
    const scope = await this.deps.projects.scope(user);
    if (query.projectId && !inProjectScope(scope, query.projectId)) throw new DomainError('ACCESS_NOT_GRANTED');
    const projectIds = query.projectId
      ? [query.projectId]
      : scope === ALL_PROJECTS
        ? this.deps.fleet.projectIds()
        : scope;
    const positions: Record<string, number> = {};
    for (const id of projectIds) positions[streams.fleet(id)] = this.deps.hub.publishedSeq(streams.fleet(id));
    return { ...this.deps.fleet.columns(query, scope), streams: positions };
  }

  /** The caller's scope and, read before the fleet, the seq of each visible `fleet:` stream. */
  private async positions(
    user: User,
    projectId: string | undefined,
  ): Promise<{ scope: ProjectScope; positions: Record<string, number> }> {
    const scope = await this.deps.projects.scope(user);
    if (projectId && !inProjectScope(scope, projectId)) throw new DomainError('ACCESS_NOT_GRANTED');
    const projectIds = projectId
      ? [projectId]
      : scope === ALL_PROJECTS
        ? await this.deps.projects.visibleProjectIds(user)
        : scope;
    // Positions first: a change published while the list is built is then applied again, never lost.
    const positions: Record<string, number> = {};
    for (const id of projectIds) positions[streams.fleet(id)] = this.deps.hub.publishedSeq(streams.fleet(id));
    return { scope, positions };
  }
}
