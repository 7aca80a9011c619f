import { QueuedRequestListQuerySchema } from '@farola/protocol';
import { Router } from 'express';
import { currentUser } from '../http/auth.middleware';
import { parseId, parseOrThrow } from '../http/validation';
import type { RequestService } from '../services/request.service';

// An id that is not a UUID cannot name a queued request: 'Queued command not found'.
const requestId = (value: unknown) => parseId(value, 'QUEUED_COMMAND_NOT_FOUND');

export function requestRoutes(requests: RequestService): Router {
  const router = Router();
  router.get('/queued-requests', async (req, res) => {
    res.json(await requests.list(currentUser(res), parseOrThrow(QueuedRequestListQuerySchema, req.query)));
  });
  router.get('/queued-requests/:id', async (req, res) => {
    res.json(await requests.get(currentUser(res), requestId(req.params.id)));
  });
  router.post('/queued-requests/:id/cancel', async (req, res) => {
    res.json(await requests.cancel(currentUser(res), requestId(req.params.id)));
  });
  return router;
}
