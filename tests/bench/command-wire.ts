/**
 * Watches the commands of a bulk job on the broker, as a third MQTT client subscribed to every
 * device's `down/commands` and `up/commands`, to tell where a request's time goes: until the broker
 * delivers the command, until the device's first answer, until its `DONE`. Times are this process's
 * clock when the broker delivered each message to it (the same machine as the server's).
 */
import mqtt, { type MqttClient } from 'mqtt';
import { startBenchMosquitto } from './bench-mosquitto';
import { freshSchema } from './fresh-schema';

const TOPIC = /^lighting\/v1\/devices\/[^/]+\/(down|up)\/commands$/;

interface Wire {
  down?: number;
  firstUp?: number;
  done?: number;
}

export class CommandWire {
  private readonly requests = new Map<string, Wire>();

  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => this.seen(topic, payload));
  }

  static async watch(brokerUrl: string): Promise<CommandWire> {
    const client = await mqtt.connectAsync(brokerUrl, { reconnectPeriod: 0, clientId: `bench-wire-${process.pid}` });
    await client.subscribeAsync(['lighting/v1/devices/+/down/commands', 'lighting/v1/devices/+/up/commands'], {
      qos: 0,
    });
    return new CommandWire(client);
  }

  private seen(topic: string, payload: Buffer): void {
    const at = Date.now();
    const direction = TOPIC.exec(topic)?.[1];
    if (!direction) return;
    let message: { requestId?: unknown; status?: unknown };
    try {
      message = JSON.parse(payload.toString('utf8')) as typeof message;
    } catch {
      return;
    }
    if (typeof message.requestId !== 'string') return;
    let wire = this.requests.get(message.requestId);
    if (!wire) this.requests.set(message.requestId, (wire = {}));
    if (direction === 'down') wire.down ??= at;
    else {
      wire.firstUp ??= at;
      if (message.status === 'DONE') wire.done ??= at;
    }
  }

  /** What the wire saw of these requests. */
  of(requestIds: Iterable<string>): Wire[] {
    return [...requestIds].map((id) => this.requests.get(id) ?? {});
  }

  clear(): void {
    this.requests.clear();
  }

  async stop(): Promise<void> {
    await this.client.endAsync();
  }
}

/**
 * Runs a bench of commands on this machine's PostgreSQL (a fresh schema) and a Mosquitto with the
 * deployment's limits, with a `CommandWire` on it: `make` builds the bench's stack on them,
 * `measure` runs it; everything is stopped afterwards, and on Ctrl-C.
 */
export async function runCommandBench<B extends { stack: { stop(): Promise<void> } }>(
  setup: { postgresUrl: string; mqttPort: number },
  make: (databaseUrl: string, brokerUrl: string, wire: CommandWire) => B,
  measure: (bench: B) => Promise<void>,
): Promise<void> {
  const schema = await freshSchema(setup.postgresUrl);
  const broker = await startBenchMosquitto(setup.mqttPort);
  const wire = await CommandWire.watch(broker.url);
  const bench = make(schema.url, broker.url, wire);
  const stop = async () => {
    await wire.stop();
    await bench.stack.stop();
    await schema.drop();
    await broker.stop();
  };
  const stopOnSignal = () => void stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    await measure(bench);
  } finally {
    await stop();
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
  }
}
