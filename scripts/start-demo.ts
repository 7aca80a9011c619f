/**
 * `npm start`: the full demo — the realtime-server (embedded PostgreSQL and MQTT broker unless
 * DATABASE_URL / MQTT_URL say otherwise, authentication disabled unless AUTH_DISABLED says
 * otherwise) and the fleet simulator beside it, as two processes. Ctrl+C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = {
  ...process.env,
  AUTH_DISABLED: process.env['AUTH_DISABLED'] ?? 'true',
  DEMO_DATA: process.env['DEMO_DATA'] ?? 'true',
};
const port = env['PORT'] ?? '8080';
const brokerUrl = env['MQTT_URL'] ?? `mqtt://127.0.0.1:${env['MQTT_PORT'] ?? '1884'}`;

const children: ChildProcess[] = [];
let stopping = false;

function run(name: string, script: string, extraEnv: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the demo.`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

function stop(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((child) => child.exitCode === null && child.signalCode === null);
  let pending = alive.length;
  if (pending === 0) process.exit(exitCode);
  for (const child of alive) {
    child.once('exit', () => {
      pending -= 1;
      if (pending === 0) process.exit(exitCode);
    });
    child.kill('SIGTERM');
  }
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('realtime-server', 'apps/realtime-server/src/server.ts', {});
run('fleet-simulator', 'apps/fleet-simulator/src/main.ts', { SIM_MQTT_URL: env['SIM_MQTT_URL'] ?? brokerUrl });
console.log(`Farola demo: open http://localhost:${port}/lighting/ (devices report over ${brokerUrl})`);
