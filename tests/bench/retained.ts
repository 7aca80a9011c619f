import { pathToFileURL } from 'node:url';
import mqtt from 'mqtt';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Removes the retained connection messages the simulated fleet's devices and gateways leave on a
 * shared broker, so later servers on that broker do not receive a hundred thousand of them. A
 * broker may drop part of a large replay to one subscriber (Mosquitto's queue limits), so it
 * clears in passes until a pass finds none left.
 */
export async function clearRetainedFleet(brokerUrl: string): Promise<void> {
  let cleared = 0;
  for (let pass = 0; pass < 10; pass += 1) {
    const found = await clearRetainedPass(brokerUrl);
    cleared += found;
    if (found === 0) break;
  }
  console.log(`Cleared ${cleared} retained messages from ${brokerUrl}.`);
}

async function clearRetainedPass(brokerUrl: string): Promise<number> {
  const client = await mqtt.connectAsync(brokerUrl);
  const retained = new Set<string>();
  let lastArrival = 0;
  client.on('message', (topic, _payload, packet) => {
    lastArrival = Date.now();
    if (packet.retain && topic.includes('/BENCH-')) retained.add(topic);
  });
  await client.subscribeAsync(['lighting/v1/devices/+/up/connection', 'lighting/v1/gateways/+/up/connection']);
  // The broker replays them as fast as this client takes them: wait for the first (a busy broker
  // may take seconds), then until they stop coming.
  const subscribedAt = Date.now();
  const deadline = subscribedAt + 120_000;
  const waiting = () => (lastArrival === 0 ? Date.now() - subscribedAt < 5000 : Date.now() - lastArrival < 2000);
  while (waiting() && Date.now() < deadline) await sleep(250);
  const topics = [...retained];
  for (let start = 0; start < topics.length; start += 1000) {
    await Promise.all(
      topics.slice(start, start + 1000).map((topic) => client.publishAsync(topic, '', { retain: true, qos: 1 })),
    );
  }
  await client.endAsync();
  return topics.length;
}

// `npx tsx tests/bench/retained.ts mqtt://host:1883`: clears what a killed bench left behind.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await clearRetainedFleet(process.argv[2] ?? 'mqtt://127.0.0.1:1883');
}
