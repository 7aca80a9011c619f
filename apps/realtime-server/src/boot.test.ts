import { createServer, type AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFarolaServer } from './boot';
import { loadConfig } from './config';
import { MODULES } from './modules/module-list';
import type { FarolaModule } from './platform/module';
import { type Harness, startHarness } from './testing/harness';

const logger = pino({ level: 'silent' });

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves whether `port` can be listened on again, i.e. whatever held it has let it go. */
async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  return listening;
}

const configFor = (env: Record<string, string>) =>
  loadConfig({ HOST: '127.0.0.1', DATA_DIR: 'memory://', AUTH_DISABLED: 'true', ...env });

describe('a start that fails', () => {
  it('frees the MQTT port again when the HTTP port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const httpPort = (taken.address() as AddressInfo).port;
    const mqttPort = await freePort();
    try {
      const starting = startFarolaServer(configFor({ PORT: String(httpPort), MQTT_PORT: String(mqttPort) }), {
        logger,
      });
      await expect(starting).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(await isFree(mqttPort)).toBe(true);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it("stops every part started before a module's failing part, newest first", async () => {
    const mqttPort = await freePort();
    const stopped: string[] = [];
    const recorder = (name: string): FarolaModule => ({
      name,
      description: 'A module of this test',
      setup: () => ({ parts: [{ name, stop: () => void stopped.push(name) }] }),
    });
    const broken: FarolaModule = {
      name: 'broken',
      description: 'A module of this test',
      setup: () => ({
        parts: [
          { name: 'broken', start: () => Promise.reject(new Error('database went away')), stop: () => undefined },
        ],
      }),
    };

    const starting = startFarolaServer(configFor({ PORT: '0', MQTT_PORT: String(mqttPort) }), {
      logger,
      modules: [...MODULES, recorder('first'), recorder('second'), broken, recorder('never')],
    });

    await expect(starting).rejects.toThrow('database went away');
    expect(stopped).toEqual(['second', 'first']);
    expect(await isFree(mqttPort)).toBe(true);
  });

  it('undoes the start when a module cannot be set up', async () => {
    const mqttPort = await freePort();
    const failing: FarolaModule = {
      name: 'needs-more',
      description: 'A module of this test',
      setup: ({ services }) => {
        services.get('devices');
        throw new Error('setup failed');
      },
    };
    const starting = startFarolaServer(configFor({ PORT: '0', MQTT_PORT: String(mqttPort) }), {
      logger,
      modules: [...MODULES, failing],
    });
    await expect(starting).rejects.toThrow('setup failed');
    expect(await isFree(mqttPort)).toBe(true);
  });

  it("refuses a second module answering the sockets' scope: one feature owns each question", async () => {
    const second: FarolaModule = {
      name: 'other-projects',
      description: 'A module of this test',
      setup: () => ({ socketScope: { visibleProjectIds: () => Promise.resolve([]) } }),
    };
    const starting = startFarolaServer(configFor({ PORT: '0', MQTT_PORT: String(await freePort()) }), {
      logger,
      modules: [...MODULES, second],
    });
    await expect(starting).rejects.toThrow(
      "module other-projects offers the socket scope's visibleProjectIds a second time",
    );
  });
});

describe('a running server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('stops in an order that loses nothing: no new work, then the command queue, the final write, the database', () => {
    const order = h.server.stopOrder;
    const at = (name: string) => {
      expect(order).toContain(name);
      return order.indexOf(name);
    };
    expect(at('HTTP and Socket.IO')).toBe(0);
    expect(at('MQTT gateway')).toBe(1);
    expect(at('command queue')).toBeLessThan(at('device data write-behind'));
    expect(at('registration recovery')).toBeLessThan(at('device data write-behind'));
    expect(at('device data write-behind')).toBeLessThan(at('MQTT broker'));
    expect(at('Socket.IO')).toBeGreaterThan(at('device data write-behind'));
    expect(order.at(-1)).toBe('database');
  });
});

describe('a server started with authentication disabled', () => {
  it('says so loudly in its log, and a server with sign-in on does not', async () => {
    const lines: { level: number; msg: string }[] = [];
    const capture = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const open = await startFarolaServer(configFor({ PORT: '0', MQTT_PORT: '0' }), { logger: capture });
    await open.close();
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/^AUTHENTICATION IS DISABLED/) }),
    );

    lines.length = 0;
    const signedIn = configFor({
      PORT: '0',
      MQTT_PORT: '0',
      AUTH_DISABLED: 'false',
      OAUTH_URL: 'http://127.0.0.1:9',
      OAUTH_REALM: 'farola',
      OAUTH_CLIENT_ID: 'console',
    });
    const closed = await startFarolaServer(signedIn, { logger: capture });
    await closed.close();
    expect(lines.some((line) => /AUTHENTICATION IS DISABLED/.test(line.msg))).toBe(false);
  });
});
