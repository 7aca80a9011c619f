import type { CommandName, QueuedRequest } from '@farola/protocol';

/** The commands that give a device its schedule or take it away. */
export const SCHEDULE_COMMANDS = [
  'setSchedule',
  'clearSchedule',
  'createCalendar',
  'createAstroCalendar',
] as const satisfies readonly CommandName[];

const isScheduleCommand = (request: QueuedRequest) =>
  (SCHEDULE_COMMANDS as readonly string[]).includes(request.command);

/**
 * The device's latest schedule request: the newest of what the server answered for the schedule
 * commands (however old) and the schedule requests among its live recent requests, the live copy
 * winning for the same request (it carries the latest status).
 */
export function latestScheduleRequest(
  newestStored: QueuedRequest | null,
  recent: readonly QueuedRequest[],
): QueuedRequest | null {
  const candidates = [...recent, ...(newestStored ? [newestStored] : [])].filter(isScheduleCommand);
  let latest: QueuedRequest | null = null;
  for (const candidate of candidates) {
    if (!latest || Date.parse(candidate.createdAt) > Date.parse(latest.createdAt)) latest = candidate;
  }
  return latest;
}

/** Whether a calendar manages the device: its latest schedule request gave it one and is done. */
export const isCalendarManaged = (latest: QueuedRequest | null) =>
  latest?.status === 'DONE' && latest.command !== 'clearSchedule';
