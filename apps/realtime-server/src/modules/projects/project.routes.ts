import { pageSchema, ProjectListQuerySchema, ProjectSchema } from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { ProjectService } from './project.service';

export function projectRoutes(projects: ProjectService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/projects',
      operationId: 'listProjects',
      summary: 'Visible projects',
      roles: [],
      query: ProjectListQuerySchema,
      response: { component: 'ProjectPage', schema: pageSchema(ProjectSchema) },
      handler: ({ user, query }) => projects.list(user, query),
    }),
    defineRoute({
      method: 'get',
      path: '/projects/:id',
      operationId: 'getProject',
      summary: 'One project',
      roles: [],
      id: { description: 'Project id' },
      response: { component: 'Project', schema: ProjectSchema },
      handler: ({ user, id }) => projects.get(user, id),
    }),
  ];
}
