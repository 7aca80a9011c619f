import {
  type ErrorBody,
  type Gateway,
  ProvisionGatewayDeviceSchema,
  type ProvisionGatewayDevice,
  type ProvisionItemResult,
  type ProvisionResults,
  toFieldIssues,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import { ALL_PROJECTS, inProjectScope, type ProjectScope } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import { DeviceRepository } from './device.repository';
import { nameExists, projectNotFound, serialExists } from './provisioning-errors';
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

/**
 * Provisions up to MAX_PROVISION_BATCH devices behind one gateway in one statement, answering each
 * item on its own: `created`, `exists` (the same device already behind this gateway: a repeated call
 * is harmless), `invalid` (it fails the schema, or names a project the caller cannot see) or
 * `conflict` (its serial number is taken, or its name by another device of its kind, in the
 * database or earlier in the batch: the unique indexes decide, in the one insert). Devices behind a gateway have no credentials of their own.
 */
export class BulkProvisioning {
  constructor(
    private readonly deps: ProvisioningDeps,
    private readonly service: Pick<ProvisioningService, 'gateway'>,
  ) {}

  async provision(user: User, gatewayUuid: string, items: readonly unknown[]): Promise<ProvisionResults> {
    const gateway = await this.service.gateway(user, gatewayUuid);
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
    const behind: string[] = [];
    for (const candidate of candidates) {
      const { item, index } = candidate;
      const known = existing.get(item.serialNumber);
      if (!known) fresh.push(candidate);
      else if (
        known.gatewayId === gateway.gatewayId &&
        known.deviceType === item.deviceType &&
        known.vendor === item.vendor
      ) {
        behind.push(item.serialNumber);
        results.push({ index, serialNumber: item.serialNumber, status: 'exists', deviceId: known.id, error: null });
      } else results.push(this.conflict(candidate));
    }
    const created = await this.insert(gateway, fresh, behind);
    const left = fresh.filter(({ item }) => !created.has(item.serialNumber)).map(({ item }) => item.serialNumber);
    // A device left out lost its serial number to another (provisioned meanwhile), else its name.
    const taken = new Set((await new DeviceRepository(this.deps.db).bySerials(left)).map((d) => d.serialNumber));
    for (const candidate of fresh) {
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

  /** Inserts the fresh devices and grants the gateway their topics; the devices created, by serial number. */
  private async insert(gateway: Gateway, fresh: readonly Candidate[], behind: readonly string[]) {
    const gatewayId = gateway.gatewayId;
    const entries = await this.deps.db.transaction(async (tx) => {
      const inserted = await new DeviceRepository(tx).provisionMany(fresh.map(({ item }) => ({ ...item, gatewayId })));
      const serialNumbers = [...behind, ...inserted.map((device) => device.serialNumber)];
      if (serialNumbers.length > 0) await this.deps.broker.grant({ kind: 'gateway-devices', gatewayId, serialNumbers });
      return inserted;
    });
    for (const entry of entries) this.deps.index.add(entry);
    return new Map(entries.map((entry) => [entry.serialNumber, entry.id]));
  }

  private conflict({ index, item }: Candidate, taken: 'serial' | 'name' = 'serial'): ProvisionItemResult {
    const error =
      taken === 'serial' ? serialExists(item.serialNumber, item.deviceType) : nameExists(item.name, item.deviceType);
    return { index, serialNumber: item.serialNumber, status: 'conflict', deviceId: null, error: errorOf(error) };
  }
}
