import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_BROKER_SERVER, startOpenBroker } from '../testing/open-broker';
import type { EmbeddedBroker } from './embedded-broker';
import { topicMatches } from './retained-persistence';

describe('topicMatches', () => {
  it('follows MQTT wildcards', () => {
    expect(topicMatches('a/+/c', 'a/b/c')).toBe(true);
    expect(topicMatches('a/+/c', 'a/b/d')).toBe(false);
    expect(topicMatches('a/#', 'a')).toBe(true);
    expect(topicMatches('a/#', 'a/b/c')).toBe(true);
    expect(topicMatches('a/b', 'a/b/c')).toBe(false);
    expect(topicMatches('a/b/c', 'a/b')).toBe(false);
    expect(topicMatches('#', '$SYS/broker')).toBe(false);
    expect(topicMatches('+/broker', '$SYS/broker')).toBe(false);
  });
});

describe('the embedded broker’s retained messages', () => {
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await startOpenBroker();
    const publisher = await mqtt.connectAsync(broker.url, {
      clientId: 'R-GW',
      username: 'R-GW',
      password: 'any',
    });
    for (const serial of ['R-1', 'R-2', 'R-3', 'R-GONE']) {
      await publisher.publishAsync(`lighting/v1/devices/${serial}/up/connection`, serial, { qos: 1, retain: true });
    }
    await publisher.publishAsync('lighting/v1/devices/R-GONE/up/connection', '', { qos: 1, retain: true });
    await publisher.endAsync();
  });
  afterAll(async () => {
    await broker?.close();
  });

  async function retainedFor(filters: string[]): Promise<string[]> {
    // Only the server's own client may subscribe with wildcards.
    const client = await mqtt.connectAsync(broker.url, { ...OPEN_BROKER_SERVER });
    const received: string[] = [];
    client.on('message', (_topic, payload, packet) => {
      if (packet.retain) received.push(payload.toString());
    });
    await client.subscribeAsync(filters, { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await client.endAsync();
    return received.sort();
  }

  it('replays a topic’s retained message to a subscription naming it, once however it is asked for', async () => {
    expect(
      await retainedFor([
        'lighting/v1/devices/R-2/up/connection',
        'lighting/v1/devices/R-GONE/up/connection',
        'lighting/v1/devices/+/up/connection',
        'lighting/v1/devices/R-2/up/#',
      ]),
    ).toEqual(['R-1', 'R-2', 'R-3']);
    expect(
      await retainedFor(['lighting/v1/devices/R-3/up/connection', 'lighting/v1/devices/R-9/up/connection']),
    ).toEqual(['R-3']);
  });
});
