import { type CommandName, deviceErrorCode, ERRORS, type ErrorCode, type FieldIssue } from '@farola/protocol';
import type { TFunction } from 'i18next';
import { ApiError } from './api-error';

/** The translator of the `errors` namespace (`useTranslation('errors').t`). */
export type ErrorsT = TFunction<'errors'>;

/** Fields whose device-side NOT_FOUND means the GPS has no fix (spec §8). */
const GPS_FIELDS = new Set(['latitude', 'longitude']);

function isKnownCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

function fallback(t: ErrorsT, reason: string): string {
  // Spec §8: when the message lookup fails, show a default message and log an error.
  console.error(`Error message lookup failed: ${reason}`);
  return t('UNKNOWN_ERROR');
}

/**
 * The user's-language message for an error code from the catalogue.
 *
 * @example
 * errorCodeMessage(t, 'DEVICE_NOT_FOUND'); // 'Device not found'
 * errorCodeMessage(t, 'DEVICE_ERROR_NOT_FOUND', { field: 'latitude' }); // 'No GPS signal'
 * errorCodeMessage(t, 'NOT_A_CODE'); // 'Unknown error', and console.error
 */
export function errorCodeMessage(
  t: ErrorsT,
  code: string,
  options: { field?: string; values?: Record<string, string | number> } = {},
): string {
  if (!isKnownCode(code)) return fallback(t, `unknown code ${code}`);
  const effective: ErrorCode =
    code === 'DEVICE_ERROR_NOT_FOUND' && options.field && GPS_FIELDS.has(options.field) ? 'NO_GPS_SIGNAL' : code;
  const message = t(effective, { ...options.values, defaultValue: '' });
  return message === '' || message === effective ? fallback(t, `no message for ${effective}`) : message;
}

/**
 * The message of a queued request's error, the same wherever it is shown (the panel, Queued
 * requests, toasts): a GPS reading's NOT_FOUND reads 'No GPS signal' (spec §8). The server stores
 * it so (`NO_GPS_SIGNAL`); a request's event recorded before it did still says the device's code.
 *
 * @example
 * requestErrorMessage(t, 'readLocation', 'NO_GPS_SIGNAL'); // 'No GPS signal'
 * requestErrorMessage(t, 'readLocation', 'DEVICE_ERROR_NOT_FOUND'); // 'No GPS signal'
 */
export function requestErrorMessage(t: ErrorsT, command: CommandName, code: string): string {
  return errorCodeMessage(t, code === 'DEVICE_ERROR_NOT_FOUND' ? deviceErrorCode(command, 'NOT_FOUND') : code);
}

/** The text and number details of an error body, which fill its message's placeholders (`{error}`). */
function placeholderValues(details: unknown): Record<string, string | number> {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return {};
  return Object.fromEntries(
    Object.entries(details).filter(
      (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

/**
 * The message to show for anything a call threw: an ApiError's code, translated, its placeholders
 * filled from the error's details ('Luminaire serial number X already exists'); anything else is
 * unexpected and reads 'Unknown error'.
 */
export function errorMessage(t: ErrorsT, error: unknown, options: { field?: string } = {}): string {
  if (error instanceof ApiError)
    return errorCodeMessage(t, error.code, { ...options, values: placeholderValues(error.details) });
  return fallback(t, error instanceof Error ? error.message : String(error));
}

const FIELD_RULE_KEYS: Record<FieldIssue['rule'], string> = {
  required: 'field.required',
  type: 'field.number',
  min: 'field.min',
  max: 'field.max',
  minLength: 'field.minLength',
  maxLength: 'field.maxLength',
  format: 'field.format',
  enum: 'field.invalid',
  unknownKey: 'field.invalid',
  invalid: 'field.invalid',
};

/**
 * A field rule's message ('Required field', 'Maximum value is 10', …).
 *
 * @example
 * fieldRuleMessage(t, 'max', 10); // 'Maximum value is 10'
 */
export function fieldRuleMessage(t: ErrorsT, rule: FieldIssue['rule'], limit?: number): string {
  return t(FIELD_RULE_KEYS[rule], { number: limit ?? '' });
}
