import {
  type Device,
  type Gateway,
  type GatewayListQuery,
  type MqttCredentials,
  type Page,
  type ProvisionDevice,
  type ProvisionedDevice,
  type ProvisionedGateway,
  type ProvisionGateway,
  type RotatedCredentials,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import type { Database } from '../../db/database';
import { ALL_PROJECTS, inProjectScope, type ProjectScope } from '../../db/rows';
import type { DeviceLinkClient } from '../../device-link/device-link';
import { DomainError } from '../../platform/domain-error';
import type { ProjectService } from '../projects/contract';
import type { CredentialStore, StoredCredential } from './credential-store';
import type { DeviceIndex } from './device-index';
import { DeviceRepository } from './device.repository';
import { generatePassword } from './passwords';
import { gatewayExists, gatewayNotFound, nameExists, projectNotFound, serialExists } from './provisioning-errors';
import { ProvisioningRepository } from './provisioning.repository';

export interface ProvisioningDeps {
  db: Database;
  projects: Pick<ProjectService, 'scope' | 'exists'>;
  index: DeviceIndex;
  credentials: CredentialStore;
  /**
   * Makes credentials real on an external broker (Mosquitto's dynamic security plugin), and ends
   * the sessions opened with credentials that were replaced.
   */
  broker: Pick<DeviceLinkClient, 'grant' | 'endSessions'>;
}

/**
 * Provisioning, the only way a device or gateway comes to exist: each is created in a project the
 * caller may see, devices in `provisioned` status, with MQTT credentials shown once and stored as
 * keyed hashes (`PasswordHasher`). The broker learns them at once (the credential store, and Mosquitto's dynamic
 * security plugin when the server administers one).
 */
export class ProvisioningService {
  private readonly gateways: ProvisioningRepository;
  private readonly devices: DeviceRepository;

  constructor(private readonly deps: ProvisioningDeps) {
    this.gateways = new ProvisioningRepository(deps.db);
    this.devices = new DeviceRepository(deps.db);
  }

  /** The projects the caller may see, once it is checked that `projectId` is one of them. */
  async visibleProject(user: User, projectId: string): Promise<ProjectScope> {
    const scope = await this.deps.projects.scope(user);
    const visible = scope === ALL_PROJECTS ? await this.deps.projects.exists(projectId) : scope.includes(projectId);
    if (!visible) throw projectNotFound();
    return scope;
  }

  async provisionDevice(user: User, body: ProvisionDevice): Promise<ProvisionedDevice> {
    const scope = await this.visibleProject(user, body.projectId);
    const gatewayId = body.gatewayId ?? null;
    if (gatewayId !== null && !(await this.gateways.gatewayByGatewayId(gatewayId, scope))) throw gatewayNotFound();
    const password = gatewayId === null ? generatePassword() : null;
    const credential =
      password === null ? null : this.deps.credentials.credential('device', body.serialNumber, password);
    const entry = await this.deps.db.transaction(async (tx) => {
      const devices = new DeviceRepository(tx);
      const [inserted] = await devices.provisionMany([{ ...body, gatewayId }]);
      if (!inserted) {
        // Left out for its serial number or its name, whichever another device holds.
        const [holder] = await devices.bySerials([body.serialNumber]);
        throw holder ? serialExists(body.serialNumber, body.deviceType) : nameExists(body.name, body.deviceType);
      }
      if (credential) {
        if (!(await new ProvisioningRepository(tx).insertCredential(credential))) {
          throw serialExists(body.serialNumber, body.deviceType);
        }
        await this.deps.broker.grant({ kind: 'device', username: body.serialNumber, password: password! });
      }
      if (gatewayId !== null) {
        await this.deps.broker.grant({ kind: 'gateway-devices', gatewayId, serialNumbers: [body.serialNumber] });
      }
      return inserted;
    });
    this.deps.index.add(entry);
    if (credential) this.deps.credentials.set(credential);
    return {
      ...(await this.device(entry.id)),
      gatewayId,
      credentials: password === null ? null : { username: body.serialNumber, password },
    };
  }

  /**
   * New credentials for a device that connects on its own; the old password stops working at once,
   * and a connection opened with it is closed.
   */
  async rotateDevice(user: User, id: string): Promise<RotatedCredentials> {
    const scope = await this.deps.projects.scope(user);
    const entry = this.deps.index.id(id);
    if (!entry || !inProjectScope(scope, entry.projectId)) throw new DomainError('DEVICE_NOT_FOUND');
    if (entry.gatewayId !== null) {
      throw new DomainError('VALIDATION_FAILED', [
        { path: 'id', rule: 'invalid', message: `The device speaks through gateway ${entry.gatewayId}` },
      ]);
    }
    return { credentials: await this.rotate('device', entry.serialNumber) };
  }

  async provisionGateway(user: User, body: ProvisionGateway): Promise<ProvisionedGateway> {
    await this.visibleProject(user, body.projectId);
    const password = generatePassword();
    const credential = this.deps.credentials.credential('gateway', body.gatewayId, password);
    const gateway = await this.deps.db.transaction(async (tx) => {
      const inserted = await new ProvisioningRepository(tx).insertGateway(body);
      if (!inserted || !(await new ProvisioningRepository(tx).insertCredential(credential))) {
        throw gatewayExists(body.gatewayId);
      }
      await this.deps.broker.grant({ kind: 'gateway', username: body.gatewayId, password });
      return inserted;
    });
    this.deps.credentials.set(credential);
    return { ...gateway, credentials: { username: body.gatewayId, password } };
  }

  async rotateGateway(user: User, id: string): Promise<RotatedCredentials> {
    const gateway = await this.gateway(user, id);
    return { credentials: await this.rotate('gateway', gateway.gatewayId) };
  }

  async gateway(user: User, id: string): Promise<Gateway> {
    const gateway = await this.gateways.gateway(id, await this.deps.projects.scope(user));
    if (!gateway) throw gatewayNotFound();
    return gateway;
  }

  async listGateways(user: User, query: GatewayListQuery): Promise<Page<Gateway>> {
    return this.gateways.listGateways(query, await this.deps.projects.scope(user));
  }

  /**
   * Replaces a device's or gateway's password. A session opened with the old one ends with it: the
   * old secret may be why it was rotated, so whoever holds it keeps no connection (a device that
   * knows the new one signs in again).
   */
  private async rotate(kind: StoredCredential['kind'], username: string): Promise<MqttCredentials> {
    const password = generatePassword();
    const credential = this.deps.credentials.credential(kind, username, password);
    await this.deps.db.transaction(async (tx) => {
      await new ProvisioningRepository(tx).saveCredential(credential);
      await this.deps.broker.grant({ kind, username, password });
    });
    this.deps.credentials.set(credential);
    this.deps.broker.endSessions([{ kind, username }]);
    return { username, password };
  }

  private async device(id: string): Promise<Device> {
    const device = await this.devices.get(id, ALL_PROJECTS);
    if (!device) throw new DomainError('DEVICE_NOT_FOUND');
    return device;
  }
}
