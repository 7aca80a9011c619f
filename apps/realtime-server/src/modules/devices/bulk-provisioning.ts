import {
  type ErrorBody,
  type MqttCredentials,
  ProvisionGatewayDeviceSchema,
  type ProvisionGatewayDevice,
  type ProvisionedDevices,
  type ProvisionItemResult,
  type ProvisionResults,
  toFieldIssues,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import { ALL_PROJECTS, inProjectScope, type ProjectScope } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import { DeviceRepository, type DeviceIndexEntry } from './device.repository';
import { generatePassword } from './passwords';
import { nameExists, projectNotFound, serialExists } from './provisioning-errors';
import { ProvisioningRepository } from './provisioning.repository';
import type { ProvisioningDeps, ProvisioningService } from './provisioning.service';

const errorOf = (error: DomainError): ErrorBody['error'] => ({
  code: error.code,
  message: error.message,
  ...(error.details === undefined ? {} : { details: error.details }),
});

interface Candidate {
  index: number;
  item: ProvisionGatewayDevice;
}

/** What one batch was sorted into before its insert: answered items, and the fresh ones to insert. */
interface Plan {
  results: ProvisionItemResult[];
  fresh: Candidate[];
  /** Serial numbers already provisioned as asked (`exists`). */
  known: string[];
}

/**
 * Provisions up to MAX_PROVISION_BATCH devices in one statement, behind one gateway or each on its
 * own connection, answering each item on its own: `created`, `exists` (the same device already
 * provisioned the same way: a repeated call is harmless), `invalid` (it fails the schema, or names
 * a project the caller cannot see) or `conflict` (its serial number is taken, or its name by another
 * device of its kind, in the database or earlier in the batch: the unique indexes decide, in the
 * one insert). Devices behind a gateway have no credentials of their own; a device on its own gets
 * a password, stored as a keyed hash (microseconds each) in the same transaction.
 */
export class BulkProvisioning {
  constructor(
    private readonly deps: ProvisioningDeps,
    private readonly service: Pick<ProvisioningService, 'gateway'>,
  ) {}

  /** `POST /gateways/{id}/devices`: devices behind a gateway the caller may see. */
  async provision(user: User, gatewayUuid: string, items: readonly unknown[]): Promise<ProvisionResults> {
    const { gatewayId } = await this.service.gateway(user, gatewayUuid);
    const plan = await this.plan(user, items, gatewayId);
    const entries = await this.deps.db.transaction(async (tx) => {
      const inserted = await new DeviceRepository(tx).provisionMany(
        plan.fresh.map(({ item }) => ({ ...item, gatewayId })),
      );
      const serialNumbers = [...plan.known, ...inserted.map((device) => device.serialNumber)];
      if (serialNumbers.length > 0) await this.deps.broker.grant({ kind: 'gateway-devices', gatewayId, serialNumbers });
      return inserted;
    });
    for (const entry of entries) this.deps.index.add(entry);
    return this.answer(plan, entries);
  }

  /** `POST /devices/batch`: devices that connect on their own, each with its credentials (shown once). */
  async provisionDevices(user: User, items: readonly unknown[]): Promise<ProvisionedDevices> {
    const plan = await this.plan(user, items, null);
    // A serial number that is a gateway's MQTT user name cannot be a device's.
    const taken = await new ProvisioningRepository(this.deps.db).takenUsernames(
      plan.fresh.map((c) => c.item.serialNumber),
    );
    const fresh = plan.fresh.filter((candidate) => {
      if (!taken.has(candidate.item.serialNumber)) return true;
      plan.results.push(this.conflict(candidate));
      return false;
    });
    const passwords = new Map(fresh.map(({ item }) => [item.serialNumber, generatePassword()]));
    const { entries, credentials } = await this.deps.db.transaction(async (tx) => {
      const inserted = await new DeviceRepository(tx).provisionMany(
        fresh.map(({ item }) => ({ ...item, gatewayId: null })),
      );
      const credentials = inserted.map((device) =>
        this.deps.credentials.credential('device', device.serialNumber, passwords.get(device.serialNumber)!),
      );
      const stored = await new ProvisioningRepository(tx).insertCredentials(credentials);
      // A gateway took one of these user names since the check: nothing of the batch is kept.
      if (stored.size !== credentials.length) {
        const lost = credentials.find((credential) => !stored.has(credential.username))!;
        throw serialExists(lost.username, inserted.find((d) => d.serialNumber === lost.username)!.deviceType);
      }
      const devices = inserted.map(({ serialNumber }) => ({
        username: serialNumber,
        password: passwords.get(serialNumber)!,
      }));
      if (devices.length > 0) await this.deps.broker.grant({ kind: 'devices', devices });
      return { entries: inserted, credentials };
    });
    for (const entry of entries) this.deps.index.add(entry);
    for (const credential of credentials) this.deps.credentials.set(credential);
    const answered = await this.answer({ ...plan, fresh }, entries);
    return {
      created: answered.created,
      items: answered.items.map((item) => ({ ...item, credentials: this.shown(item, passwords) })),
    };
  }

  private shown(item: ProvisionItemResult, passwords: Map<string, string>): MqttCredentials | null {
    const password = item.status === 'created' && item.serialNumber ? passwords.get(item.serialNumber) : undefined;
    return password === undefined ? null : { username: item.serialNumber!, password };
  }

  /** Validates the items, checks their projects and sorts out those that exist; `gatewayId` null: on their own. */
  private async plan(user: User, items: readonly unknown[], gatewayId: string | null): Promise<Plan> {
    const scope = await this.deps.projects.scope(user);
    const results: ProvisionItemResult[] = [];
    const parsed = this.validate(items, results);
    const visible = await this.visibleProjects(scope, parsed);
    const candidates = parsed.filter(({ index, item }) => {
      if (visible.has(item.projectId)) return true;
      const error = errorOf(projectNotFound());
      results.push({ index, serialNumber: item.serialNumber, status: 'invalid', deviceId: null, error });
      return false;
    });
    const existing = new Map(
      (await new DeviceRepository(this.deps.db).bySerials(candidates.map(({ item }) => item.serialNumber))).map(
        (device) => [device.serialNumber, device],
      ),
    );
    const fresh: Candidate[] = [];
    const known: string[] = [];
    for (const candidate of candidates) {
      const { item, index } = candidate;
      const device = existing.get(item.serialNumber);
      if (!device) fresh.push(candidate);
      else if (
        device.gatewayId === gatewayId &&
        device.deviceType === item.deviceType &&
        device.vendor === item.vendor
      ) {
        known.push(item.serialNumber);
        results.push({ index, serialNumber: item.serialNumber, status: 'exists', deviceId: device.id, error: null });
      } else results.push(this.conflict(candidate));
    }
    return { results, fresh, known };
  }

  /** Every item's answer, in the order of the request: the fresh ones created, or left out for a taken serial or name. */
  private async answer(plan: Plan, entries: readonly DeviceIndexEntry[]): Promise<ProvisionResults> {
    const created = new Map(entries.map((entry) => [entry.serialNumber, entry.id]));
    const left = plan.fresh.filter(({ item }) => !created.has(item.serialNumber)).map(({ item }) => item.serialNumber);
    // A device left out lost its serial number to another (provisioned meanwhile), else its name.
    const taken = new Set((await new DeviceRepository(this.deps.db).bySerials(left)).map((d) => d.serialNumber));
    const results = [...plan.results];
    for (const candidate of plan.fresh) {
      const device = created.get(candidate.item.serialNumber);
      const { index, item } = candidate;
      results.push(
        device
          ? { index, serialNumber: item.serialNumber, status: 'created', deviceId: device, error: null }
          : this.conflict(candidate, taken.has(item.serialNumber) ? 'serial' : 'name'),
      );
    }
    return { created: created.size, items: results.sort((a, b) => a.index - b.index) };
  }

  /** Of the projects the items name, those that exist and the caller may see. */
  private async visibleProjects(scope: ProjectScope, candidates: readonly Candidate[]): Promise<Set<string>> {
    const named = [...new Set(candidates.map(({ item }) => item.projectId))];
    const checks = await Promise.all(
      named.map(async (id) => (scope === ALL_PROJECTS ? this.deps.projects.exists(id) : inProjectScope(scope, id))),
    );
    return new Set(named.filter((_, i) => checks[i]));
  }

  /** Items that pass the schema and repeat no serial number, nor name of their kind, of the batch; the others answered. */
  private validate(items: readonly unknown[], results: ProvisionItemResult[]): Candidate[] {
    const seen = new Set<string>();
    const names = new Set<string>();
    const candidates: Candidate[] = [];
    items.forEach((raw, index) => {
      const parsed = ProvisionGatewayDeviceSchema.safeParse(raw);
      if (!parsed.success) {
        const error = new DomainError('VALIDATION_FAILED', toFieldIssues(parsed.error));
        const serial = (raw as { serialNumber?: unknown } | null)?.serialNumber;
        results.push({
          index,
          serialNumber: typeof serial === 'string' ? serial : null,
          status: 'invalid',
          deviceId: null,
          error: errorOf(error),
        });
        return;
      }
      const item = parsed.data;
      if (seen.has(item.serialNumber)) return void results.push(this.conflict({ index, item }));
      // The later of two items of one kind and name is the conflict, as the database would say.
      const name = `${item.deviceType} ${item.name.toLowerCase()}`;
      if (names.has(name)) return void results.push(this.conflict({ index, item }, 'name'));
      seen.add(item.serialNumber);
      names.add(name);
      candidates.push({ index, item });
    });
    return candidates;
  }

  private conflict({ index, item }: Candidate, taken: 'serial' | 'name' = 'serial'): ProvisionItemResult {
    const error =
      taken === 'serial' ? serialExists(item.serialNumber, item.deviceType) : nameExists(item.name, item.deviceType);
    return { index, serialNumber: item.serialNumber, status: 'conflict', deviceId: null, error: errorOf(error) };
  }
}
