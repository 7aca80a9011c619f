import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP listener. Socket.IO attaches to it before the express app exists (so that it keeps its
 * own paths), hence the app is handed over with `serve`; until then requests are answered 503.
 */
export class HttpServer {
  readonly server: Server;
  private handleRequest: RequestListener = (_req, res) => res.writeHead(503).end();

  constructor() {
    this.server = createServer((req, res) => this.handleRequest(req, res));
  }

  serve(listener: RequestListener): void {
    this.handleRequest = listener;
  }

  /** Listens; resolves with the port (useful with port 0). */
  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as AddressInfo).port);
      });
    });
  }

  /**
   * Stops taking requests and lets those in flight finish. `beforeWaiting` runs once the listener
   * is closed to new connections: the place to close long-lived ones (sockets).
   */
  async close(beforeWaiting: () => void = () => undefined): Promise<void> {
    if (!this.server.listening) {
      beforeWaiting();
      return;
    }
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    beforeWaiting();
    await closed;
  }
}
