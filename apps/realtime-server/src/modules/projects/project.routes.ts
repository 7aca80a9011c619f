import { pageSchema, ProjectListQuerySchema, ProjectSchema, RoleSchema } from '@farola/protocol';
import { z } from 'zod';
import { defineRoute, type Route } from '../../http/define-route';
import type { ProjectService } from './project.service';

const MeSchema = z.object({
  id: z.string(),
  username: z.string(),
  roles: z.array(RoleSchema),
  projectIds: z.array(z.uuid()),
});

export function projectRoutes(projects: ProjectService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/me',
      summary: 'The caller and the projects it may see',
      roles: [],
      response: { component: 'Me', schema: MeSchema },
      handler: async ({ user }) => ({
        id: user.id,
        username: user.username,
        roles: user.roles,
        projectIds: await projects.visibleProjectIds(user),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/projects',
      summary: 'Visible projects',
      roles: [],
      query: ProjectListQuerySchema,
      response: { component: 'ProjectPage', schema: pageSchema(ProjectSchema) },
      handler: ({ user, query }) => projects.list(user, query),
    }),
    defineRoute({
      method: 'get',
      path: '/projects/:id',
      summary: 'One project',
      roles: [],
      id: { description: 'Project id' },
      response: { component: 'Project', schema: ProjectSchema },
      handler: ({ user, id }) => projects.get(user, id),
    }),
  ];
}
