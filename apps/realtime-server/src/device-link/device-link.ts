import type { DownCommandMessage } from '@farola/protocol';
import type { Logger } from 'pino';
import type { FarolaConfig } from '../config';
import type { LifecyclePart } from '../platform/lifecycle';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { connectGateway, type LinkState, type MqttGateway } from './mqtt-gateway';
import { RateLimitedWarn } from './rate-limited-warn';
import { DeviceMessageRouter } from './router';

/** How modules reach devices: commands out, and a request to replay retained announcements. */
export interface DeviceLinkClient {
  /** Publishes on the device's `down/commands`; rejects while the link is not connected. */
  publishCommand(serialNumber: string, message: DownCommandMessage): Promise<void>;
  /** Asks the broker for these devices' retained `up/connection` again; does nothing while not connected. */
  replayConnections(serialNumbers: string[]): Promise<void>;
}

/**
 * The device side of the platform: the MQTT broker (embedded unless `MQTT_URL` is set), the
 * server's own MQTT client, and the router that hands every message, parsed and validated, to the
 * modules' handlers. The broker and the client are two lifecycle parts: the broker starts before
 * the modules, the client after them, so that no message arrives before its handlers exist and
 * none arrives any more while the modules stop.
 */
export class DeviceLink implements DeviceLinkClient {
  readonly router: DeviceMessageRouter;
  private embedded: EmbeddedBroker | null = null;
  private endpoint: { url: string; port: number } | null = null;
  private gateway: MqttGateway | null = null;
  /** Replays under way: the client closes only after them. */
  private readonly replays = new Set<Promise<void>>();
  /** The link while the client is not connected (before its start, after its stop). */
  private down: LinkState = { connected: false, since: new Date().toISOString() };

  constructor(
    private readonly config: Pick<FarolaConfig, 'mqttUrl' | 'mqttPort' | 'host'>,
    private readonly logger: Logger,
  ) {
    this.router = new DeviceMessageRouter(new RateLimitedWarn(logger));
  }

  get url(): string {
    return this.broker().url;
  }

  get port(): number {
    return this.broker().port;
  }

  /** The server's link to the broker, through which every device is reached. */
  get state(): LinkState {
    return this.gateway ? { ...this.gateway.link } : { ...this.down };
  }

  get brokerKind(): 'embedded' | 'external' {
    return this.config.mqttUrl ? 'external' : 'embedded';
  }

  /** The broker: an external one is only named; the embedded one listens on `MQTT_PORT`. */
  brokerPart(): LifecyclePart {
    return {
      name: 'MQTT broker',
      start: async () => {
        if (this.config.mqttUrl) {
          const url = new URL(this.config.mqttUrl);
          this.endpoint = { url: this.config.mqttUrl, port: Number(url.port || 1883) };
          return;
        }
        this.embedded = await startEmbeddedBroker(this.config.mqttPort, this.config.host);
        this.endpoint = { url: this.embedded.url, port: this.embedded.port };
      },
      stop: async () => {
        await this.embedded?.close();
        this.embedded = null;
      },
    };
  }

  /** The server's MQTT client: subscribes, and from then on every message goes through the router. */
  clientPart(): LifecyclePart {
    return {
      name: 'MQTT gateway',
      start: async () => {
        this.gateway = await connectGateway(
          this.broker().url,
          (topic, payload) => this.router.handle(topic, payload),
          this.logger,
        );
      },
      stop: async () => {
        const gateway = this.gateway;
        this.gateway = null;
        this.down = { connected: false, since: new Date().toISOString() };
        await Promise.allSettled(this.replays);
        await gateway?.close();
      },
    };
  }

  publishCommand(serialNumber: string, message: DownCommandMessage): Promise<void> {
    return this.gateway
      ? this.gateway.publishCommand(serialNumber, message)
      : Promise.reject(new Error('MQTT not connected'));
  }

  replayConnections(serialNumbers: string[]): Promise<void> {
    if (!this.gateway) return Promise.resolve();
    const replay = this.gateway.replayConnections(serialNumbers);
    this.replays.add(replay);
    const done = () => void this.replays.delete(replay);
    replay.then(done, done);
    return replay;
  }

  private broker(): { url: string; port: number } {
    if (!this.endpoint) throw new Error('the MQTT broker has not started');
    return this.endpoint;
  }
}
