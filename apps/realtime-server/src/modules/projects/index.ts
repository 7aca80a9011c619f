import type { FarolaModule } from '../../platform/module';
import { ProjectMembers } from './project-members';
import { ProjectRepository } from './project.repository';
import { projectRoutes } from './project.routes';
import { ProjectService } from './project.service';

/** Projects and their members; the scope every other module filters by. */
export const projectsModule: FarolaModule = {
  name: 'projects',
  description: 'Projects: the scope every other module filters by',
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db }) => {
    const projects = new ProjectService(new ProjectRepository(db), new ProjectMembers(db));
    return {
      routes: projectRoutes(projects),
      services: { projects },
      socketScope: { visibleProjectIds: (user) => projects.visibleProjectIds(user) },
    };
  },
};
