import { createServer, type AddressInfo, type Server } from 'node:net';
import { topics } from '@farola/protocol';
import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';
import { RegistrationRecovery } from './registration-recovery';

describe('registration recovery', () => {
  it('asks for a noted serial number once per retry period', async () => {
    const asked: string[][] = [];
    const recovery = new RegistrationRecovery({
      replay: async (serials) => void asked.push(serials),
      onError: () => undefined,
      intervalMs: 60_000,
      retryMs: 1000,
    });
    recovery.note('A');
    recovery.note('A');
    recovery.note('B');
    await recovery.round(10_000);
    recovery.note('A');
    await recovery.round(10_500);
    recovery.note('A');
    await recovery.round(11_001);
    await recovery.close();
    expect(asked).toEqual([['A', 'B'], ['A']]);
  });
});

// A broker that drops the first delivery of every announcement to the server, the way Mosquitto
// drops messages for a subscriber that falls behind, while keeping the retained copy.
describe('a server whose broker dropped a registration', () => {
  let broker: Aedes;
  let tcp: Server;
  let h: Harness;
  beforeAll(async () => {
    const dropped = new Set<string>();
    broker = await Aedes.createBroker({
      authorizeForward: (client, packet) => {
        const toServer = client?.id.startsWith('farola-server-') ?? false;
        if (toServer && packet.topic.endsWith('/up/connection') && !dropped.has(packet.topic)) {
          dropped.add(packet.topic);
          return null;
        }
        return packet;
      },
    });
    tcp = createServer(broker.handle);
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    h = await startHarness({ MQTT_URL: `mqtt://127.0.0.1:${(tcp.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await h?.close();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
  });

  it('learns of the device from its next report and registers it from the retained announcement', async () => {
    const serial = uniqueSerial('LOST');
    await h.provision(serial, { vendor: 'vega' });
    const announcement = {
      connected: true,
      ts: new Date().toISOString(),
      registration: { deviceType: 'light-point-controller', vendor: 'vega' },
    };
    await h.device.publishAsync(topics.up(serial, 'connection'), JSON.stringify(announcement), {
      qos: 1,
      retain: true,
    });
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { dimming: 40 } });

    await expect
      .poll(async () => (await h.api(`/v1/devices?q=${serial}`)).body.items[0]?.status, { timeout: 10_000 })
      .toBe('ready');
    const [device] = (await h.api(`/v1/devices?q=${serial}`)).body.items;
    expect(device).toMatchObject({ serialNumber: serial, vendor: 'vega', connected: true });
    await h.device.publishAsync(topics.up(serial, 'connection'), '', { qos: 1, retain: true });
  });
});
