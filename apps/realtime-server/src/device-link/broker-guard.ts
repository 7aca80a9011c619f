import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AedesOptions, AuthenticateError, Client } from 'aedes';
import type { Logger } from 'pino';
import { type DeviceAccess, mayPublish, maySubscribe, type Principal, principalName } from './broker-acl';
import { type RetainedLimits, RetainedQuota } from './retained-quota';

/** What the embedded broker refused, by reason, since it started (health → `mqttRefused`). */
export interface BrokerRefusals {
  /** CONNECTs without credentials, or with credentials that prove nobody. */
  authentication: number;
  /** A client id other than the user name, or one another principal holds. */
  clientId: number;
  /** PUBLISHes on a topic the client may not publish on (the connection is closed). */
  publish: number;
  /** Topic filters the client may not subscribe to (SUBACK 0x80). */
  subscribe: number;
  /** Packets larger than MQTT_MAX_PACKET_BYTES (the connection is closed). */
  packetSize: number;
  /** Retained messages past the client's share: delivered, not kept. */
  retained: number;
}

export interface BrokerGuardOptions {
  /** The server's own client: generated at start for the embedded broker. */
  server: { username: string; password: string };
  retained: RetainedLimits;
  logger: Logger;
}

/** A device or gateway by the user name it signs in with (its serial number or gateway id). */
export interface SessionOwner {
  kind: 'device' | 'gateway';
  username: string;
}

/** MQTT 3.1.1 CONNACK return codes the guard answers with. */
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * The embedded broker's security: every client authenticates (the server's client with the
 * credentials generated at start, devices and gateways with those provisioned for them), and is
 * then held to its topics (broker-acl.ts) and its share of retained messages. Until the devices
 * module hands over its `DeviceAccess`, only the server's client gets in.
 */
export class BrokerGuard {
  readonly refusals: BrokerRefusals = {
    authentication: 0,
    clientId: 0,
    publish: 0,
    subscribe: 0,
    packetSize: 0,
    retained: 0,
  };
  private access: DeviceAccess | null = null;
  private readonly principals = new WeakMap<Client, Principal>();
  private readonly holders = new Map<string, Client>();
  private readonly quota: RetainedQuota;
  /** The server's password is compared as an HMAC under a key of this process, in constant time. */
  private readonly key = randomBytes(32);
  private readonly serverDigest: Buffer;

  constructor(private readonly options: BrokerGuardOptions) {
    this.quota = new RetainedQuota(options.retained);
    this.serverDigest = this.digest(options.server.password);
  }

  setAccess(access: DeviceAccess): void {
    this.access = access;
  }

  /** The hooks to create the Aedes broker with. */
  hooks(): Pick<AedesOptions, 'authenticate' | 'authorizePublish' | 'authorizeSubscribe'> {
    return {
      authenticate: (client, username, password, done) => {
        this.authenticate(client, username, password).then(
          () => done(null, true),
          (error: AuthenticateError) => done(error, false),
        );
      },
      authorizePublish: (client, packet, done) => {
        const principal = client ? this.principals.get(client) : undefined;
        if (!client || !principal || !mayPublish(principal, packet.topic, this.carrier())) {
          this.refuse('publish', { clientId: client?.id, topic: packet.topic });
          return done(new Error('not authorised to publish on this topic'));
        }
        if (packet.retain) {
          const bytes = Buffer.byteLength(packet.payload);
          if (!this.quota.admit(principalName(principal), packet.topic, bytes)) {
            this.refuse('retained', { clientId: client.id, topic: packet.topic, bytes });
            packet.retain = false;
          }
        }
        done(null);
      },
      authorizeSubscribe: (client, subscription, done) => {
        const principal = this.principals.get(client);
        if (principal && maySubscribe(principal, subscription.topic, this.carrier())) return done(null, subscription);
        this.refuse('subscribe', { clientId: client.id, filter: subscription.topic });
        done(null, null);
      },
    };
  }

  /** Counts a packet refused for its size; the connection is closed by the caller. */
  oversized(details: Record<string, unknown>): void {
    this.refuse('packetSize', details);
  }

  /**
   * Closes the connections of these devices and gateways, whose credentials were revoked (a disabled
   * device cannot come back) or replaced (the client must sign in again with the new password).
   * Only a client signed in as that device or gateway is closed.
   */
  kick(owners: readonly SessionOwner[]): void {
    for (const { kind, username } of owners) {
      const client = this.holders.get(username);
      const principal = client ? this.principals.get(client) : undefined;
      if (!client || principal?.kind !== kind || principalName(principal) !== username) continue;
      this.holders.delete(username);
      client.close();
    }
  }

  /** Forgets a client that left, so its id is free again. */
  disconnected(client: Client): void {
    if (this.holders.get(client.id) === client) this.holders.delete(client.id);
  }

  private async authenticate(client: Client, username: string | undefined, password: Buffer | undefined) {
    if (username === undefined || password === undefined) {
      this.refuse('authentication', { clientId: client.id, reason: 'anonymous' });
      throw authError('credentials required', NOT_AUTHORIZED);
    }
    let principal: Principal | null;
    try {
      principal = await this.identify(username, password);
    } catch (error) {
      this.options.logger.error({ err: error, username }, 'MQTT credentials could not be checked');
      throw authError('credentials could not be checked', SERVER_UNAVAILABLE);
    }
    if (!principal) {
      this.refuse('authentication', { clientId: client.id, username, reason: 'bad credentials' });
      throw authError('bad user name or password', BAD_USERNAME_OR_PASSWORD);
    }
    // A device or gateway connects as itself: its client id cannot take over another's session.
    const holder = this.holders.get(client.id);
    const holderPrincipal = holder && holder !== client && !holder.closed ? this.principals.get(holder) : undefined;
    const sameHolder = !holderPrincipal || principalName(holderPrincipal) === principalName(principal);
    if ((principal.kind !== 'server' && client.id !== username) || !sameHolder) {
      this.refuse('clientId', { clientId: client.id, username });
      throw authError('client id must be the user name', IDENTIFIER_REJECTED);
    }
    this.principals.set(client, principal);
    this.holders.set(client.id, client);
  }

  private async identify(username: string, password: Buffer): Promise<Principal | null> {
    if (username === this.options.server.username) {
      return timingSafeEqual(this.digest(password), this.serverDigest) ? { kind: 'server' } : null;
    }
    return this.access ? this.access.verify(username, password) : null;
  }

  private carrier(): Pick<DeviceAccess, 'carries'> {
    return { carries: (gatewayId, serial) => this.access?.carries(gatewayId, serial) ?? false };
  }

  private digest(value: string | Buffer): Buffer {
    return createHmac('sha256', this.key).update(value).digest();
  }

  private refuse(reason: keyof BrokerRefusals, details: Record<string, unknown>): void {
    this.refusals[reason] += 1;
    this.options.logger.debug({ ...details, reason }, 'MQTT refused');
  }
}
