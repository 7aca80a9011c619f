import type { ScenarioRunner } from './scenario-runner';
import { ControlError } from './control-actions';
import type { ExtraRoutes } from './control-server';
import {
  AdHocScenarioSchema,
  loadScenario,
  SCENARIO_DIRECTORY,
  ScenarioError,
  scenarioNames,
  ScenarioNameSchema,
} from './scenarios';

function load(name: string, directory: string) {
  try {
    return loadScenario(name, directory);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw new ControlError(scenarioNames(directory).includes(name) ? 422 : 404, error.message);
  }
}

/** Every shipped scenario with its description and length; a file that does not validate says why. */
function catalogue(directory: string) {
  return scenarioNames(directory).map((name) => {
    try {
      const { scenario } = loadScenario(name, directory);
      const lastsMinutes = (scenario.steps.at(-1)?.at ?? 0) / 60_000;
      return { name, description: scenario.description, steps: scenario.steps.length, lastsMinutes };
    } catch (error) {
      return { name, error: (error as Error).message };
    }
  });
}

/**
 * `GET /scenarios` (the shipped ones and the runs), `GET /scenarios/<name>` (its steps as written
 * and its latest run), `POST /scenarios/<name>` (runs it), `POST /scenarios` (runs the scenario in
 * the body, named by its `name`), `DELETE /scenarios/<name>` (stops its run).
 */
export function scenarioRoutes(runner: ScenarioRunner, directory = SCENARIO_DIRECTORY): ExtraRoutes {
  return async (method, path, body) => {
    if (path === '/scenarios' && method === 'GET') return { scenarios: catalogue(directory), runs: runner.status() };
    if (path === '/scenarios' && method === 'POST') {
      const parsed = AdHocScenarioSchema.safeParse(await body());
      if (!parsed.success) throw new ControlError(400, 'Invalid scenario', parsed.error.issues);
      const { name, ...scenario } = parsed.data;
      return runner.start({ name, file: 'request', scenario, source: scenario });
    }
    const match = /^\/scenarios\/([^/]+)$/.exec(path);
    if (!match) return undefined;
    const name = decodeURIComponent(match[1]!);
    if (!ScenarioNameSchema.safeParse(name).success) throw new ControlError(404, `No scenario '${name}'`);
    if (method === 'GET') {
      const run = runner.statusOf(name);
      const shipped = scenarioNames(directory).includes(name);
      if (!shipped && !run) throw new ControlError(404, `No scenario '${name}'`);
      return { name, scenario: shipped ? load(name, directory).source : null, run: run ?? null };
    }
    if (method === 'POST') return runner.start(load(name, directory));
    if (method === 'DELETE') {
      if (!runner.stop(name)) throw new ControlError(404, `Scenario ${name} is not running`);
      return runner.statusOf(name);
    }
    return undefined;
  };
}
