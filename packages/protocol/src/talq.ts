import { z } from 'zod';
import { text } from './primitives';
import { minutesOfDay } from './scheduling';
import { StoredCalendarSchema, StoredControlProgramSchema } from './scheduling-api';

/**
 * Control programs and calendars as a TALQ-shaped JSON document (docs/talq-interchange.md): the
 * objects of the TALQ Smart City Data Model 2.7 (`ControlProgramOne`, `Calendar`, `CalendarRule`,
 * `ccDay`, `ccDate`, `FixedTimeControl`, `AstroClockTimeControl`, `LevelState`), in one file that
 * holds several of each, the calendars naming their programs by `id`. This file holds the document's
 * schemas (the import side) and the API's; `toTalqDocument` (talq-export.ts) writes a document and
 * `fromTalqDocument` (talq-import.ts) reads one back.
 */

/** The TALQ data model version the document's objects follow. */
export const TALQ_VERSION = '2.7.1';
/** What a Farola interchange document says it is (`format`), and its version. */
export const TALQ_DOCUMENT_FORMAT = 'farola-talq-interchange';
export const TALQ_DOCUMENT_VERSION = 1;
/**
 * TALQ's `dayOffset`: Farola's calendar days run from noon to noon (a night belongs to the day it
 * begins on), so times from 12:00 on belong to the day, earlier ones to the next morning.
 */
export const TALQ_DAY_OFFSET = 12;
/** The largest document an import takes, and how many programs and calendars it may hold. */
export const TALQ_DOCUMENT_MAX_BYTES = 1024 * 1024;
export const TALQ_DOCUMENT_LIMITS = { controlPrograms: 500, calendars: 200 } as const;

/** 'hh:mm:ss' as TALQ writes a time of day ('hh:mm' is taken too). */
const TalqTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Expected hh:mm:ss');
/** '--mm-dd', a day of every year (TALQ's gMonthDay). */
const G_MONTH_DAY = /^--(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** '---dd', a day of every month (TALQ's gDay). */
const G_DAY = /^---(0[1-9]|[12]\d|3[01])$/;
const GMonthDaySchema = z.string().regex(G_MONTH_DAY, 'Expected --mm-dd');
const RecurringDaySchema = z.union([GMonthDaySchema, z.string().regex(G_DAY, 'Expected ---dd')]);
/** A rule's start or end: a date, or a day of every year (a season), which Farola cannot hold. */
const RuleDateSchema = z.union([z.iso.date(), GMonthDaySchema]);
/** A TALQ address or identifier, as the document's references use it. */
const TalqIdSchema = text().min(1).max(200);

/** The states a TALQ command may set; Farola's intervals set a light level (LevelState, or BooleanState as 0/100). */
export const TALQ_STATE_NAMES = [
  'IntegerState',
  'FloatState',
  'BooleanState',
  'TextState',
  'RGBState',
  'LevelState',
  'PositionedTextState',
  'CCTColorState',
  'RGBWAFColorState',
  'XYColorState',
  'LevelAndCCTColorState',
  'LevelAndRGBWAFColorState',
  'LevelAndXYColorState',
] as const;
type OtherState = Exclude<(typeof TALQ_STATE_NAMES)[number], 'LevelState' | 'BooleanState'>;
const OTHER_STATES = TALQ_STATE_NAMES.filter(
  (name): name is OtherState => name !== 'LevelState' && name !== 'BooleanState',
) as [OtherState, ...OtherState[]];

export const TalqStateSchema = z.discriminatedUnion('name', [
  z.strictObject({ name: z.literal('LevelState'), value: z.number().int().min(0).max(100).optional() }),
  z.strictObject({ name: z.literal('BooleanState'), value: z.boolean().optional() }),
  // Read so that the import can say which state it cannot represent, not that the document is not TALQ.
  z.looseObject({ name: z.enum(OTHER_STATES) }),
]);

/** TALQ's CommandBase: the state to reach, and how long the ramp to it takes, in seconds. */
export const TalqCommandSchema = z.strictObject({
  state: TalqStateSchema,
  rampToLevelTime: z.number().min(0).optional(),
  rampFromLevelTime: z.number().min(0).optional(),
});
export type TalqCommand = z.infer<typeof TalqCommandSchema>;

export const TalqFixedTimeControlSchema = z.strictObject({ startTime: TalqTimeSchema, command: TalqCommandSchema });
export type TalqFixedTimeControl = z.infer<typeof TalqFixedTimeControlSchema>;

export const TalqAstroClockTimeControlSchema = z.strictObject({
  offset: z.number().int(),
  solarEventType: z.enum(['sunrise', 'sunset']),
  operation: z.enum(['Set', 'Max', 'Min', 'Add', 'Sub', 'Mul']),
  command: TalqCommandSchema,
});
export type TalqAstroClockTimeControl = z.infer<typeof TalqAstroClockTimeControlSchema>;

/** TALQ's active periods and dynamic controls, read as they come: Farola refuses them on import. */
const TalqActivePeriodSchema = z.looseObject({
  name: z.enum([
    'AbsoluteActivePeriod',
    'AstroClockActivePeriod',
    'SensorActivePeriod',
    'AstroAndSensorActivePeriod',
    'ValueActivePeriod',
  ]),
});
const TalqDynamicControlSchema = z.looseObject({ effect: z.looseObject({ type: z.string() }) });

/**
 * A TALQ `ControlProgramOne`. `name` is Farola's addition (TALQ programs have only an `id`); a
 * program without one takes its `id` as name.
 */
export const TalqControlProgramSchema = z.strictObject({
  type: z.string(),
  id: TalqIdSchema,
  ownerCMS: z.string().optional(),
  name: z.string().optional(),
  activePeriods: z.array(TalqActivePeriodSchema).max(20).default([]),
  fixedTimeControls: z.array(TalqFixedTimeControlSchema).max(100),
  astroClockTimeControls: z.array(TalqAstroClockTimeControlSchema).max(100).optional(),
  dynamicControls: z.array(TalqDynamicControlSchema).max(20).optional(),
});
export type TalqControlProgram = z.input<typeof TalqControlProgramSchema>;

const rangeInOrder = (range: { start: number; end?: number | undefined }) =>
  range.end === undefined || range.end >= range.start;

/** TALQ's ccDay: weekdays 1 (Monday) to 7, alone or as ranges, optionally only their n-th of the month. */
export const TalqDayConditionSchema = z.strictObject({
  type: z.literal('ccDay'),
  days: z
    .array(
      z
        .strictObject({ start: z.number().int().min(1).max(7), end: z.number().int().min(1).max(7).optional() })
        .refine(rangeInOrder, 'The end weekday must not come before the start weekday'),
    )
    .max(7),
  occurrences: z
    .array(z.string().regex(/^[1-5L]$/))
    .max(5)
    .optional(),
});

/** TALQ's ccDate: days of every month ('---dd') or of every year ('--mm-dd'), alone or as ranges. */
export const TalqDateConditionSchema = z.strictObject({
  type: z.literal('ccDate'),
  dates: z.array(z.strictObject({ start: RecurringDaySchema, end: RecurringDaySchema.optional() })).max(366),
});

/** A TALQ `CalendarRule`: from `startDate` to `endDate` (both optional), on the days its condition picks. */
export const TalqCalendarRuleSchema = z.strictObject({
  startDate: RuleDateSchema.optional(),
  endDate: RuleDateSchema.optional(),
  condition: z.discriminatedUnion('type', [TalqDayConditionSchema, TalqDateConditionSchema]).optional(),
  program: TalqIdSchema,
});
export type TalqCalendarRule = z.infer<typeof TalqCalendarRuleSchema>;

/**
 * A TALQ `Calendar`: rules by priority, the first one winning a day several match, and the program
 * of days none matches. `name` and `astronomical` are Farola's additions (an astronomical calendar
 * lights only from sunset to sunrise); without a name, the calendar takes its `id` as name.
 */
export const TalqCalendarSchema = z.strictObject({
  id: TalqIdSchema,
  ownerCMS: z.string().optional(),
  name: z.string().optional(),
  astronomical: z.boolean().default(false),
  rules: z.array(TalqCalendarRuleSchema).max(200),
  defaultProgram: TalqIdSchema.optional(),
});
export type TalqCalendar = z.input<typeof TalqCalendarSchema>;

/**
 * A Farola interchange document (docs/talq-interchange.md): TALQ control programs and calendars,
 * the calendars naming programs of the same document by `id`.
 *
 * @example
 * TalqDocumentSchema.parse({
 *   format: 'farola-talq-interchange', formatVersion: 1, talqVersion: '2.7.1', dayOffset: 12,
 *   controlPrograms: [{ type: 'ControlProgramOne', id: 'p1', name: 'Residential street',
 *     fixedTimeControls: [{ startTime: '23:00:00', command: { state: { name: 'LevelState', value: 60 } } }] }],
 *   calendars: [{ id: 'c1', name: 'Eixample', rules: [{ startDate: '2026-01-01', program: 'p1' }] }],
 * });
 */
export const TalqDocumentSchema = z.strictObject({
  format: z.literal(TALQ_DOCUMENT_FORMAT),
  formatVersion: z.literal(TALQ_DOCUMENT_VERSION),
  talqVersion: z.string().max(20).optional(),
  /** TALQ's start of day: 0 (midnight to midnight, TALQ's default) or 12 (noon to noon, Farola's). */
  dayOffset: z.union([z.literal(0), z.literal(12)]).optional(),
  exportedAt: z.iso.datetime({ offset: true }).optional(),
  controlPrograms: z.array(TalqControlProgramSchema).max(TALQ_DOCUMENT_LIMITS.controlPrograms).default([]),
  calendars: z.array(TalqCalendarSchema).max(TALQ_DOCUMENT_LIMITS.calendars).default([]),
});
export type TalqDocument = z.input<typeof TalqDocumentSchema>;
export type ParsedTalqDocument = z.output<typeof TalqDocumentSchema>;

/** Minutes of an interval start in a noon-to-noon day: 12:00 is 0, 11:59 the next morning is 1439. */
export const minutesFromNoon = (time: string) => (minutesOfDay(time) + 12 * 60) % (24 * 60);

/** `GET /v1/scheduling/export`: a project's programs and calendars, or one calendar with the programs it names. */
export const TalqExportQuerySchema = z.strictObject({
  projectId: z.uuid(),
  calendarId: z.uuid().optional(),
});
export type TalqExportQuery = z.infer<typeof TalqExportQuerySchema>;

/** `POST /v1/scheduling/import`: a document's programs and calendars, created in a project in one transaction. */
export const TalqImportRequestSchema = z.strictObject({
  projectId: z.uuid(),
  document: TalqDocumentSchema,
});
export type TalqImportRequest = z.input<typeof TalqImportRequestSchema>;

/** What an import created, each as stored. */
export const TalqImportResultSchema = z.object({
  programs: z.array(StoredControlProgramSchema),
  calendars: z.array(StoredCalendarSchema),
});
export type TalqImportResult = z.infer<typeof TalqImportResultSchema>;
