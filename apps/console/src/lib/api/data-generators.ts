import {
  DeviceGroupSchema,
  DevicePhotoSchema,
  DeviceSchema,
  DeviceStatusSchema,
  DeviceTypeSchema,
  FLEET_FLAG,
  VendorSchema,
  type FleetColumns,
  DirectoryUserSchema,
  MeSchema,
  ProjectSchema,
  QueuedRequestSchema,
  type Device,
  type DeviceGroup,
  type DevicePhoto,
  type DirectoryUser,
  type Me,
  type Project,
  type DeviceAttributeValueUpdated,
  type FleetDevice,
  type QueuedRequest,
} from '@farola/protocol';
import { toFleetDevice } from './fleet';

/** Test fixtures: each builder takes overrides and passes through the protocol schema, so fixtures cannot drift. */

export const PROJECT_ID = '9b2f3c1e-5d4a-4e6b-8c7d-1a2b3c4d5e6f';
const NOW = '2025-05-04T10:00:00.000Z';

function uuid(seed: number): string {
  return `00000000-0000-4000-8000-${seed.toString(16).padStart(12, '0')}`;
}

export function buildDevice(overrides: Partial<Device> & { seed?: number } = {}): Device {
  const { seed = 1, ...rest } = overrides;
  return DeviceSchema.parse({
    id: uuid(seed),
    serialNumber: `OR-LP-${String(seed).padStart(6, '0')}`,
    deviceType: 'light-point-controller',
    vendor: 'orion',
    projectId: PROJECT_ID,
    status: 'ready',
    name: `Luminaire ${seed}`,
    imei: '356938035643809',
    ip: null,
    reference: null,
    category: null,
    modelNumber: 'OR-100',
    firmwareVersion: '1.4.2',
    latitude: 41.3874,
    longitude: 2.1686,
    fixedLocation: false,
    installationDate: NOW,
    connected: true,
    disabled: false,
    connectedAt: NOW,
    disconnectedAt: null,
    lastConnectionAt: NOW,
    createdAt: NOW,
    attributes: { poweredOn: true, dimming: 70 },
    attributesUpdatedAt: NOW,
    ...rest,
  });
}

/** A device as `GET /fleet` lists it (compact), built from the same overrides as `buildDevice`. */
export function buildFleetDevice(overrides: Partial<Device> & { seed?: number } = {}): FleetDevice {
  return toFleetDevice(buildDevice(overrides));
}

export function buildRequest(overrides: Partial<QueuedRequest> & { seed?: number } = {}): QueuedRequest {
  const { seed = 1, ...rest } = overrides;
  return QueuedRequestSchema.parse({
    id: uuid(1000 + seed),
    deviceId: uuid(1),
    projectId: PROJECT_ID,
    command: 'switchOff',
    params: {},
    status: 'IN_PROGRESS',
    progress: 0,
    attempt: 1,
    error: null,
    detail: null,
    waitingForDevice: false,
    waitUntil: '2025-05-04T10:15:00.000Z',
    requestedBy: 'operator',
    createdAt: NOW,
    updatedAt: NOW,
    finishedAt: null,
    ...rest,
  });
}

export function buildAttributeUpdate(
  overrides: Partial<DeviceAttributeValueUpdated> = {},
): DeviceAttributeValueUpdated {
  return { deviceId: uuid(1), projectId: PROJECT_ID, ts: '2025-05-04T10:00:05.000Z', values: {}, ...overrides };
}

export function buildDirectoryUser(overrides: Partial<DirectoryUser> & { seed?: number } = {}): DirectoryUser {
  const { seed = 1, ...rest } = overrides;
  return DirectoryUserSchema.parse({
    id: uuid(2000 + seed),
    username: `user${seed}`,
    givenName: 'Ana',
    familyName: `Pérez ${seed}`,
    email: `user${seed}@farola.test`,
    lastSeenAt: NOW,
    ...rest,
  });
}

export function buildProject(overrides: Partial<Project> & { seed?: number } = {}): Project {
  const { seed = 1, ...rest } = overrides;
  return ProjectSchema.parse({
    id: uuid(3000 + seed),
    name: `Project ${seed}`,
    parentId: null,
    createdAt: NOW,
    clientInfo: null,
    logoUrl: null,
    supportEmail: null,
    ...rest,
  });
}

/** The caller as `GET /me` answers; an administrator of nothing unless told. */
export function buildMe(overrides: Partial<Me> = {}): Me {
  return MeSchema.parse({
    id: uuid(2999),
    username: 'caller',
    roles: [],
    projectIds: [],
    administeredProjectIds: [],
    ...overrides,
  });
}

/** `GET /fleet/columns` of these devices, as the server codes it and FleetColumnsSchema unpacks it. */
export function buildFleetColumns(devices: readonly FleetDevice[], streams: Record<string, number> = {}): FleetColumns {
  const kinds = DeviceTypeSchema.options;
  const vendors = VendorSchema.options;
  const statuses = DeviceStatusSchema.options;
  const projects = [...new Set(devices.map((device) => device.projectId))];
  return {
    count: devices.length,
    deviceId: devices.map((device) => device.deviceId),
    serialNumber: devices.map((device) => device.serialNumber),
    name: devices.map((device) => device.name),
    kinds,
    kind: Uint8Array.from(devices, (device) => kinds.indexOf(device.deviceType)),
    vendors,
    vendor: Uint8Array.from(devices, (device) => vendors.indexOf(device.vendor)),
    statuses,
    status: Uint8Array.from(devices, (device) => statuses.indexOf(device.status)),
    projects,
    project: Uint32Array.from(devices, (device) => projects.indexOf(device.projectId)),
    latitude: Float64Array.from(devices, (device) => device.latitude ?? Number.NaN),
    longitude: Float64Array.from(devices, (device) => device.longitude ?? Number.NaN),
    flags: Uint8Array.from(
      devices,
      (device) =>
        (device.connected ? FLEET_FLAG.connected : 0) |
        (device.on === true ? FLEET_FLAG.on : 0) |
        (device.on !== null ? FLEET_FLAG.onKnown : 0) |
        (device.alarm ? FLEET_FLAG.alarm : 0),
    ),
    streams,
  };
}

export function buildPhoto(overrides: Partial<DevicePhoto> & { seed?: number } = {}): DevicePhoto {
  const { seed = 1, ...rest } = overrides;
  return DevicePhotoSchema.parse({
    id: uuid(0x90000 + seed),
    deviceId: uuid(1),
    projectId: PROJECT_ID,
    filename: `photo-${seed}.jpg`,
    caption: null,
    contentType: 'image/jpeg',
    size: 2048,
    uploadedBy: 'operator',
    uploadedAt: NOW,
    ...rest,
  });
}

/** A group of `PROJECT_ID`, empty and running nothing unless told. */
export function buildGroup(overrides: Partial<DeviceGroup> & { seed?: number } = {}): DeviceGroup {
  const { seed = 1, ...rest } = overrides;
  return DeviceGroupSchema.parse({
    id: uuid(0xa0000 + seed),
    projectId: PROJECT_ID,
    name: `Group ${seed}`,
    isDefault: false,
    calendarId: null,
    programId: null,
    operateMode: null,
    members: 0,
    createdAt: NOW,
    updatedAt: NOW,
    ...rest,
  });
}
