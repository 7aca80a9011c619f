import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { SimDevice } from '../device-state';
import { reportedPoweredOn } from '../switching-state';
import { CONTROL_ACTIONS, ControlError, type FleetControl, runAction } from './control-actions';
import { ClockTargetSchema, resolveClockTarget, setFleetClock } from './sim-time';

/** Routes a server adds (the scenarios'): the answer's body, or undefined when the route is not theirs. */
export type ExtraRoutes = (method: string, path: string, body: () => Promise<unknown>) => Promise<unknown>;

/** Bodies above this size are refused: the largest sensible one names 100,000 serial numbers. */
const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

const ClockChangeSchema = z
  .strictObject({
    time: ClockTargetSchema.optional(),
    advanceMinutes: z
      .number()
      .min(-366 * 24 * 60)
      .max(366 * 24 * 60)
      .optional(),
  })
  .refine((change) => (change.time === undefined) !== (change.advanceMinutes === undefined), {
    message: "Give either time (ISO-8601, 'sunset-20s', 'sunrise+1h', '+2h') or advanceMinutes",
  });

/** Fields of a device that are links to others or machinery, not its state. */
const NOT_STATE = new Set(['spec', 'random', 'cabinet', 'lightPoints', 'sun']);

/** A device's state as plain JSON: its own fields, without the links to other devices. */
export function describeDevice(device: SimDevice): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(device)) {
    if (NOT_STATE.has(key) || typeof value === 'function') continue;
    state[key] = value instanceof Set ? [...value] : value instanceof Map ? Object.fromEntries(value) : value;
  }
  if (device.kind === 'light-point') state['cabinet'] = device.cabinet?.spec.serialNumber ?? null;
  else state['lightPoints'] = device.lightPoints.map((lightPoint) => lightPoint.spec.serialNumber);
  return state;
}

function clockOf(control: FleetControl) {
  return { now: new Date(control.clock.now()).toISOString(), speed: control.clock.speed };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT_BYTES) throw new ControlError(413, 'Request too large');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ControlError(400, 'The body is not JSON');
  }
}

/** Maps and sets inside a device's state (its active faults, a cabinet's conditions) as JSON. */
const toJson = (_key: string, value: unknown) =>
  value instanceof Map ? Object.fromEntries(value) : value instanceof Set ? [...value] : value;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(`${JSON.stringify(body, toJson, 2)}\n`);
}

/**
 * The simulator's control interface for test authors: HTTP with JSON bodies, on SIM_CONTROL_PORT.
 * `GET /` lists the actions with their parameters; docs/simulator.md has examples. It has no
 * authentication: bind it to a loopback address (the default), never expose it.
 */
export class ControlServer {
  private readonly server: Server;
  private draws = 0;

  constructor(
    private readonly control: FleetControl,
    private readonly logger: Logger,
    private readonly extraRoutes: ExtraRoutes = () => Promise.resolve(undefined),
  ) {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async listen(port: number, host: string): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://control').pathname.replace(/\/+$/, '') || '/';
    try {
      const body = await this.route(method, path, () => readJson(request));
      if (body === undefined) throw new ControlError(404, `No route ${method} ${path}`);
      send(response, 200, body);
    } catch (error) {
      if (error instanceof ControlError) {
        send(response, error.status, { error: { message: error.message, issues: error.issues } });
        return;
      }
      this.logger.error({ err: error, method, path }, 'control request failed');
      send(response, 500, { error: { message: 'The simulator failed to carry out the request' } });
    }
  }

  private async route(method: string, path: string, body: () => Promise<unknown>): Promise<unknown> {
    const { control } = this;
    if (method === 'GET' && path === '/') {
      return {
        clock: clockOf(control),
        actions: Object.entries(CONTROL_ACTIONS).map(([name, definition]) => ({
          name,
          summary: definition.summary,
          kinds: definition.kinds,
          params: z.toJSONSchema(definition.params, { io: 'input' }),
        })),
      };
    }
    if (method === 'GET' && path === '/fleet') {
      let devices = 0;
      let online = 0;
      let lightPoints = 0;
      let lightPointsOn = 0;
      let switchOnReports = 0;
      for (const entry of control.entries()) {
        devices += 1;
        if (entry.online) online += 1;
        if (entry.device.kind === 'light-point') lightPoints += 1;
        if (reportedPoweredOn(entry)) lightPointsOn += 1;
        switchOnReports += entry.switchOnReports;
      }
      return {
        devices,
        online,
        lightPoints,
        cabinets: devices - lightPoints,
        // As the devices last reported them: a bench compares what reached the server with these.
        lightPointsOn,
        switchOnReports,
        changeReports: control.changeReports(),
        clock: clockOf(control),
      };
    }
    const device = /^\/devices\/([^/]+)$/.exec(path);
    if (method === 'GET' && device) {
      const entry = control.entry(decodeURIComponent(device[1]!));
      if (!entry) throw new ControlError(404, `No simulated device ${device[1]}`);
      const { failNext, failureRate } = entry;
      return {
        spec: entry.device.spec,
        online: entry.online,
        state: describeDevice(entry.device),
        injected: { nextCommandFailure: failNext ?? null, commandFailureRate: failureRate ?? null },
      };
    }
    if (path === '/clock' && method === 'GET') return clockOf(control);
    if (path === '/clock' && method === 'PUT') {
      const change = ClockChangeSchema.safeParse(await body());
      if (!change.success) throw new ControlError(400, 'Invalid clock change', change.error.issues);
      const { time, advanceMinutes } = change.data;
      const now = control.clock.now();
      setFleetClock(
        control,
        time === undefined ? now + advanceMinutes! * 60_000 : resolveClockTarget(time, now, control.center),
      );
      return clockOf(control);
    }
    if (path === '/actions' && method === 'POST') {
      const result = runAction(control, await body(), this.draws++);
      this.logger.info({ action: result.action, applied: result.applied.length }, 'control action');
      return result;
    }
    return this.extraRoutes(method, path, body);
  }
}
