import { createServer, type RequestListener, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { FarolaConfig } from '../config';
import type { DeviceIndex } from '../devices/device-index';
import { guardSlowConsumers, type SlowConsumerGuard } from '../realtime/slow-consumers';
import { createSocketServer, type FarolaSocketServer } from '../realtime/socket-server';
import { StreamHub } from '../realtime/stream-hub';
import type { Authenticate } from '../services/auth.service';
import type { ProjectService } from '../services/project.service';

export interface HttpParts {
  httpServer: HttpServer;
  io: FarolaSocketServer;
  /** The realtime streams: numbering, batching and catch-up of what the sockets receive. */
  hub: StreamHub;
  slowConsumers: SlowConsumerGuard;
  /** Starts handing HTTP requests to `listener`; until then they are answered 503. */
  serve(listener: RequestListener): void;
}

/** The HTTP listener with Socket.IO attached, and the stream hub that emits device events to the sockets. */
export function createHttp(
  config: FarolaConfig,
  deps: { authenticate: Authenticate; projects: ProjectService; index: DeviceIndex; logger: Logger },
): HttpParts {
  // Socket.IO must find the HTTP listener when it attaches, so that it keeps its own paths away
  // from it; the express app, built further down, is reached through this indirection.
  let handleRequest: RequestListener = (_req, res) => res.writeHead(503).end();
  const httpServer = createServer((req, res) => handleRequest(req, res));
  const limits = { batchMs: config.socketBatchMs, maxAgeMs: config.realtimeCatchupSeconds * 1000 };
  const hub: StreamHub = new StreamHub(
    { ...limits, maxItems: config.realtimeCatchupItems },
    (room, event, batch, except) => {
      // Each event name's listener takes one payload or an array of them; `batch` is the array form.
      const target = (except ? io.to(room).except(except) : io.to(room)) as unknown as {
        emit: (name: string, payload: unknown) => boolean;
      };
      target.emit(event, batch);
    },
  );
  const io = createSocketServer(httpServer, { ...deps, hub });
  const slowConsumers = guardSlowConsumers(io, { maxBytes: config.socketMaxBufferedBytes, logger: deps.logger });
  httpServer.once('close', () => slowConsumers.stop());
  return {
    httpServer,
    io,
    hub,
    slowConsumers,
    serve: (listener) => {
      handleRequest = listener;
    },
  };
}

export function listen(server: HttpServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}
