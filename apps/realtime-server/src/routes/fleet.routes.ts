import { FleetListQuerySchema } from '@farola/protocol';
import { Router } from 'express';
import { currentUser } from '../http/auth.middleware';
import { parseOrThrow } from '../http/validation';
import type { FleetService } from '../realtime/fleet.service';

export function fleetRoutes(fleet: FleetService): Router {
  const router = Router();
  router.get('/fleet', async (req, res) => {
    res.json(await fleet.list(currentUser(res), parseOrThrow(FleetListQuerySchema, req.query)));
  });
  return router;
}
