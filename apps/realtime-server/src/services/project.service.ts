import type { Page, PageQuery, Project } from '@farola/protocol';
import { AppError } from '../http/app-error';
import type { ProjectRepository } from '../repositories/project.repository';
import type { User } from './user';

/** Project visibility: admins see every project, others their memberships and those projects' descendants. */
export class ProjectService {
  constructor(private readonly projects: ProjectRepository) {}

  visibleProjectIds(user: User): Promise<string[]> {
    return user.isAdmin ? this.projects.allIds() : this.projects.idsForMember(user.id);
  }

  async list(user: User, query: PageQuery): Promise<Page<Project>> {
    return this.projects.list(query, await this.visibleProjectIds(user));
  }

  async get(user: User, id: string): Promise<Project> {
    const project = await this.projects.get(id, await this.visibleProjectIds(user));
    if (!project) throw new AppError('NOT_FOUND', undefined, 'Project not found');
    return project;
  }
}
