import { randomUUID } from 'node:crypto';
import { topics } from '@farola/protocol';
import { z } from 'zod';

/** Mosquitto's dynamic security plugin listens here, and answers on `…/response`. */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;

/** What provisioning makes real on an external broker. */
export type BrokerGrant =
  | { kind: 'device'; username: string; password: string }
  | { kind: 'gateway'; username: string; password: string }
  | { kind: 'gateway-devices'; gatewayId: string; serialNumbers: readonly string[] }
  /** Many devices that connect on their own, provisioned in one call: as many `device` grants. */
  | { kind: 'devices'; devices: readonly { username: string; password: string }[] };

type Command = Record<string, unknown> & { command: string };

/** Commands per control message: a gateway's 2,000 devices make 6,000 ACLs, sent in parts under the broker's packet limit. */
const COMMANDS_PER_MESSAGE = 150;
/** Errors that mean the state asked for is already there: provisioning repeats safely. */
const ALREADY = /already exists|already has|already in/i;
/** A client, role or ACL to take away that is gone already: revocation repeats safely. */
const GONE = /not found/i;

const settled = (command: string, error: string) =>
  ALREADY.test(error) || (/^(delete|remove)/.test(command) && GONE.test(error));

const role = (kind: 'device' | 'gateway', name: string) => `farola-${kind}-${name}`;

/** The ACLs that let a gateway speak for one device: its up channels, and its commands. */
function deviceAcls(serialNumber: string) {
  const down = topics.downCommands(serialNumber);
  return [
    { acltype: 'publishClientSend', topic: `lighting/v1/devices/${serialNumber}/up/+`, allow: true },
    { acltype: 'subscribeLiteral', topic: down, allow: true },
    { acltype: 'publishClientReceive', topic: down, allow: true },
  ];
}

/**
 * The dynamic security commands for a grant. A client's user name is its serial number or gateway
 * id, and its client id must be the same; each gets a role of its own holding its topics (the
 * plugin has no `%u` patterns). Commands are idempotent: an existing role or client is updated.
 *
 * @example
 * dynsecCommands({ kind: 'device', username: 'OR-LP-1', password: 's3cret' });
 * // createRole farola-device-OR-LP-1 (its ACLs), createClient OR-LP-1 with that role, setClientPassword
 */
export function dynsecCommands(grant: BrokerGrant): Command[] {
  if (grant.kind === 'devices') return grant.devices.flatMap((device) => dynsecCommands({ kind: 'device', ...device }));
  if (grant.kind === 'gateway-devices') {
    const rolename = role('gateway', grant.gatewayId);
    return grant.serialNumbers.flatMap((serial) =>
      deviceAcls(serial).map((acl) => ({ command: 'addRoleACL', rolename, ...acl })),
    );
  }
  const { username, password } = grant;
  const rolename = role(grant.kind, username);
  const acls =
    grant.kind === 'device'
      ? deviceAcls(username)
      : [{ acltype: 'publishClientSend', topic: topics.gatewayConnection(username), allow: true }];
  return [
    { command: 'createRole', rolename, acls },
    { command: 'createClient', username, password, clientid: username, roles: [{ rolename }] },
    // A client that exists already (a rotation) keeps its role and takes the new password.
    { command: 'setClientPassword', username, password },
  ];
}

/** A disabled device taken off the broker: its client, its role, and a gateway's right to speak for it. */
export interface BrokerRevocation {
  serialNumber: string;
  /** The gateway it is behind, or null for a device that connects on its own. */
  gatewayId: string | null;
}

/**
 * The dynamic security commands that take disabled devices off the broker: a device that connects
 * on its own loses its client (the plugin disconnects it at once and refuses it from then on) and
 * its role; a gateway loses the ACLs that let it speak for the device. Idempotent: a client, role
 * or ACL already gone counts as done.
 *
 * @example
 * dynsecRevokeCommands([{ serialNumber: 'OR-LP-1', gatewayId: null }]);
 * // deleteClient OR-LP-1, deleteRole farola-device-OR-LP-1
 */
export function dynsecRevokeCommands(devices: readonly BrokerRevocation[]): Command[] {
  return devices.flatMap(({ serialNumber, gatewayId }): Command[] =>
    gatewayId === null
      ? [
          { command: 'deleteClient', username: serialNumber },
          { command: 'deleteRole', rolename: role('device', serialNumber) },
        ]
      : deviceAcls(serialNumber).map(({ acltype, topic }) => ({
          command: 'removeRoleACL',
          rolename: role('gateway', gatewayId),
          acltype,
          topic,
        })),
  );
}

const ResponsesSchema = z.object({
  responses: z.array(
    z.object({ command: z.string(), error: z.string().optional(), correlationData: z.string().optional() }),
  ),
});

interface Waiting {
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The server as an admin client of Mosquitto's dynamic security plugin: sends commands on
 * `$CONTROL/dynamic-security/v1` and waits for the plugin's answer to each message.
 */
export class DynamicSecurityAdmin {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly publish: (topic: string, payload: string) => Promise<void>,
    private readonly timeoutMs = 10_000,
  ) {}

  async apply(grant: BrokerGrant): Promise<void> {
    await this.sendAll(dynsecCommands(grant));
  }

  async revoke(devices: readonly BrokerRevocation[]): Promise<void> {
    await this.sendAll(dynsecRevokeCommands(devices));
  }

  private async sendAll(commands: Command[]): Promise<void> {
    for (let i = 0; i < commands.length; i += COMMANDS_PER_MESSAGE) {
      await this.send(commands.slice(i, i + COMMANDS_PER_MESSAGE));
    }
  }

  /** An answer on the response topic; one that is malformed or for another admin is ignored. */
  handleResponse(payload: Buffer): void {
    let parsed;
    try {
      parsed = ResponsesSchema.safeParse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const byMessage = new Map<string, string[]>();
    for (const response of parsed.data.responses) {
      if (!response.correlationData) continue;
      const [messageId] = response.correlationData.split(':');
      const errors = byMessage.get(messageId!) ?? [];
      if (response.error && !settled(response.command, response.error))
        errors.push(`${response.command}: ${response.error}`);
      byMessage.set(messageId!, errors);
    }
    for (const [messageId, errors] of byMessage) {
      const waiter = this.waiting.get(messageId);
      if (!waiter) continue;
      this.waiting.delete(messageId);
      clearTimeout(waiter.timer);
      if (errors.length > 0) waiter.reject(new Error(`dynamic security refused: ${errors.join('; ')}`));
      else waiter.resolve();
    }
  }

  /** Fails whatever still waits (the link is closing). */
  close(): void {
    for (const [id, waiter] of this.waiting) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error('the MQTT link closed'));
      this.waiting.delete(id);
    }
  }

  private send(commands: Command[]): Promise<void> {
    const messageId = randomUUID();
    const withIds = commands.map((command, i) => ({ ...command, correlationData: `${messageId}:${i}` }));
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(messageId);
        reject(new Error('no answer from the dynamic security plugin'));
      }, this.timeoutMs);
      this.waiting.set(messageId, { resolve, reject, timer });
      this.publish(DYNSEC_TOPIC, JSON.stringify({ commands: withIds })).catch((error: unknown) => {
        clearTimeout(timer);
        this.waiting.delete(messageId);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }
}
