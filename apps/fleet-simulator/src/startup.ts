import { loadSimulatorConfig, SimulatorConfigError } from './config';
import { type LoadedScenario, loadScenario, ScenarioError } from './control/scenarios';
import type { FleetOptions } from './fleet-options';

/** SIM_SCENARIO, loaded and validated now, so that a bad one stops start-up naming the file and step. */
function scenarioOf(reference: string | null): LoadedScenario | null {
  if (reference === null) return null;
  try {
    return loadScenario(reference);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw new SimulatorConfigError(
      `Invalid simulator configuration:\n  SIM_SCENARIO: ${error.message.replaceAll('\n', '\n  ')}`,
    );
  }
}

/**
 * What `main.ts` starts the fleet with: the configuration from SIM_* variables, and the scenario
 * SIM_SCENARIO names, loaded. Throws SimulatorConfigError naming the bad variable, file or step.
 *
 * @example
 * startupOptions({ SIM_SCENARIO: 'storm-outage' }).scenario?.name; // 'storm-outage'
 */
export function startupOptions(env: Record<string, string | undefined>): FleetOptions {
  const { scenarioReference, ...options } = loadSimulatorConfig(env);
  return { ...options, scenario: scenarioOf(scenarioReference) };
}
