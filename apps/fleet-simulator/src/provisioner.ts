import {
  DeviceSchema,
  GatewaySchema,
  MAX_PROVISION_BATCH,
  type MqttCredentials,
  pageSchema,
  ProvisionedDeviceSchema,
  ProvisionedDevicesSchema,
  ProvisionedGatewaySchema,
  ProvisionResultsSchema,
  RotatedCredentialsSchema,
} from '@farola/protocol';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ApiClient, ApiError, type OAuthClient } from './api-client';
import { CredentialsFile } from './credentials-file';
import type { DeviceSpec } from './device-spec';

/** Where and how the simulator provisions its devices before connecting them. */
export interface ProvisioningOptions {
  /** The server's API root, `http://host:port/lighting/api`. */
  apiUrl: string;
  oauth: OAuthClient | null;
  credentialsFile: string;
}

/** What one MQTT connection signs in as: a device alone, or a gateway with the devices behind it. */
export interface LinkPrincipal {
  username: string;
  gatewayId: string | null;
  devices: readonly DeviceSpec[];
}

/** What the simulator reads of `GET /v1/about`: the id naming the server's database. */
const AboutSchema = z.object({ installationId: z.uuid() });

/** Provisioning calls in flight at once: while the server stores one batch, the next is on its way. */
const CONCURRENCY = 2;

const itemOf = (spec: DeviceSpec) => ({
  serialNumber: spec.serialNumber,
  deviceType: spec.deviceType,
  vendor: spec.vendor,
  projectId: spec.projectId,
  name: spec.name,
});

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * Gets each connection its MQTT credentials: from the credentials file when a previous run left
 * them in the same database (the server's installation id), else by provisioning through the API:
 * a gateway and, in calls of up to 2,000, the devices behind it; devices alone in calls of up to
 * 2,000 (`POST /v1/devices/batch`), so that a fleet of 100,000 is 50 calls, well within the
 * server's rate limits. A device or gateway that exists but whose credentials were lost gets new
 * ones (rotation, one call each). Credentials the broker refuses are provisioned again.
 */
export class FleetProvisioner {
  private constructor(
    private readonly api: ApiClient,
    private readonly file: CredentialsFile,
    private readonly logger: Logger,
  ) {}

  static async open(options: ProvisioningOptions, logger: Logger): Promise<FleetProvisioner> {
    const api = new ApiClient(options.apiUrl, options.oauth, {
      onThrottled: (waitSeconds, call) =>
        logger.info({ waitSeconds, call }, 'the server’s rate limit asks to wait; provisioning goes on after'),
    });
    await api.waitForServer(120_000, () => logger.debug({ api: options.apiUrl }, 'waiting for the server'));
    const { installationId } = await api.call('GET', '/v1/about', AboutSchema);
    const file = await CredentialsFile.open(options.credentialsFile, installationId);
    if (file.stale) {
      logger.info(
        { file: options.credentialsFile, madeFor: file.stale.madeFor, installationId, unused: file.stale.count },
        'the credentials file was made for another database; provisioning anew and replacing it',
      );
    }
    return new FleetProvisioner(api, file, logger);
  }

  /** Credentials for every principal, provisioning those the file lacks; the file is saved once all are known. */
  async credentialsFor(principals: readonly LinkPrincipal[]): Promise<Map<string, MqttCredentials>> {
    const missing = principals.filter((principal) => !this.file.get(principal.username));
    const alone = missing.filter((principal) => principal.gatewayId === null).map((p) => p.devices[0]!);
    const tasks: (() => Promise<void>)[] = [
      ...missing.filter((principal) => principal.gatewayId !== null).map((p) => () => this.provisionInto(p)),
      ...chunks(alone, MAX_PROVISION_BATCH).map((batch) => () => this.provisionDevices(batch)),
    ];
    let next = 0;
    const worker = async () => {
      while (next < tasks.length) await tasks[next++]!();
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, tasks.length) }, worker));
    if (missing.length > 0) {
      await this.file.save();
      this.logger.info({ provisioned: missing.length }, 'provisioned MQTT credentials');
    }
    return new Map(principals.map((principal) => [principal.username, this.file.get(principal.username)!]));
  }

  /** The broker refused these credentials (a reset server, a rotation elsewhere): provisions them again. */
  async renew(principal: LinkPrincipal): Promise<MqttCredentials> {
    this.file.delete(principal.username);
    const credentials = await this.provision(principal);
    this.file.set(principal.username, credentials);
    await this.file.save();
    return credentials;
  }

  private async provisionInto(principal: LinkPrincipal): Promise<void> {
    this.file.set(principal.username, await this.provision(principal));
  }

  /**
   * Devices alone, in one call: those created get their credentials from its answer; one that
   * exists already (its credentials lost) gets new ones, and any other goes the one-device way,
   * which says why it cannot be provisioned.
   */
  private async provisionDevices(specs: readonly DeviceSpec[]): Promise<void> {
    const { items } = await this.api.call('POST', '/v1/devices/batch', ProvisionedDevicesSchema, {
      devices: specs.map(itemOf),
    });
    const others: DeviceSpec[] = [];
    for (const item of items) {
      const spec = specs[item.index]!;
      if (item.credentials) this.file.set(spec.serialNumber, item.credentials);
      else if (item.status === 'exists' && item.deviceId) {
        const path = `/v1/devices/${item.deviceId}/credentials`;
        this.file.set(spec.serialNumber, (await this.api.call('POST', path, RotatedCredentialsSchema)).credentials);
      } else others.push(spec);
    }
    for (const spec of others) this.file.set(spec.serialNumber, await this.provisionDevice(spec));
  }

  private provision(principal: LinkPrincipal): Promise<MqttCredentials> {
    return principal.gatewayId === null
      ? this.provisionDevice(principal.devices[0]!)
      : this.provisionGateway(principal.gatewayId, principal.devices);
  }

  private async provisionDevice(spec: DeviceSpec): Promise<MqttCredentials> {
    try {
      const device = await this.api.call('POST', '/v1/devices', ProvisionedDeviceSchema, itemOf(spec));
      if (device.credentials) return device.credentials;
      throw new Error(`${spec.serialNumber} was provisioned without credentials`);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
    }
    const page = await this.api.call(
      'GET',
      `/v1/devices?q=${encodeURIComponent(spec.serialNumber)}&limit=50`,
      pageSchema(DeviceSchema),
    );
    const existing = page.items.find((device) => device.serialNumber === spec.serialNumber);
    if (!existing) throw new Error(`${spec.serialNumber} exists in a project the simulator cannot see`);
    const path = `/v1/devices/${existing.id}/credentials`;
    return (await this.api.call('POST', path, RotatedCredentialsSchema)).credentials;
  }

  private async provisionGateway(gatewayId: string, devices: readonly DeviceSpec[]): Promise<MqttCredentials> {
    const { id, credentials } = await this.gateway(gatewayId, devices[0]?.projectId ?? '');
    for (let from = 0; from < devices.length; from += MAX_PROVISION_BATCH) {
      const chunk = devices.slice(from, from + MAX_PROVISION_BATCH).map(itemOf);
      const results = await this.api.call('POST', `/v1/gateways/${id}/devices`, ProvisionResultsSchema, {
        devices: chunk,
      });
      const refused = results.items.filter((item) => item.status !== 'created' && item.status !== 'exists');
      if (refused.length > 0) {
        this.logger.warn({ gatewayId, refused: refused.slice(0, 5), count: refused.length }, 'devices not provisioned');
      }
    }
    return credentials;
  }

  private async gateway(gatewayId: string, projectId: string): Promise<{ id: string; credentials: MqttCredentials }> {
    try {
      const body = { gatewayId, projectId, name: `Gateway ${gatewayId}` };
      return await this.api.call('POST', '/v1/gateways', ProvisionedGatewaySchema, body);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
    }
    const page = await this.api.call(
      'GET',
      `/v1/gateways?q=${encodeURIComponent(gatewayId)}&limit=50`,
      pageSchema(GatewaySchema),
    );
    const existing = page.items.find((gateway) => gateway.gatewayId === gatewayId);
    if (!existing) throw new Error(`gateway ${gatewayId} exists in a project the simulator cannot see`);
    const rotated = await this.api.call('POST', `/v1/gateways/${existing.id}/credentials`, RotatedCredentialsSchema);
    return { id: existing.id, credentials: rotated.credentials };
  }
}
