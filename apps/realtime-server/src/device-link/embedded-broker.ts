import { createServer, type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import { RetainedIndexPersistence } from './retained-persistence';

export interface EmbeddedBroker {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Aedes in this process, on a TCP port any MQTT client (mosquitto_pub, devices, the simulator) can reach. */
export async function startEmbeddedBroker(port: number, host = '0.0.0.0'): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({ persistence: new RetainedIndexPersistence() });
  const server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
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
