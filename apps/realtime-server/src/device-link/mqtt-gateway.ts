import { randomUUID } from 'node:crypto';
import { type DownMessage, topics } from '@farola/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import {
  type BrokerGrant,
  type BrokerRevocation,
  DYNSEC_RESPONSE_TOPIC,
  DynamicSecurityAdmin,
} from './dynamic-security';

/** Topic filters per SUBSCRIBE packet when replaying retained messages. */
const REPLAY_CHUNK = 200;

/** Whether the server's MQTT client is connected to the broker, and since when. */
export interface LinkState {
  connected: boolean;
  since: string;
}

export interface MqttGateway {
  /** The link to the broker as it is now: devices are out of reach while it is down. */
  readonly link: LinkState;
  publishCommand(serialNumber: string, message: DownMessage): Promise<void>;
  /** Asks the broker to deliver these devices' retained `up/connection` messages again. */
  replayConnections(serialNumbers: string[]): Promise<void>;
  /** Makes provisioned credentials real in the broker's dynamic security plugin; nothing to do without it. */
  grant(grant: BrokerGrant): Promise<void>;
  /** Takes disabled devices off the broker's dynamic security plugin; nothing to do without it. */
  revoke(devices: readonly BrokerRevocation[]): Promise<void>;
  close(): Promise<void>;
}

export interface GatewayOptions {
  /** The server's own credentials on the broker. */
  credentials: { username: string; password: string } | null;
  /** Administer Mosquitto's dynamic security plugin with those credentials. */
  dynamicSecurity: boolean;
}

/**
 * The server's own MQTT client: subscribes to every gateway's connection and every device's up
 * channels (QoS 1), hands each message to `onMessage`, and publishes commands. On a reconnection
 * the client subscribes again in the same order, and the broker replays the retained messages.
 */
export async function connectGateway(
  url: string,
  onMessage: (topic: string, payload: Buffer) => void,
  logger: Logger,
  options: GatewayOptions,
): Promise<MqttGateway> {
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `farola-server-${randomUUID().slice(0, 8)}`,
    clean: true,
    reconnectPeriod: 1000,
    ...(options.credentials ?? {}),
  });
  const dynsec = options.dynamicSecurity
    ? new DynamicSecurityAdmin(async (topic, payload) => {
        await client.publishAsync(topic, payload, { qos: 1 });
      })
    : null;
  const link: LinkState = { connected: true, since: new Date().toISOString() };
  const setLink = (connected: boolean) => {
    if (link.connected === connected) return;
    link.connected = connected;
    link.since = new Date().toISOString();
  };
  client.on('message', (topic, payload) => {
    if (topic === DYNSEC_RESPONSE_TOPIC) dynsec?.handleResponse(payload);
    else onMessage(topic, payload);
  });
  client.on('error', (error) => logger.error({ err: error }, 'MQTT gateway error'));
  client.on('connect', () => {
    if (!link.connected) logger.info({ url }, 'MQTT gateway connected again');
    setLink(true);
  });
  client.on('close', () => setLink(false));
  client.on('offline', () => {
    setLink(false);
    logger.warn({ url }, 'MQTT gateway offline; reconnecting');
  });
  // Gateways first: the broker replays retained messages per subscription, and a gateway's retained
  // last will must be known before the retained device announcements it makes stale.
  const gatewaysFirst = [...topics.serverSubscriptions].sort(
    (a, b) => Number(b.includes('/gateways/')) - Number(a.includes('/gateways/')),
  );
  try {
    if (dynsec) await client.subscribeAsync(DYNSEC_RESPONSE_TOPIC, { qos: 1 });
    for (const filter of gatewaysFirst) await client.subscribeAsync(filter, { qos: 1 });
  } catch (error) {
    await client.endAsync(true);
    throw error;
  }
  return {
    link,
    async publishCommand(serialNumber, message) {
      await client.publishAsync(topics.downCommands(serialNumber), JSON.stringify(message), { qos: 1 });
    },
    async replayConnections(serialNumbers) {
      // A new subscription gets the topic's retained message; the wildcard one stays for live traffic.
      for (let i = 0; i < serialNumbers.length; i += REPLAY_CHUNK) {
        const filters = serialNumbers.slice(i, i + REPLAY_CHUNK).map((serial) => topics.up(serial, 'connection'));
        await client.subscribeAsync(filters, { qos: 1 });
        await client.unsubscribeAsync(filters);
      }
    },
    async grant(grant) {
      await dynsec?.apply(grant);
    },
    async revoke(devices) {
      await dynsec?.revoke(devices);
    },
    async close() {
      dynsec?.close();
      await client.endAsync();
    },
  };
}
