import { type QueuedRequest, switchedOnWithoutMains } from '@farola/protocol';
import type { TFunction } from 'i18next';

/** The translator of the `device` namespace, where request statuses are worded. */
export type DeviceT = TFunction<'device'>;

const STATUS_KEYS: Record<QueuedRequest['status'], string> = {
  IN_PROGRESS: 'requestStatus.IN_PROGRESS',
  DONE: 'requestStatus.DONE',
  ERROR: 'requestStatus.ERROR',
  CANCELLED: 'requestStatus.CANCELLED',
};

/** Whether a request is held for its disconnected device: in progress, and not being sent. */
export function isWaitingForDevice(request: Pick<QueuedRequest, 'status' | 'waitingForDevice'>): boolean {
  return request.status === 'IN_PROGRESS' && request.waitingForDevice;
}

/** A moment as its time alone when it falls today, else with its date (a wait may last 30 days). */
function formatMoment(iso: string, language: string, now: Date): string {
  const at = new Date(iso);
  const today = at.toDateString() === now.toDateString();
  const style = today ? ({ timeStyle: 'short' } as const) : ({ dateStyle: 'short', timeStyle: 'short' } as const);
  return new Intl.DateTimeFormat(language, style).format(at);
}

/**
 * What a request's status reads in the user's language: 'In progress', 'Done', …, or while it is
 * held for its disconnected device, that it waits for it and until when (after which it fails).
 *
 * @example
 * requestStatusLabel(t, request, 'en'); // 'Waiting for the device to reconnect (until 10:15 AM)'
 */
export function requestStatusLabel(
  t: DeviceT,
  request: Pick<QueuedRequest, 'status' | 'waitingForDevice' | 'waitUntil'>,
  language: string,
  now = new Date(),
): string {
  if (!isWaitingForDevice(request)) return t(STATUS_KEYS[request.status]);
  return t('requests.waitingForDevice', { until: formatMoment(request.waitUntil, language, now) });
}

/**
 * What a done request could not change, when its device said so: a switch-on on a circuit without
 * mains leaves the lamp dark until its cabinet controller powers the circuit. Null otherwise.
 *
 * @example
 * requestNote(t, { command: 'switchOn', status: 'DONE', detail: { mains: false } });
 * // 'Switched on; the lamp stays off until its cabinet controller powers the circuit'
 */
export function requestNote(t: DeviceT, request: Pick<QueuedRequest, 'command' | 'status' | 'detail'>): string | null {
  return switchedOnWithoutMains(request) ? t('requests.noMains') : null;
}
