import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A realtime-server in a process of its own. */
export interface ServerProcess {
  /** The address of an API route: `url('/groups')`. */
  url: (route: string) => string;
  /** Sends the signal and resolves once the process is gone. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts the realtime-server as `npm start` does (`node --import tsx apps/realtime-server/src/server.ts`)
 * on a free port with `env` added, and resolves once its health answers 200 (its broker reached).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/realtime-server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, signal);
    await exited;
  };
  const base = `http://127.0.0.1:${port}/lighting/api`;
  const healthy = () =>
    fetch(`${base}/health`).then(
      (answer) => answer.ok,
      () => false,
    );
  const deadline = Date.now() + 60_000;
  while (!(await healthy())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await sleep(100);
  }
  return { url: (route) => `${base}/v1${route}`, kill };
}
