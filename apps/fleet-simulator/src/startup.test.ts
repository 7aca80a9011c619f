import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startupOptions } from './startup';

describe('startupOptions', () => {
  it('reads the configuration as loadSimulatorConfig does, and stops on a bad variable', () => {
    expect(startupOptions({ SIM_DEVICES: '500', SIM_SPEED: '10' })).toMatchObject({ devices: 500, speed: 10 });
    expect(() => startupOptions({ SIM_DEVICES: 'many' })).toThrow(/SIM_DEVICES/);
  });

  it('loads SIM_SCENARIO by name or file, and stops on an unknown name or a bad step', () => {
    expect(startupOptions({}).scenario).toBeNull();
    expect(startupOptions({ SIM_SCENARIO: 'storm-outage' }).scenario).toMatchObject({
      name: 'storm-outage',
      scenario: { steps: expect.arrayContaining([expect.objectContaining({ at: 40 * 60_000 })]) },
    });
    expect(() => startupOptions({ SIM_SCENARIO: 'hurricane' })).toThrow(
      /SIM_SCENARIO: No scenario 'hurricane'; there are: firmware-campaign-failures, lamp-failures-spreading/,
    );
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'scenario-')), 'mine.json');
    writeFileSync(file, JSON.stringify({ description: 'Mine', steps: [{ at: '+0m', clock: 'sunset-20s' }] }));
    expect(startupOptions({ SIM_SCENARIO: file }).scenario?.name).toBe('mine');
    writeFileSync(file, JSON.stringify({ description: 'Mine', steps: [{ at: '+0m', clock: 'dusk' }] }));
    expect(() => startupOptions({ SIM_SCENARIO: file })).toThrow(
      /SIM_SCENARIO: .*mine\.json: step 1, clock: 'dusk' is not a time/,
    );
  });
});
