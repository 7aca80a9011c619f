import { ERRORS, type ErrorCode } from '@farola/protocol';

/**
 * A failure the domain names with a catalogue code (`DEVICE_NOT_FOUND`, `QUEUED_COMMAND_FINISHED`).
 * Services and repositories throw it; they know nothing of HTTP. The HTTP layer maps the code to a
 * status (http/error-status.ts), the socket layer to an acknowledgement.
 *
 * @example
 * throw new DomainError('DEVICE_NOT_FOUND');
 * throw new DomainError('VALIDATION_FAILED', [{ path: 'cursor', rule: 'invalid', message: 'Invalid cursor' }]);
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
    message: string = ERRORS[code].message,
  ) {
    super(message);
  }
}
