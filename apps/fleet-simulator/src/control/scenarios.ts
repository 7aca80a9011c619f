import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { text } from '@farola/protocol';
import { ActionRequestSchema, CONTROL_ACTIONS } from './control-actions';
import { ClockTargetSchema, parseDuration } from './sim-time';

/** The shipped scenarios: apps/fleet-simulator/scenarios/<name>.json. */
export const SCENARIO_DIRECTORY = fileURLToPath(new URL('../../scenarios/', import.meta.url));

const MAX_OFFSET_MS = 366 * 86_400_000;

export const ScenarioNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'Expected a name of lower-case letters, digits and dashes');

/** When a step runs: simulated time since the scenario started, as '+40m', '+2h', '1h30m', or a number of minutes. */
const OffsetSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const ms = typeof value === 'number' ? value * 60_000 : parseDuration(value.replace(/^\+/, ''));
  if (ms === null || !(ms >= 0) || ms > MAX_OFFSET_MS) {
    ctx.addIssue({
      code: 'custom',
      message: `'${value}' is not an offset: give '+0m', '+90s', '+2h', '+1h30m' or minutes`,
    });
    return z.NEVER;
  }
  return ms;
});

const StepSchema = z
  .strictObject({
    at: OffsetSchema,
    /** What the step stands for, in the run's log. */
    note: text().min(1).max(300).optional(),
    /** Moves the clock first: ISO-8601, 'sunset-20s', 'sunrise+1h', '+2h'. */
    clock: ClockTargetSchema.optional(),
    /** Then runs an action, as `POST /actions` takes it. */
    action: ActionRequestSchema.optional(),
  })
  .superRefine((step, ctx) => {
    if (step.clock === undefined && step.action === undefined) {
      ctx.addIssue({ code: 'custom', message: 'A step sets the clock, runs an action, or both' });
    }
    if (!step.action) return;
    const params = CONTROL_ACTIONS[step.action.action].params.safeParse(step.action.params);
    for (const issue of params.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['action', 'params', ...issue.path] });
    }
  });
export type ScenarioStep = z.infer<typeof StepSchema>;

const scenarioShape = {
  description: text().min(1).max(2000),
  steps: z.array(StepSchema).min(1).max(1000),
};

function stepsInOrder(scenario: { steps: ScenarioStep[] }, ctx: z.RefinementCtx): void {
  scenario.steps.forEach((step, index) => {
    const before = scenario.steps[index - 1];
    if (before && step.at < before.at) {
      ctx.addIssue({
        code: 'custom',
        message: 'Steps run in order: this one is earlier than the one before',
        path: ['steps', index, 'at'],
      });
    }
  });
}

/**
 * A scenario file: what it shows, and its steps in the order they run.
 *
 * @example
 * { "description": "Dusk", "steps": [{ "at": "+0m", "clock": "sunset-20s" }] }
 */
export const ScenarioSchema = z.strictObject(scenarioShape).superRefine(stepsInOrder);
export type Scenario = z.infer<typeof ScenarioSchema>;

/** `POST /scenarios`: a scenario that is not a file, with the name its run goes by. */
export const AdHocScenarioSchema = z
  .strictObject({ name: ScenarioNameSchema, ...scenarioShape })
  .superRefine(stepsInOrder);

export interface LoadedScenario {
  name: string;
  /** The file it came from, or 'request' for one sent over HTTP. */
  file: string;
  scenario: Scenario;
  /** As written, for showing it. */
  source: unknown;
}

export class ScenarioError extends Error {}

/** One line per issue, naming the file and the step: "storm-outage.json: step 2, action.params.on: …". */
export function describeScenarioIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const [first, index, ...rest] = issue.path;
    const where =
      first === 'steps' && typeof index === 'number'
        ? `step ${index + 1}${rest.length ? `, ${rest.join('.')}` : ''}`
        : issue.path.join('.') || 'scenario';
    return `${file}: ${where}: ${issue.message}`;
  });
  return lines.join('\n');
}

/** Validates a scenario read from `file`; throws ScenarioError naming the file and each bad step. */
export function parseScenario(name: string, file: string, source: unknown): LoadedScenario {
  const parsed = ScenarioSchema.safeParse(source);
  if (!parsed.success) throw new ScenarioError(describeScenarioIssues(file, parsed.error));
  return { name, file, scenario: parsed.data, source };
}

/** A file as errors name it: relative to the working directory when it lies inside it. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}

/** The names of the shipped scenarios. */
export function scenarioNames(directory = SCENARIO_DIRECTORY): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

/**
 * A shipped scenario by name, or a scenario file by path (ending in .json, relative to the working
 * directory). Throws ScenarioError: an unknown name lists the known ones; a bad file names the step.
 */
export function loadScenario(reference: string, directory = SCENARIO_DIRECTORY): LoadedScenario {
  const isFile = reference.endsWith('.json');
  if (!isFile && !ScenarioNameSchema.safeParse(reference).success) {
    throw new ScenarioError(`'${reference}' is neither a scenario name nor a .json file`);
  }
  const file = isFile ? path.resolve(reference) : path.join(directory, `${reference}.json`);
  const name = path.basename(file, '.json');
  if (!existsSync(file)) {
    throw new ScenarioError(
      isFile
        ? `No scenario file ${file}`
        : `No scenario '${reference}'; there are: ${scenarioNames(directory).join(', ') || 'none'}`,
    );
  }
  let source: unknown;
  try {
    source = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ScenarioError(`${shown(file)}: not JSON: ${(error as Error).message}`);
  }
  return parseScenario(name, shown(file), source);
}
