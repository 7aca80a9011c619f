import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlFleet, startControlFleet } from '../testing/control-fleet';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

let sim: ControlFleet;

beforeAll(async () => {
  sim = await startControlFleet();
});

afterAll(async () => {
  await sim?.stop();
});

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as `npm run sim` does (tsx), against the test fleet's control interface. */
function runCli(args: string[], url = sim.controlUrl): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: { ...process.env, SIM_CONTROL_URL: url } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run sim', () => {
  it('help shows the usage and the actions the simulator offers, with their parameters', async () => {
    const { code, stdout } = await runCli(['help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: npm run sim -- <command> [options]');
    expect(stdout).toContain('  inject-fault [light-point]');
    expect(stdout).toContain(
      '      --param fault: lampFailure|dayBurner|cycling|dimmingFailure|relayStuck|lowPowerFactor|voltageOutOfRange',
    );
    expect(stdout).toContain('      --param on: boolean');
    expect(stdout).toContain('      --param seconds?: number 1–604800 (default 60)');
  });

  it('shows the fleet and moves the clock', async () => {
    const fleet = await runCli(['fleet']);
    expect(fleet).toMatchObject({ code: 0, stderr: '' });
    expect(fleet.stdout).toMatch(
      /^44 devices \(\d+ light points, \d+ cabinets\), 44 online\nsimulated time \S+, running at 20× the wall clock\n$/,
    );
    const set = await runCli(['clock', 'set', '2026-03-01T12:00:00Z']);
    expect(set.stdout).toMatch(/^simulated time 2026-03-01T12:0\d/);
    const back = await runCli(['clock', 'advance', '-60']);
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/^simulated time 2026-03-01T11:0\d/);
    const json = await runCli(['clock', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ speed: 20 });
  });

  it('acts on a target with parameters read as JSON or text, and the device shows it', async () => {
    const { code, stdout } = await runCli([
      'act',
      'inject-fault',
      '--street',
      'Avinguda Diagonal',
      '--limit',
      '1',
      '--param',
      'fault=relayStuck',
      '--param',
      'params.closed=true',
      '--param',
      'durationMinutes=90',
    ]);
    expect(code).toBe(0);
    expect(stdout).toBe('inject-fault: 1 matched, 1 applied, 0 skipped\n');
    const json = await runCli([
      'act',
      'inject-fault',
      '--street',
      'Avinguda Diagonal',
      '--limit',
      '1',
      '--param',
      'fault=relayStuck',
      '--json',
    ]);
    const serial = JSON.parse(json.stdout)['skipped'][0]['serialNumber'] as string;
    const device = JSON.parse((await runCli(['device', serial])).stdout);
    expect(device['state']['faults']['active']['relayStuck']).toMatchObject({ params: { closed: true } });
  });

  it("exits with 1 and the simulator's message when it refuses, or does not answer", async () => {
    const refused = await runCli([
      'act',
      'set-condition',
      '--kind',
      'cabinet',
      '--param',
      'condition=doorOpen',
      '--param',
      'on=yes',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^400: Invalid params for set-condition\n {2}condition: Invalid option: .*\n {2}on: Invalid input: expected boolean, received string\n$/,
    );
    expect(await runCli(['device', 'NOPE-1'])).toMatchObject({ code: 1, stderr: '404: No simulated device NOPE-1\n' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const away = await runCli(['fleet'], `http://127.0.0.1:${port}`);
    expect(away.code).toBe(1);
    expect(away.stderr).toMatch(
      /^The simulator's control interface at http:\/\/127\.0\.0\.1:\d+ did not answer \(ECONNREFUSED\)/,
    );
  });

  it('exits with 2 on a command line it cannot read', async () => {
    const outcomes = await Promise.all([
      runCli(['frobnicate']),
      runCli(['act']),
      runCli(['fleet', '--share', '0.1']),
      runCli(['act', 'reboot', '--limit', 'many']),
      runCli(['act', 'reboot', '--param', 'noequals']),
      runCli(['clock', 'set']),
      runCli(['act', 'reboot', '--colour', 'red']),
    ]);
    expect(outcomes.map((outcome) => outcome.code)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(outcomes.map((outcome) => outcome.stderr.split('\n')[0])).toEqual([
      "Unknown command 'frobnicate'",
      'act needs an action: npm run sim -- help lists them',
      '--share goes with act only',
      "--limit takes a number, not 'many'",
      "--param takes key=value, not 'noequals'",
      'clock set needs a value',
      expect.stringMatching(/Unknown option '--colour'/),
    ]);
  });

  it('runs a shipped scenario or a file of steps, lists them and stops one', async () => {
    const burst = await runCli(['scenario', 'sunset-burst']);
    expect(burst.code).toBe(0);
    expect(burst.stdout).toMatch(
      /^sunset-burst: finished, 1 of 1 steps run \(started at simulated \S+\)\n {2}step 1 at \+0m \(simulated \S+\); clock set to \S+ \(20 s before sunset\)\n$/,
    );
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cli-')), 'Slow-Door.json');
    writeFileSync(
      file,
      JSON.stringify({
        description: 'A door opens now and closes a simulated day later',
        steps: [
          {
            at: '+0m',
            action: {
              action: 'set-condition',
              target: { kind: 'cabinet', limit: 1 },
              params: { condition: 'cabinetDoorOpen', on: true },
            },
          },
          {
            at: '+1d',
            action: {
              action: 'set-condition',
              target: { kind: 'cabinet', limit: 1 },
              params: { condition: 'cabinetDoorOpen', on: false },
            },
          },
        ],
      }),
    );
    const mine = await runCli(['scenario', file]);
    expect(mine.code).toBe(0);
    expect(mine.stdout).toContain('slow-door: running, 1 of 2 steps run');
    expect(mine.stdout).toContain('set-condition: 1 matched, 1 applied, 0 skipped');
    const list = await runCli(['scenario', 'list']);
    expect(list.stdout).toContain('  storm-outage (6 steps over 48 simulated minutes)');
    expect(list.stdout).toContain('Runs:\n  sunset-burst: finished');
    expect((await runCli(['scenario', 'stop', 'slow-door'])).stdout).toMatch(/^slow-door: stopped, 1 of 2 steps run/);
    expect(await runCli(['scenario', 'stop', 'slow-door'])).toMatchObject({
      code: 1,
      stderr: '404: Scenario slow-door is not running\n',
    });
    expect((await runCli(['scenario', 'hurricane'])).stderr).toMatch(
      /^404: No scenario 'hurricane'; there are: firmware-campaign-failures/,
    );
  });
});
