import { randomBytes } from 'node:crypto';
import type { DownMessage } from '@farola/protocol';
import type { Logger } from 'pino';
import type { FarolaConfig } from '../config';
import type { LifecyclePart } from '../platform/lifecycle';
import type { DeviceAccess } from './broker-acl';
import { BrokerGuard, type BrokerRefusals, type SessionOwner } from './broker-guard';
import type { BrokerGrant, BrokerRevocation } from './dynamic-security';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { connectGateway, type LinkState, type MqttGateway } from './mqtt-gateway';
import { RateLimitedWarn } from './rate-limited-warn';
import { DeviceMessageRouter } from './router';

/** How modules reach devices: commands out, and a request to replay retained announcements. */
export interface DeviceLinkClient {
  /** Publishes on the device's `down/commands`; rejects while the link is not connected. */
  publishCommand(serialNumber: string, message: DownMessage): Promise<void>;
  /** Asks the broker for these devices' retained `up/connection` again; does nothing while not connected. */
  replayConnections(serialNumbers: string[]): Promise<void>;
  /** Hands the embedded broker the provisioned credentials and which devices each gateway carries. */
  setAccess(access: DeviceAccess): void;
  /**
   * Makes newly provisioned or rotated credentials real on the broker: for an external Mosquitto
   * with MQTT_DYNSEC=true, through its dynamic security plugin; the embedded broker asks
   * `DeviceAccess` instead, so there is nothing to do.
   */
  grant(grant: BrokerGrant): Promise<void>;
  /**
   * Cuts disabled devices off the broker (their credentials are already forgotten): the embedded
   * broker closes a device's connection at once (`endSessions`); an external Mosquitto with
   * MQTT_DYNSEC=true loses the device's client and role (which disconnects it) or its gateway's ACLs
   * for it.
   */
  revoke(devices: readonly BrokerRevocation[]): Promise<void>;
  /**
   * Ends the sessions these devices and gateways opened with credentials that no longer hold
   * (rotated or revoked): the embedded broker closes their connections at once, and they must sign
   * in again. An external Mosquitto with MQTT_DYNSEC=true does so itself when it takes the new
   * password (`setClientPassword`) or deletes the client.
   */
  endSessions(owners: readonly SessionOwner[]): void;
}

type LinkConfig = Pick<
  FarolaConfig,
  | 'mqttUrl'
  | 'mqttPort'
  | 'host'
  | 'mqttCredentials'
  | 'mqttDynamicSecurity'
  | 'mqttMaxPacketBytes'
  | 'mqttRetainedPerClient'
>;

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
  /** The server's own credentials: from configuration for an external broker, generated for the embedded one. */
  private readonly credentials: { username: string; password: string } | null;
  private readonly guard: BrokerGuard | null;

  constructor(
    private readonly config: LinkConfig,
    private readonly logger: Logger,
  ) {
    this.router = new DeviceMessageRouter(new RateLimitedWarn(logger));
    if (config.mqttUrl) {
      this.credentials = config.mqttCredentials;
      this.guard = null;
    } else {
      this.credentials = {
        username: `farola-server-${randomBytes(6).toString('hex')}`,
        password: randomBytes(32).toString('base64url'),
      };
      this.guard = new BrokerGuard({
        server: this.credentials,
        retained: config.mqttRetainedPerClient,
        logger: logger.child({ component: 'mqtt-broker' }),
      });
    }
  }

  /** What the embedded broker refused since it started; null for an external broker, which counts its own. */
  get refusals(): BrokerRefusals | null {
    return this.guard ? { ...this.guard.refusals } : null;
  }

  setAccess(access: DeviceAccess): void {
    this.guard?.setAccess(access);
  }

  async grant(grant: BrokerGrant): Promise<void> {
    if (!this.config.mqttDynamicSecurity) return;
    if (!this.gateway) throw new Error('MQTT not connected');
    await this.gateway.grant(grant);
  }

  async revoke(devices: readonly BrokerRevocation[]): Promise<void> {
    this.endSessions(
      devices.flatMap(({ serialNumber, gatewayId }) =>
        gatewayId === null ? [{ kind: 'device' as const, username: serialNumber }] : [],
      ),
    );
    if (!this.config.mqttDynamicSecurity || devices.length === 0) return;
    if (!this.gateway) throw new Error('MQTT not connected');
    await this.gateway.revoke(devices);
  }

  endSessions(owners: readonly SessionOwner[]): void {
    this.guard?.kick(owners);
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
        this.embedded = await startEmbeddedBroker({
          port: this.config.mqttPort,
          host: this.config.host,
          guard: this.guard!,
          maxPacketBytes: this.config.mqttMaxPacketBytes,
        });
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
          { credentials: this.credentials, dynamicSecurity: this.config.mqttDynamicSecurity },
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

  publishCommand(serialNumber: string, message: DownMessage): Promise<void> {
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
