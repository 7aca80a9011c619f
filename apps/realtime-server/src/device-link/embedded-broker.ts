import { createServer, type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import type { BrokerGuard } from './broker-guard';
import { guardPacketSize } from './packet-size-guard';
import { RetainedIndexPersistence } from './retained-persistence';

export interface EmbeddedBroker {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  /** Authentication, topic rules and retained shares of every client. */
  guard: BrokerGuard;
  /** A packet announcing more than this (header included) closes its connection. */
  maxPacketBytes: number;
}

/**
 * Aedes in this process, on a TCP port any MQTT client (mosquitto_pub, devices, the simulator) can
 * reach once it authenticates.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { guard, maxPacketBytes } = options;
  const broker = await Aedes.createBroker({ persistence: new RetainedIndexPersistence(), ...guard.hooks() });
  broker.on('clientDisconnect', (client) => guard.disconnected(client));
  const server = createServer((socket) => {
    broker.handle(socket);
    guardPacketSize(socket, maxPacketBytes, (announced) => {
      guard.oversized({ remoteAddress: socket.remoteAddress, announced, limit: maxPacketBytes });
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `mqtt://127.0.0.1:${actualPort}`,
    port: actualPort,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
