import { z } from 'zod';
import { isNetMask, sameSubnet } from './ipv4';
import { text, TimeZoneSchema } from './primitives';

/** Sunrise/sunset offsets a cabinet accepts (its configuration and `createAstroCalendar`), in minutes. */
export const ASTRO_OFFSET_LIMIT_MINUTES = 180;

/** What a reported configuration shows instead of a password that is set: never the password itself. */
export const MASKED_SECRET = '••••';

const seconds = (max: number) => z.number().int().positive().max(max);
const ipv4 = z.ipv4();
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm');
const sunOffset = z.number().int().min(-ASTRO_OFFSET_LIMIT_MINUTES).max(ASTRO_OFFSET_LIMIT_MINUTES);
const filePath = text()
  .max(255)
  .regex(/^(\/[\w.-]+)+$/, 'Expected an absolute file path such as /var/lib/cabinet/energies.csv');

/** One row of the power table: the power the cabinet's load draws at a dimming level. */
export const PowerTableRowSchema = z.strictObject({
  level: z.number().int().min(0).max(100),
  watts: z.number().min(0).max(1_000_000),
});

// Each group's fields, so the full schema and the partial update share them.
const mobile = {
  /** 3G Connection APN: dot-separated labels of letters, digits and hyphens. */
  apn: text()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/, 'Expected an APN such as internet.example.com'),
  username: text().min(1).max(64).optional(),
  password: text().min(1).max(64).optional(),
  /** 3G Check Connection: the modem probes its connection and redials when it is lost. */
  checkConnection: z.boolean(),
  /** Change Mode 4G: prefer 4G (LTE) over 3G. */
  changeMode4g: z.boolean(),
};
const headEnd = {
  /** API Enable Mode. */
  apiEnabled: z.boolean(),
  aliveTimeoutSeconds: seconds(86_400),
  /** Run the emergency calendar when the Head End has been silent for the alive timeout. */
  emergencyCalendar: z.boolean(),
  /** How the cabinet's LAN interface gets its address. */
  mode: z.enum(['static', 'dhcp']),
  ipAddress: ipv4,
  netMask: ipv4.refine(isNetMask, 'Expected a net mask such as 255.255.255.0'),
  gateway: ipv4,
  /** Where sunrise and sunset are computed when `time.useDeviceLocation` is off. */
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
};
const plcHeadEnd = {
  ipAddress: ipv4,
  macAddress: z.mac(),
  /** PLC Power: the power-line modem is powered. */
  plcPower: z.boolean(),
  /** UDHCPD Enable: the cabinet serves DHCP to the PLC nodes. */
  udhcpdEnabled: z.boolean(),
};
const timing = {
  /** Timeout socket of Node. */
  nodeSocketTimeoutSeconds: seconds(3600),
  photosensorTimeoutSeconds: seconds(3600),
  /** Sensor Activate Light Output Level: the light level, in %, when a sensor switches an output on. */
  sensorLightOutputLevel: z.number().int().min(0).max(100),
  sensorDelayOffSeconds: seconds(86_400),
  intensityStepPercent: z.number().int().min(1).max(100),
};
const power = {
  /** Max. Current, as the X of an X/5 A current transformer. */
  maxCurrent: z.number().int().min(5).max(4000),
  /** How the meter is connected: directly, or through X/5 current transformers. */
  powerType: z.enum(['direct', 'transformer']),
  phase: z.enum(['single', 'three']),
  /** Number of CMS: current measuring sensors installed, at most one per output. */
  cmsCount: z.number().int().min(0).max(16),
};
const measures = {
  measurementIntervalSeconds: seconds(86_400),
  instantaneousIntervalSeconds: seconds(3600),
  energiesFilePath: filePath,
  historicalEnergiesFilePath: filePath,
};
const time = {
  timezone: TimeZoneSchema,
  /** Timezone State: local time (with daylight saving) applies; off, schedules run on UTC. */
  timezoneState: z.boolean(),
  sunUpdatePeriodHours: z.number().int().min(1).max(168),
  sunriseOffsetMinutes: sunOffset,
  sunsetOffsetMinutes: sunOffset,
  /** Sunrise and sunset at the device's own position; off, at the Head End latitude and longitude. */
  useDeviceLocation: z.boolean(),
};
const other = {
  /** A daily window in which the modem stays connected; both null: always connected. */
  networkConnectionTime: hhmm.nullable(),
  networkDisconnectionTime: hhmm.nullable(),
  /** Last mode: after a power cut, outputs resume the mode they had. */
  lastMode: z.boolean(),
  /** Ios active: the digital inputs and outputs are in use. */
  iosActive: z.boolean(),
  /** Switching off after hours: outputs switched on by hand go off after this long; null: never. */
  switchOffAfterHours: z.number().int().min(1).max(24).nullable(),
  powerTable: z.array(PowerTableRowSchema).max(101),
  moduleIrrigation: z.boolean(),
  /** Maintenance mode: every output on (mode 3) for the crew on site; raises `maintenanceMode`. */
  maintenanceMode: z.boolean(),
};

const fullShape = {
  mobile: z.strictObject(mobile),
  headEnd: z.strictObject(headEnd),
  plcHeadEnd: z.strictObject(plcHeadEnd),
  timing: z.strictObject(timing),
  power: z.strictObject(power),
  measures: z.strictObject(measures),
  time: z.strictObject(time),
  other: z.strictObject(other),
};
export type CabinetConfigurationGroup = keyof typeof fullShape;

/** Cross-field rules the single fields cannot check. */
function checkConsistency(config: z.infer<z.ZodObject<typeof fullShape>>, ctx: z.RefinementCtx): void {
  const { headEnd: lan, other: rest } = config;
  if (lan.mode === 'static' && !sameSubnet(lan.ipAddress, lan.gateway, lan.netMask)) {
    ctx.addIssue({
      code: 'custom',
      path: ['headEnd', 'gateway'],
      message: 'The gateway must be in the subnet of the IP address',
    });
  }
  if ((rest.networkConnectionTime === null) !== (rest.networkDisconnectionTime === null)) {
    ctx.addIssue({
      code: 'custom',
      path: ['other', 'networkDisconnectionTime'],
      message: 'Network connection and disconnection times go together',
    });
  }
  const levels = rest.powerTable.map((row) => row.level);
  if (levels.some((level, i) => i > 0 && level <= (levels[i - 1] ?? -1))) {
    ctx.addIssue({ code: 'custom', path: ['other', 'powerTable'], message: 'Power table levels must increase' });
  }
}

/**
 * Every configuration parameter of a cabinet controller (spec §3 'Configuration parameters'), by
 * group. The password is only ever sent to the device; reports show {@link MASKED_SECRET}.
 *
 * @example
 * CabinetConfigurationSchema.parse(DEFAULT_CABINET_CONFIGURATION);
 * CabinetConfigurationSchema.safeParse({ ...DEFAULT_CABINET_CONFIGURATION,
 *   headEnd: { ...DEFAULT_CABINET_CONFIGURATION.headEnd, ipAddress: '10.0.0.300' } }).success; // false
 */
export const CabinetConfigurationSchema = z.strictObject(fullShape).superRefine(checkConsistency);
export type CabinetConfiguration = z.infer<typeof CabinetConfigurationSchema>;

/**
 * A change to some parameters (`setConfiguration`): any groups, any fields of each. `null` for the
 * username or password removes it.
 *
 * @example
 * CabinetConfigurationPatchSchema.parse({ time: { sunsetOffsetMinutes: -15 } });
 */
export const CabinetConfigurationPatchSchema = z
  .strictObject({
    mobile: z
      .strictObject({
        ...mobile,
        username: mobile.username.unwrap().nullable(),
        password: mobile.password.unwrap().nullable(),
      })
      .partial(),
    headEnd: fullShape.headEnd.partial(),
    plcHeadEnd: fullShape.plcHeadEnd.partial(),
    timing: fullShape.timing.partial(),
    power: fullShape.power.partial(),
    measures: fullShape.measures.partial(),
    time: fullShape.time.partial(),
    other: fullShape.other.partial(),
  })
  .partial();
export type CabinetConfigurationPatch = z.infer<typeof CabinetConfigurationPatchSchema>;

/** The `configuration` attribute: the full configuration, its password (when set) as {@link MASKED_SECRET}. */
export const ReportedCabinetConfigurationSchema = z.strictObject({
  ...fullShape,
  mobile: z.strictObject({ ...mobile, password: z.literal(MASKED_SECRET).optional() }),
});
export type ReportedCabinetConfiguration = z.infer<typeof ReportedCabinetConfigurationSchema>;

/** The parameters of a factory-fresh cabinet controller. */
export const DEFAULT_CABINET_CONFIGURATION: CabinetConfiguration = {
  mobile: { apn: 'internet', checkConnection: true, changeMode4g: true },
  headEnd: {
    apiEnabled: true,
    aliveTimeoutSeconds: 300,
    emergencyCalendar: true,
    mode: 'static',
    ipAddress: '192.168.1.100',
    netMask: '255.255.255.0',
    gateway: '192.168.1.1',
    latitude: 0,
    longitude: 0,
  },
  plcHeadEnd: { ipAddress: '192.168.2.1', macAddress: '02:00:00:00:00:01', plcPower: true, udhcpdEnabled: true },
  timing: {
    nodeSocketTimeoutSeconds: 30,
    photosensorTimeoutSeconds: 60,
    sensorLightOutputLevel: 100,
    sensorDelayOffSeconds: 300,
    intensityStepPercent: 10,
  },
  power: { maxCurrent: 100, powerType: 'transformer', phase: 'three', cmsCount: 0 },
  measures: {
    measurementIntervalSeconds: 900,
    instantaneousIntervalSeconds: 60,
    energiesFilePath: '/var/lib/cabinet/energies.csv',
    historicalEnergiesFilePath: '/var/lib/cabinet/energies-history.csv',
  },
  time: {
    timezone: 'Europe/Madrid',
    timezoneState: true,
    sunUpdatePeriodHours: 24,
    sunriseOffsetMinutes: 0,
    sunsetOffsetMinutes: 0,
    useDeviceLocation: true,
  },
  other: {
    networkConnectionTime: null,
    networkDisconnectionTime: null,
    lastMode: true,
    iosActive: true,
    switchOffAfterHours: null,
    powerTable: [],
    moduleIrrigation: false,
    maintenanceMode: false,
  },
};

/**
 * `current` with `patch` applied, group by group; `null` removes the username or password. The
 * result still needs CabinetConfigurationSchema: a patch can break a cross-field rule.
 *
 * @example
 * mergeCabinetConfiguration(DEFAULT_CABINET_CONFIGURATION, { time: { sunsetOffsetMinutes: -15 } }).time.sunsetOffsetMinutes; // -15
 */
export function mergeCabinetConfiguration(
  current: CabinetConfiguration,
  patch: CabinetConfigurationPatch,
): CabinetConfiguration {
  const merged = structuredClone(current);
  for (const group of Object.keys(patch) as CabinetConfigurationGroup[]) {
    Object.assign(merged[group], patch[group]);
  }
  for (const secret of ['username', 'password'] as const) {
    if (merged.mobile[secret] === null) delete merged.mobile[secret];
  }
  return merged;
}

/** The configuration as a device reports it: the password, when set, replaced by {@link MASKED_SECRET}. */
export function maskCabinetConfiguration(config: CabinetConfiguration): ReportedCabinetConfiguration {
  const { password, ...mobileRest } = config.mobile;
  return {
    ...structuredClone(config),
    mobile: { ...mobileRest, ...(password === undefined ? {} : { password: MASKED_SECRET }) },
  };
}
