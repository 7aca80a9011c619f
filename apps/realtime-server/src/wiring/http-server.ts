import { createServer, type RequestListener, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { FarolaConfig } from '../config';
import { EventBatcher } from '../realtime/event-batcher';
import { createSocketServer, type FarolaSocketServer } from '../realtime/socket-server';
import type { Authenticate } from '../services/auth.service';
import type { ProjectService } from '../services/project.service';

export interface HttpParts {
  httpServer: HttpServer;
  io: FarolaSocketServer;
  batcher: EventBatcher;
  /** Starts handing HTTP requests to `listener`; until then they are answered 503. */
  serve(listener: RequestListener): void;
}

/** The HTTP listener with Socket.IO attached, and the batcher that emits device events to rooms. */
export function createHttp(
  config: FarolaConfig,
  deps: { authenticate: Authenticate; projects: ProjectService; logger: Logger },
): HttpParts {
  // Socket.IO must find the HTTP listener when it attaches, so that it keeps its own paths away
  // from it; the express app, built further down, is reached through this indirection.
  let handleRequest: RequestListener = (_req, res) => res.writeHead(503).end();
  const httpServer = createServer((req, res) => handleRequest(req, res));
  const io = createSocketServer(httpServer, deps);
  const batcher = new EventBatcher(config.socketBatchMs, (room, event, batch) => {
    // Each event name's listener takes one payload or an array of them; `batch` is the array form.
    const target = io.to(room) as unknown as { emit: (name: string, payload: unknown) => boolean };
    target.emit(event, batch);
  });
  return {
    httpServer,
    io,
    batcher,
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
