import type { Page, Project, ProjectListQuery } from '@farola/protocol';
import type { User } from '../../auth/user';
import { ALL_PROJECTS, type ProjectScope } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import type { ProjectMembers } from './project-members';
import type { ProjectRepository } from './project.repository';

/** Project visibility: admins see every project, others their memberships and those projects' descendants. */
export class ProjectService {
  constructor(
    private readonly projects: ProjectRepository,
    /** The projects' members and their roles (user management writes them through this). */
    readonly members: ProjectMembers,
  ) {}

  /** What a query filters on: admins' scope is every project, which costs no database round trip. */
  scope(user: User): Promise<ProjectScope> {
    return user.isAdmin ? Promise.resolve(ALL_PROJECTS) : this.projects.idsForMember(user.id);
  }

  /** Every visible project id spelled out, for answers and socket rooms that list them. */
  visibleProjectIds(user: User): Promise<string[]> {
    return user.isAdmin ? this.projects.allIds() : this.projects.idsForMember(user.id);
  }

  /** Whether a project exists, whoever may see it (a device's project hint at registration). */
  exists(id: string): Promise<boolean> {
    return this.projects.exists(id);
  }

  async list(user: User, query: ProjectListQuery): Promise<Page<Project>> {
    return this.projects.list(query, await this.scope(user));
  }

  async get(user: User, id: string): Promise<Project> {
    const project = await this.projects.get(id, await this.scope(user));
    if (!project) throw new DomainError('NOT_FOUND', undefined, 'Project not found');
    return project;
  }
}
