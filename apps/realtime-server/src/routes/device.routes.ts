import { CommandRequestSchema, DeviceEventListQuerySchema, DeviceListQuerySchema } from '@farola/protocol';
import { Router } from 'express';
import { currentUser } from '../http/auth.middleware';
import { parseId, parseOrThrow } from '../http/validation';
import type { DeviceService } from '../services/device.service';
import type { RequestService } from '../services/request.service';

export function deviceRoutes(devices: DeviceService, requests: RequestService): Router {
  const router = Router();
  router.get('/devices', async (req, res) => {
    res.json(await devices.list(currentUser(res), parseOrThrow(DeviceListQuerySchema, req.query)));
  });
  router.get('/devices/:id', async (req, res) => {
    res.json(await devices.get(currentUser(res), parseId(req.params.id)));
  });
  router.get('/devices/:id/events', async (req, res) => {
    const query = parseOrThrow(DeviceEventListQuerySchema, req.query);
    res.json(await devices.events(currentUser(res), parseId(req.params.id), query));
  });
  router.post('/devices/:id/commands', async (req, res) => {
    const id = parseId(req.params.id);
    const body = parseOrThrow(CommandRequestSchema, req.body, 'UNABLE_TO_EXECUTE_COMMAND');
    res.status(202).json(await requests.submit(currentUser(res), id, body));
  });
  return router;
}
