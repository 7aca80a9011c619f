/**
 * `npm test`: every stage of the suite, then one timing line per stage. The suite is a list of
 * steps; a step's lanes run side by side (their output prefixed with the stage's name), each lane
 * its stages one after the other; a step starts when the one before it has passed. The first
 * failure stops its lane; the run ends after the lanes beside it have finished, and the timings
 * are printed either way.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Stage {
  name: string;
  command: string;
}

type Lane = readonly Stage[];

/**
 * The suite. On two cores: two lanes from the start, each keeping a core busy — the type check
 * then the unit tests; lint, then the integration and browser tests. The unit tests run at a lower
 * priority (`nice`): the browser tests wait on real time (a device reconnecting, a page answering
 * within seconds), so they take the cores when they need them and the unit tests fill the time
 * they spend waiting.
 */
const STEPS: readonly (readonly Lane[])[] = [
  [[{ name: 'chromium', command: 'bash scripts/ensure-chromium.sh' }]],
  [
    [
      { name: 'typecheck', command: 'npm run typecheck --silent' },
      { name: 'unit', command: 'nice -n 10 npm run test:unit --silent' },
    ],
    [
      { name: 'lint', command: 'npm run lint --silent' },
      { name: 'integration', command: 'npm run test:integration --silent' },
      { name: 'e2e', command: 'npm run test:e2e --silent' },
    ],
  ],
];

type Result = 'passed' | 'failed' | 'not run';

interface Outcome {
  name: string;
  seconds: number;
  result: Result;
  /** A failed stage's last lines that name a failure, printed again at the end (its output may be long). */
  failures: string[];
}

/** Vitest's `FAIL  file > test`, Playwright's `1) [project] › spec › test` and its closing list, and each error's first line. */
const FAILURE_LINE = /\bFAIL\b|^\s*\d+\) \[|^\s*\[[\w-]+\] › |^\s*(\w*Error\b|Test timeout)|^\s*\d+ (failed|flaky)\b/;
const FAILURE_LINES_KEPT = 40;
// eslint-disable-next-line no-control-regex -- the colours of the tools' output
const ANSI = /\u001b\[[0-9;]*m/g;

function run(stage: Stage, prefixed: boolean): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(stage.command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const failures: string[] = [];
  const relay = (input: NodeJS.ReadableStream, output: NodeJS.WritableStream) =>
    createInterface({ input }).on('line', (line) => {
      output.write(prefixed ? `[${stage.name}] ${line}\n` : `${line}\n`);
      const plain = line.replace(ANSI, '');
      if (!FAILURE_LINE.test(plain)) return;
      // The last ones: the tools sum their failures up at the end, after whatever passing tests logged.
      failures.push(plain.trimEnd());
      if (failures.length > FAILURE_LINES_KEPT) failures.shift();
    });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return new Promise((resolve) => {
    child.on('close', (code) =>
      resolve({
        name: stage.name,
        seconds: (performance.now() - started) / 1000,
        result: code === 0 ? 'passed' : 'failed',
        failures: code === 0 ? [] : failures,
      }),
    );
  });
}

const notRun = (stage: Stage): Outcome => ({ name: stage.name, seconds: 0, result: 'not run', failures: [] });

/** Runs a lane's stages in order; after a failure the rest are not run. */
async function runLane(lane: Lane, prefixed: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const stage of lane) {
    const failed = outcomes.some((outcome) => outcome.result !== 'passed');
    outcomes.push(failed ? notRun(stage) : await run(stage, prefixed));
  }
  return outcomes;
}

function report(outcomes: readonly Outcome[], seconds: number): void {
  const width = Math.max(...outcomes.map((outcome) => outcome.name.length));
  const minutes = (value: number) => `${Math.floor(value / 60)}:${String(Math.round(value % 60)).padStart(2, '0')}`;
  console.log('\nnpm test, stage by stage (m:ss; stages of one step ran side by side):');
  for (const { name, seconds: taken, result } of outcomes) {
    console.log(`  ${name.padEnd(width)}  ${result === 'not run' ? '    -' : minutes(taken).padStart(5)}  ${result}`);
  }
  console.log(`  ${'total'.padEnd(width)}  ${minutes(seconds).padStart(5)}`);
  for (const { name, failures } of outcomes.filter((outcome) => outcome.failures.length > 0)) {
    console.log(`\n${name} failed on:\n${failures.map((line) => `  ${line.trim()}`).join('\n')}`);
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  const outcomes: Outcome[] = [];
  let failed = false;
  for (const step of STEPS) {
    if (failed) {
      outcomes.push(...step.flat().map(notRun));
      continue;
    }
    const lanes = await Promise.all(step.map((lane) => runLane(lane, step.length > 1)));
    outcomes.push(...lanes.flat());
    failed = lanes.flat().some((outcome) => outcome.result !== 'passed');
  }
  report(outcomes, (performance.now() - started) / 1000);
  return failed ? 1 : 0;
}

process.exitCode = await main();
