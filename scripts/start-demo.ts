/**
 * `npm start`: the full demo — the realtime-server (embedded PostgreSQL and MQTT broker unless
 * DATABASE_URL / MQTT_URL say otherwise, authentication disabled unless AUTH_DISABLED says
 * otherwise, the demo users' project permissions seeded) and the fleet simulator beside it.
 * With AUTH_DISABLED=false and no OAUTH_URL, the development identity provider runs as a third
 * process and the others are pointed at it. Ctrl+C stops them all.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_CLIENT_ID, DEMO_REALM, DEMO_SERVICE_ACCOUNT } from '@farola/protocol';

const root = fileURLToPath(new URL('..', import.meta.url));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  AUTH_DISABLED: process.env['AUTH_DISABLED'] ?? 'true',
  DEMO_DATA: process.env['DEMO_DATA'] ?? 'true',
};
const port = env['PORT'] ?? '8080';
const brokerUrl = env['MQTT_URL'] ?? `mqtt://127.0.0.1:${env['MQTT_PORT'] ?? '1884'}`;
// The rate limits stay on whether authentication is or not: the simulator provisions its fleet in
// calls of up to 2,000 devices (one write for the demo's), so it shares the presenter's address
// without spending the writes the browser's commands need, and anyone else is held to the limits.
const authEnabled = env['AUTH_DISABLED'] !== 'true';

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

/** Polls until the URL answers 200, so the others never meet a provider still starting. */
async function waitUntilUp(url: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 150 && !stopping; attempt += 1) {
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await delay(200);
  }
  if (!stopping) {
    console.error(`${name} did not answer ${url} within 30 s; stopping the demo.`);
    stop(1);
  }
}

/** The development identity provider, on IDP_PORT (8180), for a console on PORT by either of this machine's names. */
async function startIdentityProvider(): Promise<string> {
  const idpPort = env['IDP_PORT'] ?? '8180';
  const idpUrl = env['IDP_PUBLIC_URL'] ?? `http://localhost:${idpPort}`;
  run('identity-provider', 'apps/identity-provider/src/main.ts', {
    IDP_PORT: idpPort,
    IDP_PUBLIC_URL: idpUrl,
    IDP_CONSOLE_REDIRECT_URIS:
      env['IDP_CONSOLE_REDIRECT_URIS'] ?? `http://localhost:${port}/lighting/*,http://127.0.0.1:${port}/lighting/*`,
  });
  await waitUntilUp(`http://127.0.0.1:${idpPort}/health`, 'identity-provider');
  return idpUrl;
}

const oauthUrl = authEnabled && !env['OAUTH_URL'] ? await startIdentityProvider() : env['OAUTH_URL'];
const oauth =
  authEnabled && oauthUrl
    ? {
        OAUTH_URL: oauthUrl,
        OAUTH_REALM: env['OAUTH_REALM'] ?? DEMO_REALM,
        OAUTH_CLIENT_ID: env['OAUTH_CLIENT_ID'] ?? DEMO_CLIENT_ID,
      }
    : undefined;
// The simulator provisions its devices as the realm's service account (the realm export has the same client).
const simulatorOauth = oauth
  ? {
      SIM_OAUTH_URL:
        env['SIM_OAUTH_URL'] ?? `${oauth.OAUTH_URL}/realms/${oauth.OAUTH_REALM}/protocol/openid-connect/token`,
      SIM_OAUTH_CLIENT_ID: env['SIM_OAUTH_CLIENT_ID'] ?? DEMO_SERVICE_ACCOUNT.clientId,
      SIM_OAUTH_CLIENT_SECRET: env['SIM_OAUTH_CLIENT_SECRET'] ?? DEMO_SERVICE_ACCOUNT.clientSecret,
    }
  : {};

if (!stopping) {
  run('realtime-server', 'apps/realtime-server/src/server.ts', { ...oauth });
  run('fleet-simulator', 'apps/fleet-simulator/src/main.ts', {
    SIM_MQTT_URL: env['SIM_MQTT_URL'] ?? brokerUrl,
    // The simulator's control interface for demos and test authors (loopback only): npm run sim -- help.
    SIM_CONTROL_PORT: env['SIM_CONTROL_PORT'] ?? '8090',
    ...simulatorOauth,
  });
  console.log(`Farola demo: open http://localhost:${port}/lighting/ (devices report over ${brokerUrl})`);
  if (oauth && !env['OAUTH_URL']) {
    console.log(
      `Sign in at ${oauth.OAUTH_URL} as admin, operator, viewer or outsider (each password is the user name).`,
    );
  }
}
