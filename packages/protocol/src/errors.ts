import { z } from 'zod';

/**
 * The error catalogue (spec §8): each code with its English message. The console shows the
 * message for the code in the user's language; `message` in an error body is English, for logs
 * and API users. The HTTP status of each code is the server's business (its http/error-status.ts).
 */
export const ERRORS = {
  // requests
  VALIDATION_FAILED: { message: 'Invalid request' },
  INVALID_ID: { message: 'Invalid ID supplied' },
  NOT_FOUND: { message: 'Not found' },
  UNAUTHORIZED: { message: 'Unauthorized' },
  ACCESS_NOT_GRANTED: { message: 'Access not granted' },
  UNKNOWN_ERROR: { message: 'Unknown error' },
  SERVICE_UNAVAILABLE: { message: 'Service unavailable' },
  REQUEST_TOO_LARGE: { message: 'Request too large' },
  TOO_MANY_REQUESTS: { message: 'Too many requests, try again later' },
  // devices and commands
  DEVICE_NOT_FOUND: { message: 'Device not found' },
  DEVICE_PROFILE_NOT_FOUND: { message: 'Device profile not found' },
  UNABLE_TO_EXECUTE_COMMAND: { message: 'Unable to execute command' },
  UNABLE_TO_EXECUTE_COMMAND_METHOD_NOT_ALLOWED: { message: 'Unable to execute command METHOD_NOT_ALLOWED' },
  UNABLE_TO_EXECUTE_COMMAND_NOT_FOUND: { message: 'Unable to execute command NOT_FOUND' },
  DEVICE_ERROR_METHOD_NOT_ALLOWED: { message: 'Device reports an error METHOD_NOT_ALLOWED' },
  DEVICE_ERROR_NOT_ACCEPTABLE: { message: 'Device reports an error NOT_ACCEPTABLE' },
  DEVICE_ERROR_NOT_FOUND: { message: 'Device reports an error NOT_FOUND' },
  NO_GPS_SIGNAL: { message: 'No GPS signal' },
  UNABLE_TO_READ_ATTRIBUTE: { message: "Unable to read attribute '{attr}'" },
  UNABLE_TO_UPDATE_DEVICES: { message: 'Unable to update device(s)' },
  UNABLE_TO_LOCATE_DEVICE: { message: 'Unable to locate device' },
  DEVICE_NOT_CONNECTED_TO_UPDATE: { message: 'Device not connected to update' },
  DEVICE_NOT_CONNECTED_TO_DOWNLOAD: { message: 'Device not connected to download update' },
  DEVICE_NOT_CONNECTED_TO_CANCEL_UPDATE: { message: 'Device not connected to cancel update' },
  DEVICE_NOT_CONNECTED_TO_RESET: { message: 'Device not connected to reset' },
  DEVICE_STAYED_DISCONNECTED: { message: 'Device stayed disconnected: command not carried out' },
  FIXED_SCHEDULE_TOO_MANY_RULES: { message: 'Up to {limit} rules for this vendor family' },
  NOT_APPLIED_TO_ANY_GROUP: { message: 'No group with light points runs it: nothing was sent' },
  SCHEDULE_TOO_LARGE_FOR_DEVICE: { message: "The schedule is larger than this vendor family's light points can hold" },
  REGISTRATION_NOT_FOUND: { message: 'Registration not found' },
  REQUEST_CANCELED: { message: 'Request canceled' },
  REQUEST_TIMED_OUT: { message: 'Request timed out' },
  QUEUED_COMMAND_NOT_FOUND: { message: 'Queued command not found' },
  QUEUED_COMMAND_FINISHED: { message: 'Queued command already finished' },
  REMOTE_MANAGEMENT_DISABLED: { message: 'Remote management disabled' },
  STALE_STATUS: { message: 'Latest status.io value is too old' },
  REBOOT_ERROR: { message: 'Reboot error' },
  UPDATE_ERROR: { message: 'Update error' },
  DOWNLOAD_ERROR: { message: 'Download error' },
  NO_DOWNLOAD_SUCCESSFUL: { message: 'No download was successful' },
  INSTALLATION_ERROR: { message: 'Installation error' },
  INSTALLATION_NOT_COMPLETED: { message: 'Unable to complete installation' },
  INSTALLATION_UNKNOWN_ERROR: { message: 'Unknown installation error' },
  INSTALLATION_MIN_POWER_NOT_REACHED: { message: 'Min power not reached' },
  INSTALLATION_POWER_RANGE_NOT_REACHED: { message: 'Difference between min and max power not reached' },
  INSTALLATION_MAX_ATTEMPTS_REACHED: { message: 'Max installation attempts reached' },
  INCOMPATIBLE_SELECTION: { message: 'Selected items are incompatible' },
  DEVICE_DISABLED: { message: 'Device disabled' },
  INVALID_LIFECYCLE_TRANSITION: { message: 'This status change is not allowed for the device' },
  BULK_UNSUPPORTED_DEVICES: { message: 'Some selected devices do not support this action' },
  BULK_NO_SUPPORTED_DEVICES: { message: 'None of the selected devices supports this action' },
  BULK_JOB_NOT_FOUND: { message: 'Bulk action not found' },
  BULK_JOB_FINISHED: { message: 'Bulk action already finished' },
  // uniqueness
  CABINET_IP_EXISTS: { message: '{error} ip of the cabinet controller already exists' },
  CABINET_NAME_EXISTS: { message: '{error} name of the cabinet controller already exists' },
  CABINET_SERIAL_EXISTS: { message: '{error} serial number of the cabinet controller already exists' },
  LIGHT_POINT_IMEI_EXISTS: { message: 'Light point IMEI {error} already exists' },
  LIGHT_POINT_NAME_EXISTS: { message: 'Light point name {error} already exists' },
  LIGHT_POINT_SERIAL_EXISTS: { message: 'Light point serial number {error} already exists' },
  LUMINAIRE_SERIAL_EXISTS: { message: 'Luminaire serial number {error} already exists' },
  PROJECT_EXISTS: { message: 'Project already exists' },
  RECIPIENT_EXISTS: { message: 'Recipient already exists' },
  CONTROL_PROGRAM_EXISTS: { message: 'Control program {error} already exists' },
  CALENDAR_EXISTS: { message: 'Calendar {error} already exists' },
  GROUP_EXISTS: { message: 'Group {error} already exists' },
  USER_ROLE_EXISTS: { message: 'User already exists with that role' },
  // deletion refusals
  PROJECT_HAS_DEVICES: { message: 'Delete a project with devices is forbidden' },
  PROJECT_HAS_CHILDREN: { message: 'The project has children and cannot be deleted' },
  GROUP_HAS_MEMBERS: { message: 'Group with members can not be deleted' },
  DEFAULT_GROUP: { message: 'Default group can not be deleted' },
  // scheduling
  NOTHING_TO_APPLY: { message: 'The group runs no calendar and its project has no default calendar' },
  GROUP_WITHOUT_LIGHT_POINTS: { message: 'The group has no light points to schedule' },
  DEVICE_WITHOUT_PLACE: { message: 'The device has not reported its position and time zone yet' },
  GROUP_WITHOUT_PLACE: { message: 'No light point of the group has reported its position and time zone yet' },
  NOT_A_LIGHT_POINT: { message: 'Only a light point runs a calendar; a cabinet controller runs its outputs' },
  DEFAULT_CALENDAR: { message: 'Default calendar can not be deleted' },
  CALENDAR_IN_GROUP: { message: 'It is not possible to delete a calendar applied to a group' },
  CONTROL_PROGRAM_IN_GROUP: { message: 'It is not possible to delete a control program applied to a group' },
  CONTROL_PROGRAM_IN_CALENDAR: { message: 'Control program cannot be deleted. It is been used in a calendar' },
  // files, import and location
  ONLY_CSV: { message: 'Only .csv files are allowed' },
  FILE_TOO_LARGE: { message: 'File too large' },
  UNABLE_TO_PROCESS_FILE: { message: 'Unable to process file' },
  UNKNOWN_FILE_ERROR: { message: 'Unknown error processing file' },
  FILE_ERRORS: { message: 'Errors while processing file' },
  IMPORT_ERRORS: { message: 'Errors during importation' },
  UPDATE_ERRORS: { message: 'Errors during update' },
  DOWNLOAD_ERRORS: { message: 'Errors during download' },
  LOCATE_DEVICE_NOT_FOUND: { message: 'Device with serial number {error} not found' },
  LOCATE_NOT_IN_PROJECT: { message: 'Device {field} not in project on location update' },
  LOCATE_LATITUDE_INVALID: { message: 'Value error on field latitude of device with serial number {error}' },
  LOCATE_LONGITUDE_INVALID: { message: 'Value error on field longitude of device with serial number {error}' },
  // relations and alarms
  UNABLE_TO_CREATE_RELATION: { message: 'Unable to create relation' },
  UNABLE_TO_UPDATE_RELATION: { message: 'Unable to update relation' },
  FAILED_TO_REMOVE_ALARMS: { message: 'Failed to remove {total} alarms' },
  FAILED_TO_RESTORE_ALARMS: { message: 'Failed to restore {total} alarms' },
} as const satisfies Record<string, { message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];
export const ErrorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

/** A field-level validation problem: where, which rule, and the rule's bound when it has one. */
export const FieldIssueSchema = z.object({
  path: z.string(),
  rule: z.enum(['required', 'type', 'min', 'max', 'minLength', 'maxLength', 'format', 'enum', 'unknownKey', 'invalid']),
  limit: z.number().optional(),
  message: z.string(),
  /** A rule of its own with a translatable message (`controlProgram.error.wrongFadingTime`), and its values. */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/**
 * The body of every error answer.
 *
 * @example
 * { "error": { "code": "DEVICE_NOT_FOUND", "message": "Device not found" } }
 */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The code and values a refinement attached to its issue (`params: { code, ...values }`). */
function customRule(params: Record<string, unknown> | undefined): Pick<FieldIssue, 'code' | 'params'> {
  const { code, ...values } = params ?? {};
  if (typeof code !== 'string') return {};
  const kept = Object.entries(values).filter(
    (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return { code, params: Object.fromEntries(kept) };
}

/** Turns zod issues into field issues a client can translate ('Required field', 'Maximum value is 10', …). */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const base = { path, message: issue.message };
    switch (issue.code) {
      case 'invalid_type':
        // zod leaves `input` out of issues unless asked; its message names what it received.
        return { ...base, rule: /received undefined$/.test(issue.message) ? 'required' : 'type' };
      case 'too_small':
        return { ...base, rule: issue.origin === 'string' ? 'minLength' : 'min', limit: Number(issue.minimum) };
      case 'too_big':
        return { ...base, rule: issue.origin === 'string' ? 'maxLength' : 'max', limit: Number(issue.maximum) };
      case 'invalid_format':
        return { ...base, rule: 'format' };
      case 'invalid_value':
      case 'invalid_union':
        return { ...base, rule: 'enum' };
      case 'unrecognized_keys':
        return { ...base, path: [path, ...issue.keys].filter(Boolean).join('.'), rule: 'unknownKey' };
      case 'custom':
        return { ...base, rule: 'invalid', ...customRule(issue.params) };
      default:
        return { ...base, rule: 'invalid' };
    }
  });
}
