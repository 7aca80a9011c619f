import {
  CabinetConfigurationSchema,
  toFieldIssues,
  type CabinetConfigurationGroup,
  type CabinetConfigurationPatch,
  type FieldIssue,
  type ReportedCabinetConfiguration,
} from '@farola/protocol';

/** How a parameter is edited. `optionalNumber` and `time` may be empty (the schema's null). */
export type ParameterKind =
  | { kind: 'text' }
  | { kind: 'optionalText' }
  | { kind: 'password' }
  | { kind: 'number' }
  | { kind: 'optionalNumber' }
  | { kind: 'time' }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: readonly string[] };

export interface ParameterField {
  /** `group.field`, as in the configuration and its labels (namespace device-detail `parameters.field.*`). */
  path: string;
  group: CabinetConfigurationGroup;
  name: string;
  edit: ParameterKind;
}

const text = { kind: 'text' } as const;
const num = { kind: 'number' } as const;
const bool = { kind: 'boolean' } as const;

/** The editable parameters of spec §3, by group, in the order shown (the power table has its own tab). */
const GROUPS: Record<CabinetConfigurationGroup, Record<string, ParameterKind>> = {
  mobile: {
    apn: text,
    username: { kind: 'optionalText' },
    password: { kind: 'password' },
    checkConnection: bool,
    changeMode4g: bool,
  },
  headEnd: {
    apiEnabled: bool,
    aliveTimeoutSeconds: num,
    emergencyCalendar: bool,
    mode: { kind: 'enum', options: ['static', 'dhcp'] },
    ipAddress: text,
    netMask: text,
    gateway: text,
    latitude: num,
    longitude: num,
  },
  plcHeadEnd: { ipAddress: text, macAddress: text, plcPower: bool, udhcpdEnabled: bool },
  timing: {
    nodeSocketTimeoutSeconds: num,
    photosensorTimeoutSeconds: num,
    sensorLightOutputLevel: num,
    sensorDelayOffSeconds: num,
    intensityStepPercent: num,
  },
  power: {
    maxCurrent: num,
    powerType: { kind: 'enum', options: ['direct', 'transformer'] },
    phase: { kind: 'enum', options: ['single', 'three'] },
    cmsCount: num,
  },
  measures: {
    measurementIntervalSeconds: num,
    instantaneousIntervalSeconds: num,
    energiesFilePath: text,
    historicalEnergiesFilePath: text,
  },
  time: {
    timezone: text,
    timezoneState: bool,
    sunUpdatePeriodHours: num,
    sunriseOffsetMinutes: num,
    sunsetOffsetMinutes: num,
    useDeviceLocation: bool,
  },
  other: {
    networkConnectionTime: { kind: 'time' },
    networkDisconnectionTime: { kind: 'time' },
    lastMode: bool,
    iosActive: bool,
    switchOffAfterHours: { kind: 'optionalNumber' },
    moduleIrrigation: bool,
    maintenanceMode: bool,
  },
};

export const PARAMETER_GROUPS = Object.keys(GROUPS) as CabinetConfigurationGroup[];

export const PARAMETER_FIELDS: ParameterField[] = PARAMETER_GROUPS.flatMap((group) =>
  Object.entries(GROUPS[group]).map(([name, edit]) => ({ path: `${group}.${name}`, group, name, edit })),
);

/** What the form holds: each field's text (or its on/off), by path. */
export type ParameterValues = Record<string, string | boolean>;

type Value = string | number | boolean | null | undefined;

function reportedValue(config: ReportedCabinetConfiguration, field: ParameterField): Value {
  const group = config[field.group] as Record<string, Value>;
  return group[field.name];
}

/** The form's values for a reported configuration; the password is never shown, so it starts empty. */
export function toParameterValues(config: ReportedCabinetConfiguration): ParameterValues {
  return Object.fromEntries(
    PARAMETER_FIELDS.map((field) => {
      const value = field.edit.kind === 'password' ? undefined : reportedValue(config, field);
      return [
        field.path,
        typeof value === 'boolean' ? value : value === null || value === undefined ? '' : String(value),
      ];
    }),
  );
}

/** A field's problem: a rule of errors.json `field.*` and its bound. */
export type ParameterProblem = Pick<FieldIssue, 'rule' | 'limit'>;

/** The field's typed value, or the problem its text has before the schema sees it. */
function typedValue(field: ParameterField, raw: string | boolean): { value: Value } | { problem: ParameterProblem } {
  if (typeof raw === 'boolean') return { value: raw };
  switch (field.edit.kind) {
    case 'number':
    case 'optionalNumber': {
      if (raw.trim() === '') return field.edit.kind === 'number' ? { problem: { rule: 'required' } } : { value: null };
      const value = Number(raw);
      return Number.isFinite(value) ? { value } : { problem: { rule: 'type' } };
    }
    case 'time':
      return { value: raw === '' ? null : raw };
    case 'optionalText':
    case 'password':
      return { value: raw === '' ? undefined : raw };
    case 'text':
      return raw.trim() === '' ? { problem: { rule: 'required' } } : { value: raw };
    default:
      return { value: raw };
  }
}

export interface ParameterCheck {
  /** Each field's first problem, by path; empty when the configuration is valid. */
  problems: Record<string, ParameterProblem>;
  /** The changes to send (`setConfiguration`), null while there is a problem or nothing changed. */
  patch: CabinetConfigurationPatch | null;
}

/**
 * Checks the form against the cabinet's own schema (CabinetConfigurationSchema, cross-field rules
 * included) and gives what changed from the reported configuration: the password only when typed,
 * a cleared username as null (removed).
 *
 * @example
 * checkParameters(reported, { ...toParameterValues(reported), 'time.sunsetOffsetMinutes': '-15' }).patch;
 * // { time: { sunsetOffsetMinutes: -15 } }
 */
export function checkParameters(reported: ReportedCabinetConfiguration, values: ParameterValues): ParameterCheck {
  const problems: Record<string, ParameterProblem> = {};
  const candidate = structuredClone(reported) as unknown as Record<string, Record<string, Value>>;
  const patch: Record<string, Record<string, Value>> = {};
  delete candidate['mobile']?.['password'];
  for (const field of PARAMETER_FIELDS) {
    const typed = typedValue(field, values[field.path] ?? '');
    if ('problem' in typed) {
      problems[field.path] = typed.problem;
      continue;
    }
    const group = (candidate[field.group] ??= {});
    if (typed.value === undefined) delete group[field.name];
    else group[field.name] = typed.value;
    const before = field.edit.kind === 'password' ? undefined : reportedValue(reported, field);
    if (typed.value !== before && !(field.edit.kind === 'password' && typed.value === undefined)) {
      (patch[field.group] ??= {})[field.name] = typed.value === undefined ? null : typed.value;
    }
  }
  const parsed = CabinetConfigurationSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of toFieldIssues(parsed.error)) {
      problems[issue.path] ??= { rule: issue.rule, ...(issue.limit === undefined ? {} : { limit: issue.limit }) };
    }
  }
  const valid = Object.keys(problems).length === 0;
  return { problems, patch: valid && Object.keys(patch).length > 0 ? (patch as CabinetConfigurationPatch) : null };
}
