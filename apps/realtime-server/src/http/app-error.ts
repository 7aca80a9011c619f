import { ERRORS, type ErrorCode } from '@farola/protocol';

/** An error that maps to a catalogue code, so the error handler can answer with the right body and status. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
    message: string = ERRORS[code].message,
  ) {
    super(message);
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}
