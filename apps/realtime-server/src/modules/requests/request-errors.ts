import { deviceErrorCode, ERRORS, type ErrorCode, type QueuedRequest, type UpCommandMessage } from '@farola/protocol';

/** How a request in ERROR says why. */
export interface RequestError {
  code: ErrorCode;
  message: string;
}

const catalogued = (code: ErrorCode): RequestError => ({ code, message: ERRORS[code].message });

/** The connected device never answered its last attempt. */
export const TIMED_OUT = catalogued('REQUEST_TIMED_OUT');
/** The device was still disconnected when the request's wait for it ended. */
export const STAYED_DISCONNECTED = catalogued('DEVICE_STAYED_DISCONNECTED');

/**
 * The error a device's ERROR answer ends a request with: an installation failure names its reason,
 * a code of the catalogue; other errors the device's code, as `deviceErrorCode` reads it for the
 * command (a GPS reading's NOT_FOUND is 'No GPS signal'). The message is the catalogue's where the
 * code says it all, else the device's own.
 *
 * @example
 * answerError(readLocation, { requestId, status: 'ERROR', progress: 0, error: { code: 'NOT_FOUND' } });
 * // { code: 'NO_GPS_SIGNAL', message: 'No GPS signal' }
 */
export function answerError(request: Pick<QueuedRequest, 'command'>, message: UpCommandMessage): RequestError {
  const reason = message.error?.reason;
  if (reason) return catalogued(reason);
  const code = deviceErrorCode(request.command, message.error?.code ?? 'NOT_ACCEPTABLE');
  if (code === 'NO_GPS_SIGNAL') return catalogued(code);
  return { code, message: message.error?.message ?? ERRORS[code].message };
}
