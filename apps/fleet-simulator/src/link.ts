import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import {
  type GatewayConnectionMessage,
  type MqttCredentials,
  topics,
  type UpConnectionMessage,
} from '@farola/protocol';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** CONNACK codes of refused credentials: MQTT 3.1.1 (bad user name or password, not authorised) and 5. */
const REFUSED_CODES = new Set([4, 5, 134, 135]);

export interface LinkOptions {
  url: string;
  clientId: string;
  /** Set when the link carries several devices: its last will then names them all. */
  gatewayId: string | null;
  serials: readonly string[];
  logger: Logger;
  /** Called on every (re)connection: the fleet announces the devices and reports. */
  onConnect: (link: MqttLink) => void;
  onMessage: (topic: string, payload: Buffer) => void;
  /** What the link signs in with; its user name is then also its client id. Null for a broker without auth. */
  credentials?: MqttCredentials | null;
  /** The broker refused the credentials; the link keeps retrying with whatever `setCredentials` gives it. */
  onRefused?: (link: MqttLink) => void;
  /** How long a connection attempt waits for the broker's CONNACK (15 s by default). */
  connectTimeoutMs?: number;
}

/**
 * One MQTT connection carrying one device (its own last will) or a gateway's many devices.
 * Reconnects with exponential back-off, so the simulator may start before its broker.
 */
export class MqttLink {
  private client: MqttClient | null = null;
  private retryMs = FIRST_RETRY_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Set while restart() closes the connection, so that closing does not schedule a retry of its own. */
  private restarting = false;

  private credentials: MqttCredentials | null;

  constructor(readonly options: LinkOptions) {
    this.credentials = options.credentials ?? null;
  }

  /** Credentials for the next connection (after the broker refused the previous ones). */
  setCredentials(credentials: MqttCredentials): void {
    this.credentials = credentials;
  }

  get connected(): boolean {
    return this.client?.connected === true;
  }

  /**
   * The last will, retained, without `ts`: it is composed when connecting but fires whenever the
   * connection drops, so the server dates it on arrival.
   */
  private will(): IClientOptions['will'] {
    const { gatewayId, serials } = this.options;
    const message: UpConnectionMessage | GatewayConnectionMessage =
      gatewayId === null ? { connected: false } : { connected: false, devices: [...serials] };
    const topic = gatewayId === null ? topics.up(serials[0] ?? '', 'connection') : topics.gatewayConnection(gatewayId);
    return { topic, payload: Buffer.from(JSON.stringify(message)), qos: 1, retain: true };
  }

  /** A gateway's own retained connection state, which outlasts the retained announcements of its devices. */
  private gatewayState(connected: boolean): { topic: string; message: GatewayConnectionMessage } | null {
    const { gatewayId, serials } = this.options;
    if (gatewayId === null) return null;
    const message: GatewayConnectionMessage = { connected, ts: new Date().toISOString(), devices: [...serials] };
    return { topic: topics.gatewayConnection(gatewayId), message };
  }

  start(): void {
    if (this.stopped) return;
    this.discardClient();
    const credentials = this.credentials;
    const client = mqtt.connect(this.options.url, {
      clientId: credentials?.username ?? this.options.clientId,
      ...(credentials ? { username: credentials.username, password: credentials.password } : {}),
      clean: true,
      keepalive: 30,
      connectTimeout: this.options.connectTimeoutMs ?? 15_000,
      reconnectPeriod: 0,
      resubscribe: false,
      will: this.will(),
    });
    this.client = client;
    client.on('connect', () => {
      this.retryMs = FIRST_RETRY_MS;
      this.subscribe(client);
      // The gateway announces itself before its devices, so the server stops holding them offline.
      const state = this.gatewayState(true);
      if (state) this.publish(state.topic, state.message, true);
      this.options.onConnect(this);
    });
    client.on('message', (topic, payload) => this.options.onMessage(topic, payload));
    client.on('error', (error) => {
      this.options.logger.debug({ err: error, clientId: this.options.clientId }, 'mqtt error');
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number' && REFUSED_CODES.has(code)) this.options.onRefused?.(this);
    });
    client.on('close', () => {
      if (!this.restarting) this.retryLater();
    });
  }

  /** Forgets a finished client so its late events cannot trigger another reconnection. */
  private discardClient(): void {
    const old = this.client;
    if (!old) return;
    silence(old);
    old.end(true);
  }

  private subscribe(client: MqttClient): void {
    const subscriptions = this.options.serials.map((serial) => topics.downCommands(serial));
    // Large gateways subscribe in chunks to keep each SUBSCRIBE packet modest.
    for (let i = 0; i < subscriptions.length; i += 200) {
      client.subscribe(subscriptions.slice(i, i + 200), { qos: 1 }, (error) => {
        if (error) this.options.logger.warn({ err: error, clientId: this.options.clientId }, 'subscribe failed');
      });
    }
  }

  private retryLater(delayMs?: number): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = delayMs ?? this.retryMs * (0.8 + Math.random() * 0.4);
    if (delayMs === undefined) this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.start();
    }, delay);
  }

  publish(topic: string, message: object, retain = false): void {
    if (!this.client?.connected) return;
    this.client.publish(topic, JSON.stringify(message), { qos: 1, retain });
  }

  /** Cuts the connection without DISCONNECT, so the broker fires the last will; back after `reconnectMs`. */
  dropAbruptly(reconnectMs: number): void {
    this.retryLater(reconnectMs);
    this.client?.end(true);
  }

  /** Ends the wait before a reconnection (after a drop, a restart or a refused attempt): connects now. False when none was waiting. */
  reconnectNow(): boolean {
    if (this.stopped || !this.reconnectTimer) return false;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.start();
    return true;
  }

  /**
   * Closes cleanly after announcing `farewell` (retained connected:false), and reconnects
   * `reconnectMs` after the close has finished, so the new session never overtakes the farewell.
   */
  async restart(farewell: Array<{ topic: string; message: object }>, reconnectMs: number): Promise<void> {
    this.restarting = true;
    try {
      await this.closeCleanly(farewell);
    } finally {
      this.restarting = false;
    }
    // A retry the closing client may still have scheduled would come back later than asked.
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.retryLater(reconnectMs);
  }

  private async closeCleanly(farewell: Array<{ topic: string; message: object }>): Promise<void> {
    const client = this.client;
    if (!client) return;
    if (client.connected) {
      const state = this.gatewayState(false);
      await Promise.allSettled(
        [...farewell, ...(state ? [state] : [])].map(({ topic, message }) =>
          client.publishAsync(topic, JSON.stringify(message), { qos: 1, retain: true }),
        ),
      );
    }
    await client.endAsync(!client.connected);
  }

  async stop(farewell: Array<{ topic: string; message: object }>): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    await this.closeCleanly(farewell);
    if (this.client) silence(this.client);
  }
}

/**
 * Takes a client's listeners off, keeping one that ignores errors: mqtt.js may still report one
 * after it was ended (an attempt's `connack timeout`), and an error nobody listens to ends the process.
 */
function silence(client: MqttClient): void {
  client.removeAllListeners();
  client.on('error', () => undefined);
}
