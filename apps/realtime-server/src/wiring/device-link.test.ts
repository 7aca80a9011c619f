import { createServer, type AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DeviceIndex } from '../devices/device-index';
import { WriteBehind } from '../devices/write-behind';
import { DeviceEventPublisher } from '../realtime/device-events';
import { startFarolaServer } from '../start';
import { createDeviceLink } from './device-link';
import { openStorage, type Storage } from './storage';

const logger = pino({ level: 'silent' });

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves whether `port` can be listened on again, i.e. whatever held it has let it go. */
async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  return listening;
}

const configFor = (env: Record<string, string>) =>
  loadConfig({ HOST: '127.0.0.1', DATA_DIR: 'memory://', AUTH_DISABLED: 'true', ...env });

describe('a start that fails', () => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await openStorage(configFor({}));
  });
  afterAll(async () => {
    await storage.db.close();
  });

  it('frees the MQTT port again when the HTTP port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const httpPort = (taken.address() as AddressInfo).port;
    const mqttPort = await freePort();
    try {
      const starting = startFarolaServer(configFor({ PORT: String(httpPort), MQTT_PORT: String(mqttPort) }), {
        logger,
      });
      await expect(starting).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(await isFree(mqttPort)).toBe(true);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it('closes the broker and its own MQTT client when resuming queued requests fails', async () => {
    const mqttPort = await freePort();
    const writer = new WriteBehind(storage.repositories, logger);
    const requests = Object.create(storage.repositories.requests) as typeof storage.repositories.requests;
    requests.listInProgress = () => Promise.reject(new Error('database went away'));

    const linking = createDeviceLink(configFor({ MQTT_PORT: String(mqttPort) }), {
      repositories: { ...storage.repositories, requests },
      index: new DeviceIndex(),
      events: new DeviceEventPublisher({ publish: () => undefined }, writer),
      writer,
      logger,
    });

    await expect(linking).rejects.toThrow('database went away');
    expect(await isFree(mqttPort)).toBe(true);
    await writer.close();
  });
});
