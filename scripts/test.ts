/**
 * `npm test`: every stage of the suite, then one timing line per stage. Stages in one step run side
 * by side (their output prefixed with the stage's name); a step starts when the one before it has
 * passed. The first failure ends the run after the stages beside it have finished, and the timings
 * are printed either way.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Stage {
  name: string;
  command: string;
}

/** The suite, step by step: each inner list runs side by side. */
const STEPS: readonly (readonly Stage[])[] = [
  [{ name: 'chromium', command: 'bash scripts/ensure-chromium.sh' }],
  [
    // Two single-threaded tools on two cores.
    { name: 'typecheck', command: 'npm run typecheck --silent' },
    { name: 'lint', command: 'npm run lint --silent' },
  ],
  [{ name: 'unit', command: 'npm run test:unit --silent' }],
  [{ name: 'integration', command: 'npm run test:integration --silent' }],
  [{ name: 'e2e', command: 'npm run test:e2e --silent' }],
];

interface Outcome {
  name: string;
  seconds: number;
  result: 'passed' | 'failed' | 'not run';
}

function run(stage: Stage, prefixed: boolean): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(stage.command, { shell: true, stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const prefix = (input: NodeJS.ReadableStream | null, output: NodeJS.WritableStream) => {
    if (input) createInterface({ input }).on('line', (line) => output.write(`[${stage.name}] ${line}\n`));
  };
  if (prefixed) {
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
  }
  return new Promise((resolve) => {
    child.on('close', (code) =>
      resolve({
        name: stage.name,
        seconds: (performance.now() - started) / 1000,
        result: code === 0 ? 'passed' : 'failed',
      }),
    );
  });
}

function report(outcomes: readonly Outcome[], seconds: number): void {
  const width = Math.max(...outcomes.map((outcome) => outcome.name.length));
  const minutes = (value: number) => `${Math.floor(value / 60)}:${String(Math.round(value % 60)).padStart(2, '0')}`;
  console.log('\nnpm test, stage by stage (m:ss; stages of one step ran side by side):');
  for (const { name, seconds: taken, result } of outcomes) {
    console.log(`  ${name.padEnd(width)}  ${result === 'not run' ? '    -' : minutes(taken).padStart(5)}  ${result}`);
  }
  console.log(`  ${'total'.padEnd(width)}  ${minutes(seconds).padStart(5)}`);
}

async function main(): Promise<number> {
  const started = performance.now();
  const outcomes: Outcome[] = [];
  let failed = false;
  for (const step of STEPS) {
    if (failed) {
      outcomes.push(...step.map((stage) => ({ name: stage.name, seconds: 0, result: 'not run' as const })));
      continue;
    }
    const results = await Promise.all(step.map((stage) => run(stage, step.length > 1)));
    outcomes.push(...results);
    failed = results.some((outcome) => outcome.result === 'failed');
  }
  report(outcomes, (performance.now() - started) / 1000);
  return failed ? 1 : 0;
}

process.exitCode = await main();
