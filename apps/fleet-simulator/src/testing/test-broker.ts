import { createServer, type AddressInfo, type Socket } from 'node:net';
import { Aedes } from 'aedes';

/** An Aedes broker on a free local port for tests, able to cut a client's connection abruptly. */
export interface TestBroker {
  url: string;
  /** Ids of the clients that connected, in order (reconnections included). */
  connects: string[];
  /** Destroys the client's socket without DISCONNECT, so the broker fires its last will; false if unknown. */
  cut(clientId: string): boolean;
  close(): Promise<void>;
}

export async function startTestBroker(): Promise<TestBroker> {
  const broker = await Aedes.createBroker();
  const sockets = new Set<Socket>();
  const clients = new Map<string, { conn: { destroy(): void } }>();
  const connects: string[] = [];
  broker.on('client', (client) => {
    clients.set(client.id, client);
    connects.push(client.id);
  });
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connects,
    cut: (clientId) => {
      const client = clients.get(clientId);
      client?.conn.destroy();
      return client !== undefined;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
