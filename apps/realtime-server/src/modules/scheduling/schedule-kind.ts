import type { Schedule } from '@farola/protocol';
import type { DeviceIndex, DeviceIndexEntry } from '../devices/contract';
import {
  failure,
  type JobHeader,
  type JobItem,
  type JobItemStart,
  type JobKind,
  queueFollowedRequests,
  recoverFollowedRequests,
} from '../jobs/contract';
import type { QueuedRequestsService } from '../requests/contract';

/** The jobs that send a group's schedule to its light points. */
export const SCHEDULE_KIND = 'schedule';

/** What a schedule job carries: the group, and the schedule compiled when it was applied. */
export interface ScheduleJobParams {
  groupId: string;
  calendarId: string | null;
  programId: string | null;
  schedule: Schedule;
}

/**
 * Sending a schedule as a job kind: each light point gets one `setSchedule` request, which its item
 * follows until the device answers (the jobs module settles it from `RequestFinished`). A device
 * offline now keeps its request queued until it comes back, as the command queue does for any
 * command; a cancel cancels the requests still in progress.
 */
export function scheduleKind(deps: { index: DeviceIndex; requests: QueuedRequestsService }): JobKind {
  return {
    kind: SCHEDULE_KIND,
    cancelledError: failure('REQUEST_CANCELED'),
    start: async (job: JobHeader, items: readonly JobItem[]): Promise<JobItemStart[]> => {
      const { schedule } = job.params as unknown as ScheduleJobParams;
      const starts: JobItemStart[] = [];
      const devices: DeviceIndexEntry[] = [];
      for (const item of items) {
        const device = deps.index.id(item.itemId);
        if (device) devices.push(device);
        else starts.push({ itemId: item.itemId, ref: null, outcome: 'failed', error: failure('DEVICE_NOT_FOUND') });
      }
      if (devices.length === 0) return starts;
      const command = { command: 'setSchedule', params: schedule } as const;
      return [...starts, ...(await queueFollowedRequests(deps.requests, job, devices, command))];
    },
    recover: (_job, followed) =>
      recoverFollowedRequests(
        deps.requests,
        followed.map((item) => item.ref!),
      ),
    abandon: async (_job, refs) => {
      for (const id of refs) await deps.requests.cancel(id);
    },
  };
}
