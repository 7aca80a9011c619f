import { BulkJobSchema, DEVICE_EVENT_SCHEMAS, type StreamedEventType } from '@farola/protocol';
import { z } from 'zod';

// Today's payload fields plus the stream position the realtime contract adds (docs/realtime.md);
// the position is optional so that a server without streams is still understood.
const POSITION = { stream: z.string().max(80).optional(), seq: z.number().int().min(1).optional() };

/**
 * The schemas of the device events, which carry every attribute a device reports, and of a job's
 * counts. They load with the first such event a screen receives, not with the first screen, which
 * shows none.
 */
export const DEVICE_EVENT_PAYLOAD_SCHEMAS = {
  BulkJobUpdated: BulkJobSchema.extend(POSITION),
  DeviceAttributeValueUpdated: DEVICE_EVENT_SCHEMAS.DeviceAttributeValueUpdated.extend(POSITION),
  DeviceCommandRequested: DEVICE_EVENT_SCHEMAS.DeviceCommandRequested.extend(POSITION),
  DeviceConnectionStatusUpdated: DEVICE_EVENT_SCHEMAS.DeviceConnectionStatusUpdated.extend(POSITION),
  DeviceLifecycleChanged: DEVICE_EVENT_SCHEMAS.DeviceLifecycleChanged.extend(POSITION),
} as const satisfies Record<Exclude<StreamedEventType, 'FleetStateUpdated'>, z.ZodType>;
