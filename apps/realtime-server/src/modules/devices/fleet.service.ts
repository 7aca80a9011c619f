import { type FleetList, type FleetListQuery, streams } from '@farola/protocol';
import { DomainError } from '../../platform/domain-error';
import { ALL_PROJECTS, inProjectScope } from '../../db/rows';
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
    const scope = await this.deps.projects.scope(user);
    if (query.projectId && !inProjectScope(scope, query.projectId)) throw new DomainError('ACCESS_NOT_GRANTED');
    const projectIds = query.projectId
      ? [query.projectId]
      : scope === ALL_PROJECTS
        ? await this.deps.projects.visibleProjectIds(user)
        : scope;
    // Positions first: a change published while the list is built is then applied again, never lost.
    const positions: Record<string, number> = {};
    for (const id of projectIds) positions[streams.fleet(id)] = this.deps.hub.publishedSeq(streams.fleet(id));
    return { items: this.deps.fleet.list(query, scope), streams: positions };
  }
}
