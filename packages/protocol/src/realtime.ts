import { z } from 'zod';
import type { BulkJob } from './bulk';
import type { ErrorCodeSchema } from './errors';
import {
  type DeviceAttributeValueUpdated,
  type DeviceCommandRequested,
  type DeviceConnectionStatusUpdated,
  type DeviceLifecycleChanged,
} from './events';
import { FLEET_DEVICE_IDS_MAX, type FleetState, FleetStateSchema } from './fleet';
import { text } from './primitives';

/**
 * Every pushed item belongs to one stream, whose kind is declared in `streams.ts` (`STREAMS`), and
 * carries its `stream` and its `seq`: 1, 2, 3 … per stream within one server `epoch`
 * (docs/realtime.md). Where an item sits in its stream:
 */
export const StreamPositionSchema = z.object({ stream: z.string().max(80), seq: z.number().int().min(1) });
export type StreamPosition = z.infer<typeof StreamPositionSchema>;

/** Last sequence number per stream name. */
export const StreamPositionsSchema = z.record(text().max(80), z.number().int().min(0));
export type StreamPositions = z.infer<typeof StreamPositionsSchema>;

/**
 * A change of one device's compact state, pushed on `fleet:<projectId>`. `left: true` says the
 * device moved out of that project (its last state in it): a client drops it, unless it already
 * holds the device in another project. The project it moved to gets an item of its own on its
 * fleet stream, without `left`.
 */
export const FleetStateUpdatedSchema = FleetStateSchema.extend(StreamPositionSchema.shape).extend({
  left: z.literal(true).optional(),
});
export type FleetStateUpdated = FleetState & StreamPosition & { left?: true };

/** The realtime events with their stream positions, as a socket receives them. */
export interface StreamedEventPayloads {
  DeviceAttributeValueUpdated: DeviceAttributeValueUpdated & StreamPosition;
  DeviceCommandRequested: DeviceCommandRequested & StreamPosition;
  DeviceConnectionStatusUpdated: DeviceConnectionStatusUpdated & StreamPosition;
  DeviceLifecycleChanged: DeviceLifecycleChanged & StreamPosition;
  FleetStateUpdated: FleetStateUpdated;
  BulkJobUpdated: BulkJob & StreamPosition;
}
export type StreamedEventType = keyof StreamedEventPayloads;
/**
 * The event names the streams carry: every event of `STREAMS`, listed apart so that a client can
 * listen to them without loading their schemas (streams.test.ts checks the two agree).
 */
export const STREAMED_EVENT_TYPES = [
  'DeviceAttributeValueUpdated',
  'DeviceCommandRequested',
  'DeviceConnectionStatusUpdated',
  'DeviceLifecycleChanged',
  'FleetStateUpdated',
  'BulkJobUpdated',
] as const satisfies readonly StreamedEventType[];

/** `subscribe` and `unsubscribe`: detailed streams of devices, of whole projects (integrations), or of jobs. */
export const SubscriptionSchema = z
  .strictObject({
    deviceIds: z.array(z.uuid()).max(FLEET_DEVICE_IDS_MAX).optional(),
    projectIds: z.array(z.uuid()).max(50).optional(),
    jobIds: z.array(z.uuid()).max(50).optional(),
  })
  .refine(
    (value) => (value.deviceIds?.length ?? 0) + (value.projectIds?.length ?? 0) + (value.jobIds?.length ?? 0) > 0,
    { message: 'Name at least one deviceId, projectId or jobId' },
  );
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** `resume` after a reconnect: the epoch the client saw and its last seq per stream. */
export const ResumeSchema = z.strictObject({
  epoch: text().min(1).max(64),
  positions: StreamPositionsSchema.refine((positions) => Object.keys(positions).length <= 1000, {
    message: 'At most 1000 streams',
  }),
});
export type Resume = z.infer<typeof ResumeSchema>;

export interface RealtimeRefusal {
  ok: false;
  error: { code: z.infer<typeof ErrorCodeSchema>; message: string };
}
export type SubscribeAck = { ok: true; streams: StreamPositions } | RealtimeRefusal;
export type UnsubscribeAck = { ok: true } | RealtimeRefusal;
/** `caughtUp`: streams whose missed items were emitted; `resync`: streams to reload over REST. */
export type ResumeAck = { ok: true; epoch: string; caughtUp: string[]; resync: string[] } | RealtimeRefusal;

/**
 * Emitted once right after connect, before any event: the server's epoch and the socket's streams.
 * When the handshake carried `auth.resume`, `resumed` answers it as `resume` would, and the missed
 * items follow the session at once, before any live item.
 */
export interface RealtimeSession {
  epoch: string;
  streams: StreamPositions;
  resumed?: { caughtUp: string[]; resync: string[] };
}

/**
 * The handshake's `auth`: the access token, and optionally the positions to resume from, which
 * the server then replays atomically at connect (no live item can overtake a replayed one).
 *
 * @example
 * io(url, { path: SOCKET_PATH, auth: (cb) => cb({ token, resume: { epoch, positions } }) });
 */
export interface RealtimeAuth {
  token?: string;
  resume?: Resume;
}

/**
 * Sent when the projects the user may see change while the socket is open (a permission granted
 * or withdrawn): the socket has already joined the new projects' streams (at these positions) and
 * left those of projects no longer visible, with their detailed subscriptions. Data of the lost
 * projects stops at once; the client reloads what it shows.
 */
export const RealtimeAccessSchema = z.object({
  projectIds: z.array(z.uuid()),
  streams: StreamPositionsSchema,
});
export type RealtimeAccess = z.infer<typeof RealtimeAccessSchema>;

/**
 * Socket.IO server → client events. Each event's payload is one object or, when batched, an array.
 *
 * @example
 * socket.on('DeviceConnectionStatusUpdated', (batch) => [batch].flat().forEach(apply));
 */
export type ServerToClientEvents = {
  [K in StreamedEventType]: (payload: StreamedEventPayloads[K] | StreamedEventPayloads[K][]) => void;
} & {
  session: (session: RealtimeSession) => void;
  access: (access: RealtimeAccess) => void;
};

/** Socket.IO client → server events, each answered through its acknowledgement callback. */
export interface ClientToServerEvents {
  subscribe: (subscription: Subscription, ack: (answer: SubscribeAck) => void) => void;
  unsubscribe: (subscription: Subscription, ack: (answer: UnsubscribeAck) => void) => void;
  resume: (resume: Resume, ack: (answer: ResumeAck) => void) => void;
}
