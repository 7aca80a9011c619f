import { ProjectListQuerySchema } from '@farola/protocol';
import { Router } from 'express';
import { currentUser } from '../http/auth.middleware';
import { parseId, parseOrThrow } from '../http/validation';
import type { ProjectService } from '../services/project.service';

export function projectRoutes(projects: ProjectService): Router {
  const router = Router();
  router.get('/me', async (_req, res) => {
    const user = currentUser(res);
    const projectIds = await projects.visibleProjectIds(user);
    res.json({ id: user.id, username: user.username, roles: user.roles, projectIds });
  });
  router.get('/projects', async (req, res) => {
    res.json(await projects.list(currentUser(res), parseOrThrow(ProjectListQuerySchema, req.query)));
  });
  router.get('/projects/:id', async (req, res) => {
    res.json(await projects.get(currentUser(res), parseId(req.params.id)));
  });
  return router;
}
