/**
 * `npm run lint`'s check of the API document: starts the server on an in-memory database and free
 * ports, reads `GET /lighting/api/v1/openapi.json` (generated from the routes) and lints it with
 * Spectral's OpenAPI ruleset (`.spectral.yaml`). Any result, a hint included, fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startFarolaServer } from '../apps/realtime-server/src/boot';
import { loadConfig } from '../apps/realtime-server/src/config';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function apiDocument(): Promise<unknown> {
  const server = await startFarolaServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', MQTT_PORT: '0', AUTH_DISABLED: 'true' }),
    { logger: pino({ level: 'error' }) },
  );
  try {
    const answer = await fetch(`${server.httpUrl}/lighting/api/v1/openapi.json`);
    if (!answer.ok) throw new Error(`GET openapi.json answered ${answer.status}`);
    return await answer.json();
  } finally {
    await server.close();
  }
}

const folder = await mkdtemp(path.join(tmpdir(), 'farola-openapi-'));
try {
  const file = path.join(folder, 'openapi.json');
  await writeFile(file, JSON.stringify(await apiDocument(), null, 2));
  const spectral = path.join(ROOT, 'node_modules', '.bin', 'spectral');
  const lint = spawnSync(
    spectral,
    ['lint', file, '--ruleset', path.join(ROOT, '.spectral.yaml'), '--fail-severity', 'hint', '--format', 'stylish'],
    { stdio: 'inherit' },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  await rm(folder, { recursive: true, force: true });
}
