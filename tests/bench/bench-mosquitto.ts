/**
 * A Mosquitto for the benches, configured as the deployment's (`deploy/mosquitto/mosquitto.conf`)
 * where it matters for throughput: its `max_*` limits, among them the per-client queue of 100,000
 * QoS 1 messages. The stock configuration queues 1,000, and a city's sunset burst overflows it:
 * measured 2026-11-25, 39 of 90,166 switch-ons dropped before they reached the server.
 * Anonymous on a loopback port, without persistence: the bench provisions through the server,
 * which has no say over this broker's accounts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { sleep } from './bench-stack';

const DEPLOY_CONF = fileURLToPath(new URL('../../deploy/mosquitto/mosquitto.conf', import.meta.url));

export interface BenchMosquitto {
  url: string;
  stop(): Promise<void>;
}

export async function startBenchMosquitto(port: number): Promise<BenchMosquitto> {
  const limits = readFileSync(DEPLOY_CONF, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('max_'));
  const dir = mkdtempSync(join(tmpdir(), 'farola-bench-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      // Errors and warnings only: the city's 5,000 connections would each log two lines.
      'log_type error',
      'log_type warning',
      ...limits,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `mqtt://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await (await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 1000 })).endAsync();
      break;
    } catch (error) {
      if (attempt >= 20 || child.exitCode !== null)
        throw new Error(`mosquitto did not start on ${url}: ${String(error)}`);
      await sleep(250);
    }
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
