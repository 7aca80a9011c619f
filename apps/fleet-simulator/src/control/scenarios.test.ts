import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario, ScenarioError, scenarioNames } from './scenarios';
import { parseClockTarget, parseDuration, resolveClockTarget } from './sim-time';

const BARCELONA = { lat: 41.3874, lng: 2.1686 };

function scenarioDirectory(files: Record<string, unknown>): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'scenarios-'));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(
      path.join(directory, `${name}.json`),
      typeof content === 'string' ? content : JSON.stringify(content),
    );
  }
  return directory;
}

const errorOf = (load: () => unknown) => {
  try {
    load();
  } catch (error) {
    if (error instanceof ScenarioError) return error.message;
    throw error;
  }
  throw new Error('expected a ScenarioError');
};

describe('the shipped scenarios', () => {
  it('are the four documented ones, and every one validates', () => {
    expect(scenarioNames()).toEqual([
      'firmware-campaign-failures',
      'lamp-failures-spreading',
      'storm-outage',
      'sunset-burst',
    ]);
    for (const name of scenarioNames()) {
      const { scenario } = loadScenario(name);
      expect(scenario.steps.length, name).toBeGreaterThan(0);
    }
  });

  it('space the storm and the spreading failures in simulated time', () => {
    const storm = loadScenario('storm-outage').scenario.steps.map((step) => step.at / 60_000);
    expect(storm).toEqual([0, 0, 2, 40, 44, 48]);
    const spreading = loadScenario('lamp-failures-spreading').scenario.steps.map((step) => step.at / 3_600_000);
    expect(spreading).toEqual([0, 0, 0, 1, 2, 3, 4, 5]);
  });
});

describe('scenario validation', () => {
  it('names the file and the step of each problem', () => {
    const directory = scenarioDirectory({
      broken: {
        description: 'Broken on purpose',
        steps: [
          { at: '+5m', clock: 'sunset-20s' },
          { at: '+2m', action: { action: 'set-condition', target: { kind: 'cabinet' }, params: { on: 'yes' } } },
          { at: 'soon' },
          { at: 3, clock: 'teatime' },
          { at: '+9m', note: 'Nothing to do' },
        ],
      },
    });
    const lines = errorOf(() => loadScenario('broken', directory)).split('\n');
    const file = path.join(directory, 'broken.json');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${file}: step 2, action.params.condition: `)),
        expect.stringMatching(new RegExp(`^${file}: step 2, action.params.on: `)),
        `${file}: step 3, at: 'soon' is not an offset: give '+0m', '+90s', '+2h', '+1h30m' or minutes`,
        `${file}: step 5: A step sets the clock, runs an action, or both`,
        expect.stringMatching(new RegExp(`^${file}: step 4, clock: 'teatime' is not a time`)),
      ]),
    );
  });

  it('refuses steps out of order, unknown actions, unknown names and files that are not JSON', () => {
    const directory = scenarioDirectory({
      backwards: {
        description: 'Backwards',
        steps: [
          { at: '+1h', clock: '+1h' },
          { at: 30, action: { action: 'reboot', target: { share: 1 } } },
        ],
      },
      explosive: {
        description: 'Unknown action',
        steps: [{ at: 0, action: { action: 'explode', target: { share: 1 } } }],
      },
      garbled: '{ "description": ',
    });
    const backwards = errorOf(() => loadScenario('backwards', directory));
    expect(backwards).toContain('step 2, at: Steps run in order');
    expect(errorOf(() => loadScenario('explosive', directory))).toContain('step 1, action.action: Invalid option');
    expect(errorOf(() => loadScenario('garbled', directory))).toMatch(/garbled\.json: not JSON: /);
    expect(errorOf(() => loadScenario('nowhere', directory))).toBe(
      "No scenario 'nowhere'; there are: backwards, explosive, garbled",
    );
    expect(errorOf(() => loadScenario('../etc/passwd', directory))).toMatch(/neither a scenario name nor a .json file/);
  });
});

describe('simulated time expressions', () => {
  it('reads durations with units', () => {
    expect(parseDuration('20s')).toBe(20_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1.5d')).toBe(129_600_000);
    expect(parseDuration('5')).toBeNull();
    expect(parseDuration('-5m')).toBeNull();
  });

  it('takes the next sunset after now at the centre, so the clock never goes back', () => {
    const afternoon = Date.parse('2026-06-21T12:00:00Z');
    const sunset = resolveClockTarget(parseClockTarget('sunset')!, afternoon, BARCELONA);
    // Midsummer in Barcelona: sunset about 19:29 UTC.
    expect(new Date(sunset).toISOString()).toMatch(/^2026-06-21T19:2\d/);
    expect(resolveClockTarget(parseClockTarget('sunset-20s')!, afternoon, BARCELONA)).toBe(sunset - 20_000);
    const evening = sunset + 60_000;
    const next = resolveClockTarget(parseClockTarget('sunset-20s')!, evening, BARCELONA);
    expect(new Date(next).toISOString()).toMatch(/^2026-06-22T19:2\d/);
    expect(resolveClockTarget(parseClockTarget('+2h')!, afternoon, BARCELONA)).toBe(afternoon + 7_200_000);
    expect(parseClockTarget('2026-06-21T22:00:00+02:00')).toEqual({
      kind: 'instant',
      ms: Date.parse('2026-06-21T20:00:00Z'),
    });
    expect(parseClockTarget('tonight')).toBeNull();
    expect(parseClockTarget('sunset-soon')).toBeNull();
  });
});
