import type { z } from 'zod';
import { BulkJobSchema } from './bulk';
import { DEVICE_EVENT_SCHEMAS } from './events';
import { FleetStateUpdatedSchema, StreamPositionSchema, type StreamedEventType } from './realtime';

/**
 * What a stream's id names, and so who may have the stream: a socket whose user sees that project,
 * the project the device is in now, or every project of the job. A detailed stream is named in
 * `subscribe` by its scope's field: `projectIds`, `deviceIds` or `jobIds`.
 */
export type StreamScope = 'project' | 'device' | 'job';

/** The `subscribe` and `unsubscribe` field that names the ids of a scope's detailed streams. */
export const SUBSCRIPTION_FIELDS = {
  project: 'projectIds',
  device: 'deviceIds',
  job: 'jobIds',
} as const satisfies Record<StreamScope, string>;

/** One kind of stream: its items' addresses are `<kind>:<id>` (docs/realtime.md 'Streams'). */
export interface StreamDefinition<K extends string = string, E extends StreamedEventType = StreamedEventType> {
  kind: K;
  scope: StreamScope;
  /**
   * false: every socket whose user may see it is in it from connect (and follows access changes);
   * true: only sockets that `subscribe` to it get it, and it costs the server nothing until one does.
   */
  detailed: boolean;
  /** The events it carries, each with its payload schema as it travels (with `stream` and `seq`). */
  events: { readonly [N in E]: z.ZodType };
  /**
   * A kind whose stream of the same project carries this one's items too: a socket in both gets
   * each item once, from that one (a device's reports reach a socket that follows its project's
   * `attributes:` from there).
   */
  coveredBy?: string;
}

/** A declared stream kind, with the address of one of its streams. */
export type DeclaredStream<K extends string = string, E extends StreamedEventType = StreamedEventType> = Readonly<
  StreamDefinition<K, E>
> & {
  /** The stream's name for an id (a project's or a device's), e.g. `fleet:<projectId>`. */
  address(id: string): `${K}:${string}`;
};

/** Any declared stream kind, whatever its name and events. */
export type AnyDeclaredStream = Omit<DeclaredStream, 'kind' | 'events' | 'address'> & {
  readonly kind: string;
  readonly events: { readonly [N in StreamedEventType]?: z.ZodType };
  address(id: string): string;
};

/**
 * Declares a stream kind. The stream hub, the socket's permission checks and the console's
 * realtime client read the registry below: a new kind is one declaration added to `STREAMS`.
 *
 * @example
 * const ALARMS_STREAM = defineStream({
 *   kind: 'alarms',
 *   scope: 'project',
 *   detailed: false,
 *   events: { AlarmRaised: AlarmRaisedSchema.extend(StreamPositionSchema.shape) },
 * });
 * ALARMS_STREAM.address(projectId); // 'alarms:<projectId>'
 */
export function defineStream<const K extends string, E extends StreamedEventType>(
  definition: StreamDefinition<K, E>,
): DeclaredStream<K, E> {
  return { ...definition, address: (id: string) => `${definition.kind}:${id}` as const };
}

const positioned = <T extends z.ZodObject>(schema: T) => schema.extend(StreamPositionSchema.shape);

/** Each device's compact state changes, for the map and counters of everyone who sees the project. */
export const FLEET_STREAM = defineStream({
  kind: 'fleet',
  scope: 'project',
  detailed: false,
  events: { FleetStateUpdated: FleetStateUpdatedSchema },
});

/** Connection changes, request progress and lifecycle moves of a project's devices. */
export const PROJECT_STREAM = defineStream({
  kind: 'project',
  scope: 'project',
  detailed: false,
  events: {
    DeviceConnectionStatusUpdated: positioned(DEVICE_EVENT_SCHEMAS.DeviceConnectionStatusUpdated),
    DeviceCommandRequested: positioned(DEVICE_EVENT_SCHEMAS.DeviceCommandRequested),
    DeviceLifecycleChanged: positioned(DEVICE_EVENT_SCHEMAS.DeviceLifecycleChanged),
  },
});

/** One device's attribute reports, for the views that show it (an open device panel). */
export const DEVICE_STREAM = defineStream({
  kind: 'device',
  scope: 'device',
  detailed: true,
  coveredBy: 'attributes',
  events: { DeviceAttributeValueUpdated: positioned(DEVICE_EVENT_SCHEMAS.DeviceAttributeValueUpdated) },
});

/** Every attribute report of a project's devices, for integrations that follow a whole project. */
export const ATTRIBUTES_STREAM = defineStream({
  kind: 'attributes',
  scope: 'project',
  detailed: true,
  events: { DeviceAttributeValueUpdated: positioned(DEVICE_EVENT_SCHEMAS.DeviceAttributeValueUpdated) },
});

/**
 * One job's progress, for the views that follow it (a bulk action's page): its counts, at most a
 * few times a second. Only a user who sees every project of the job may subscribe.
 */
export const JOB_STREAM = defineStream({
  kind: 'job',
  scope: 'job',
  detailed: true,
  events: { BulkJobUpdated: positioned(BulkJobSchema) },
});

function byKind<const D extends readonly AnyDeclaredStream[]>(...definitions: D): { [S in D[number] as S['kind']]: S } {
  return Object.fromEntries(definitions.map((definition) => [definition.kind, definition])) as never;
}

/** The registry: every stream kind, by kind. */
export const STREAMS = byKind(FLEET_STREAM, PROJECT_STREAM, DEVICE_STREAM, ATTRIBUTES_STREAM, JOB_STREAM);

export type StreamKind = keyof typeof STREAMS;
/** The event names a kind of stream carries. */
export type StreamEventOf<K extends StreamKind> = keyof (typeof STREAMS)[K]['events'] & StreamedEventType;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stream kinds by kind: `STREAMS`, or in a test, `STREAMS` and one more. */
export type StreamRegistry = { readonly [kind: string]: AnyDeclaredStream };

/**
 * The declared kind and the id of a stream name, or null when it is not the name of a stream of
 * a kind `registry` declares (by default the protocol's `STREAMS`).
 *
 * @example
 * parseStream(`device:${deviceId}`); // { kind: 'device', id: deviceId, definition: DEVICE_STREAM }
 */
export function parseStream<R extends StreamRegistry = typeof STREAMS>(
  name: string,
  registry: R = STREAMS as unknown as R,
): { kind: keyof R & string; id: string; definition: R[keyof R] } | null {
  const colon = name.indexOf(':');
  const kind = name.slice(0, colon);
  const id = name.slice(colon + 1);
  if (colon < 0 || !Object.hasOwn(registry, kind) || !UUID.test(id)) return null;
  return { kind, id, definition: registry[kind] as R[keyof R] };
}

/**
 * The stream names of every kind, e.g. `streams.fleet(projectId)` is `fleet:<projectId>`.
 *
 * @example
 * socket.emit('resume', { epoch, positions: { [streams.device(deviceId)]: 17 } }, ack);
 */
export const streams = Object.fromEntries(
  Object.values(STREAMS).map((definition) => [definition.kind, definition.address]),
) as { readonly [K in StreamKind]: (id: string) => `${K}:${string}` };
