import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PROJECT_ID,
  type DownMessage,
  type Page,
  type ProvisionedDevices,
  type QueuedRequest,
  type ScheduleJob,
  topics,
} from '@farola/protocol';
import { type ServerProcess, startServerProcess } from './server-process';
import { clearRetained, freshSchemaUrl, getJson, MOSQUITTO_URL, postJson } from './stack';

const LIGHTS = 20;
const EVENING = [
  { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
  { start: '23:00', dimming: 60, fadingMinutes: 15 },
];
/**
 * Short silences and many attempts: a request left unanswered in the first run is re-sent within
 * seconds of the second start, and has not timed out by then.
 */
const SERVER_ENV = {
  AUTH_DISABLED: 'true',
  LOG_LEVEL: 'warn',
  MQTT_URL: MOSQUITTO_URL,
  COMMAND_ATTEMPT_TIMEOUT_MS: '1500',
  COMMAND_MAX_ATTEMPTS: '40',
  RATE_LIMIT_API: '0',
  RATE_LIMIT_WRITES: '0',
  RATE_LIMIT_EXPENSIVE_READS: '0',
};
const SLOW = { timeout: 30_000, interval: 100 };

/** A light point on the broker: every `setSchedule` request id it hears, and whether it answers DONE. */
interface Light {
  id: string;
  serial: string;
  client: MqttClient;
  heard: Map<string, number>;
  answering: boolean;
}

async function connectLight(id: string, serial: string): Promise<Light> {
  const client = await mqtt.connectAsync(MOSQUITTO_URL, {
    clientId: serial,
    reconnectPeriod: 0,
    will: {
      topic: topics.up(serial, 'connection'),
      payload: Buffer.from(JSON.stringify({ connected: false })),
      qos: 1,
      retain: true,
    },
  });
  const light: Light = { id, serial, client, heard: new Map(), answering: false };
  client.on('message', (_topic, payload) => {
    const message = JSON.parse(payload.toString()) as DownMessage;
    if ('cancel' in message) return;
    if (message.command === 'setSchedule') {
      light.heard.set(message.requestId, (light.heard.get(message.requestId) ?? 0) + 1);
    }
    if (light.answering) {
      void client.publishAsync(
        topics.up(serial, 'commands'),
        JSON.stringify({ requestId: message.requestId, status: 'DONE', progress: 100 }),
        { qos: 1 },
      );
    }
  });
  await client.subscribeAsync(topics.downCommands(serial), { qos: 1 });
  // Retained, as the simulator announces itself: the second server learns the light is connected from the broker.
  await client.publishAsync(
    topics.up(serial, 'connection'),
    JSON.stringify({
      connected: true,
      ts: new Date().toISOString(),
      registration: { deviceType: 'light-point-controller', vendor: 'orion' },
    }),
    { qos: 1, retain: true },
  );
  return light;
}

/**
 * Makes every job item's start wait in the database until `release`: the server has queued and
 * sent the batch's requests, and is killed before it records them.
 */
async function holdItemStarts(databaseUrl: string) {
  const key = Math.floor(Math.random() * 1_000_000_000);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `CREATE FUNCTION hold_item_start() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN PERFORM pg_advisory_xact_lock(${key}); RETURN NEW; END $$`,
  );
  await client.query(
    `CREATE TRIGGER hold_item_start BEFORE UPDATE ON job_items FOR EACH ROW
     WHEN (NEW.started AND NOT OLD.started) EXECUTE FUNCTION hold_item_start()`,
  );
  await client.query('SELECT pg_advisory_lock($1)', [key]);
  let released = false;
  return {
    /**
     * Ends the killed server's waiting statement (rolled back: the items stay unstarted), lets
     * starts through again, and ends the dead server's claim as if its 30 s lease had run out.
     */
    release: async (jobId?: string): Promise<number> => {
      if (released) return 0;
      released = true;
      const waiting = await client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
         WHERE locktype = 'advisory' AND NOT granted AND objid = $1`,
        [key],
      );
      await client.query('DROP TRIGGER hold_item_start ON job_items');
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
      if (jobId)
        await client.query('UPDATE job_items SET lease_until = now() WHERE job_id = $1 AND NOT started', [jobId]);
      await client.end();
      return waiting.rowCount ?? 0;
    },
  };
}

describe('applying a group schedule across a server killed with SIGKILL', () => {
  let database: Awaited<ReturnType<typeof freshSchemaUrl>> | undefined;
  let server: ServerProcess | undefined;
  const lights: Light[] = [];
  const holds: Awaited<ReturnType<typeof holdItemStarts>>[] = [];
  const startServer = () => startServerProcess({ ...SERVER_ENV, DATABASE_URL: database!.url });

  beforeAll(async () => {
    database = await freshSchemaUrl();
  });
  afterEach(async () => {
    await server?.kill('SIGKILL');
    for (const hold of holds.splice(0)) await hold.release();
  });
  afterAll(async () => {
    for (const light of lights) await light.client.endAsync();
    await clearRetained(
      MOSQUITTO_URL,
      lights.map((light) => light.serial),
    );
    await database?.drop();
  });

  /** LIGHTS light points provisioned through the API, connected and registered, in a group running a calendar. */
  async function groupOfLights(api: ServerProcess['url'], name: string): Promise<{ groupId: string; group: Light[] }> {
    const prefix = `KILL-${randomUUID().slice(0, 6).toUpperCase()}`;
    const provisioned = await postJson<ProvisionedDevices>(api('/devices/batch'), {
      devices: Array.from({ length: LIGHTS }, (_, i) => ({
        serialNumber: `${prefix}-${i}`,
        deviceType: 'light-point-controller',
        vendor: 'orion',
        projectId: DEMO_PROJECT_ID,
        name: `${prefix}-${i}`,
      })),
    });
    expect(provisioned.body.created).toBe(LIGHTS);
    const group: Light[] = [];
    for (const item of provisioned.body.items) group.push(await connectLight(item.deviceId!, item.serialNumber!));
    lights.push(...group);
    await expect
      .poll(async () => {
        const states = await Promise.all(
          group.map(
            async (light) => (await getJson<{ status: string; connected: boolean }>(api(`/devices/${light.id}`))).body,
          ),
        );
        return states.every((state) => state.status === 'ready' && state.connected);
      }, SLOW)
      .toBe(true);

    const created = async (route: string, body: unknown) => {
      const answer = await postJson<{ id: string }>(api(route), body);
      expect(answer.status).toBe(201);
      return answer.body.id;
    };
    const programId = await created('/control-programs', { projectId: DEMO_PROJECT_ID, name, intervals: EVENING });
    const calendarId = await created('/calendars', {
      projectId: DEMO_PROJECT_ID,
      name,
      astronomical: false,
      rules: [{ repetition: 'daily', startDate: '2026-01-01', programId }],
    });
    const groupId = await created('/groups', { projectId: DEMO_PROJECT_ID, name, calendarId });
    const members = await postJson(api(`/groups/${groupId}/members`), { deviceIds: group.map((light) => light.id) });
    expect(members.status).toBe(200);
    return { groupId, group };
  }

  const job = async (api: ServerProcess['url'], id: string) =>
    (await getJson<ScheduleJob>(api(`/schedule-jobs/${id}`))).body;
  const requestsOf = async (api: ServerProcess['url'], light: Light) =>
    (await getJson<Page<QueuedRequest>>(api(`/queued-requests?deviceId=${light.id}&command=setSchedule`))).body.items;

  /** The job ended with every light point confirmed, each sent one request and hearing no other. */
  async function expectConfiguredOnce(api: ServerProcess['url'], jobId: string, group: Light[]) {
    await expect.poll(async () => (await job(api, jobId)).status, SLOW).toBe('done');
    expect(await job(api, jobId)).toMatchObject({ total: LIGHTS, succeeded: LIGHTS, failed: 0, pending: 0 });
    for (const light of group) {
      const requests = await requestsOf(api, light);
      expect(requests, light.serial).toHaveLength(1);
      expect(requests[0]!.status).toBe('DONE');
      expect([...light.heard.keys()], light.serial).toEqual([requests[0]!.id]);
    }
  }

  it('resumes the job after a kill -9 once its requests were sent: the silent lights get the same request again, and each is configured once', async () => {
    const first = (server = await startServer());
    const { groupId, group } = await groupOfLights(first.url, 'Kill after recording');
    // Half the lights answer in the first run; the others only hear their request.
    for (const [i, light] of group.entries()) light.answering = i % 2 === 0;
    const applied = await postJson<ScheduleJob>(first.url(`/groups/${groupId}/apply`), {});
    expect(applied).toMatchObject({ status: 202, body: { total: LIGHTS, status: 'running' } });
    await expect.poll(() => group.every((light) => light.heard.size > 0), SLOW).toBe(true);
    await expect.poll(async () => (await job(first.url, applied.body.id)).succeeded, SLOW).toBe(LIGHTS / 2);

    await first.kill('SIGKILL');
    // The silent half can only confirm a request the second server sends them again.
    for (const light of group) light.answering = true;
    server = await startServer();
    await expectConfiguredOnce(server.url, applied.body.id, group);
  }, 90_000);

  it('takes the requests a server killed mid-start had queued and sent but not recorded: none is queued twice', async () => {
    const first = (server = await startServer());
    const { groupId, group } = await groupOfLights(first.url, 'Kill before recording');
    const hold = await holdItemStarts(database!.url);
    holds.push(hold);
    for (const [i, light] of group.entries()) light.answering = i % 2 === 0;
    const applied = await postJson<ScheduleJob>(first.url(`/groups/${groupId}/apply`), {});
    expect(applied.status).toBe(202);
    await expect.poll(() => group.every((light) => light.heard.size > 0), SLOW).toBe(true);
    // Half the lights have confirmed, yet the job has recorded nothing: the server is between the two.
    for (const light of group.filter((_, i) => i % 2 === 0)) {
      await expect.poll(async () => (await requestsOf(first.url, light))[0]?.status, SLOW).toBe('DONE');
    }
    expect(await job(first.url, applied.body.id)).toMatchObject({ succeeded: 0, pending: LIGHTS });

    await first.kill('SIGKILL');
    // The dead server's statement recording the starts was still waiting: it never commits.
    expect(await hold.release(applied.body.id)).toBe(1);
    for (const light of group) light.answering = true;
    server = await startServer();
    await expectConfiguredOnce(server.url, applied.body.id, group);
  }, 90_000);
});
