import {
  COMMAND_PARAMS,
  type DeviceErrorCode,
  type DownCommandMessage,
  supportsCommand,
  type UpCommandMessage,
} from '@farola/protocol';
import type { SimClock } from './clock';
import type { SimDevice } from './device';

/** A command the device cannot carry out; it ends the request as ERROR with this code. */
export class CommandError extends Error {
  constructor(
    readonly code: DeviceErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** What a command handler may do while it runs. */
export interface CommandContext {
  device: SimDevice;
  params: Record<string, unknown>;
  progress(percent: number): void;
  /** The device's clock: simulated time in epoch ms. */
  now(): number;
  /** Waits `simulatedMs` of device time (shortened on the wall clock by SIM_SPEED). */
  pause(simulatedMs: number): Promise<void>;
  /** A realistic step latency, 0.3–1.5 s of device time. */
  step(): Promise<void>;
  /** Publishes the device's changed values (and those of the light points a cabinet feeds). */
  publishChanges(): void;
}

export type CommandHandler = (ctx: CommandContext) => Promise<void>;

export interface RunnerHooks {
  errorRate: number;
  clock: SimClock;
  handlers: Record<DownCommandMessage['command'], CommandHandler>;
  send(device: SimDevice, message: UpCommandMessage): void;
  publishChanges(device: SimDevice): void;
  /** Tracks a timer so that stopping the fleet can cancel work in progress. */
  delay(ms: number): Promise<void>;
  /** An unexpected fault inside a handler: logged, and answered as an error instead of crashing. */
  onFailure(error: unknown, request: DownCommandMessage): void;
}

/** Remembered requests per device, so a re-delivered request is answered, never run twice. */
const REMEMBERED_REQUESTS = 64;

/** Runs commands with progress, error injection and de-duplication by requestId. */
export class CommandRunner {
  private readonly requests = new WeakMap<SimDevice, Map<string, UpCommandMessage>>();

  constructor(private readonly hooks: RunnerHooks) {}

  private remembered(device: SimDevice): Map<string, UpCommandMessage> {
    let map = this.requests.get(device);
    if (!map) {
      map = new Map();
      this.requests.set(device, map);
    }
    return map;
  }

  handle(device: SimDevice, request: DownCommandMessage): void {
    const known = this.remembered(device);
    const current = known.get(request.requestId);
    if (current) {
      this.hooks.send(device, { ...current, ts: new Date().toISOString() });
      return;
    }
    if (known.size >= REMEMBERED_REQUESTS) known.delete(known.keys().next().value ?? '');
    const state: UpCommandMessage = { requestId: request.requestId, status: 'IN_PROGRESS', progress: 0 };
    known.set(request.requestId, state);
    void this.run(device, request, state);
  }

  private update(device: SimDevice, state: UpCommandMessage, change: Partial<UpCommandMessage>): void {
    Object.assign(state, change);
    this.hooks.send(device, { ...state, ts: new Date().toISOString() });
  }

  private async run(device: SimDevice, request: DownCommandMessage, state: UpCommandMessage): Promise<void> {
    const { hooks } = this;
    const pause = (ms: number) => hooks.delay(hooks.clock.realMs(ms));
    const ctx: CommandContext = {
      device,
      params: request.params,
      progress: (percent) => this.update(device, state, { progress: Math.max(state.progress, Math.min(99, percent)) }),
      now: () => hooks.clock.now(),
      pause,
      step: () => pause(device.random.between(300, 1500)),
      publishChanges: () => hooks.publishChanges(device),
    };
    try {
      await this.execute(ctx, request);
      this.update(device, state, { status: 'DONE', progress: 100 });
    } catch (error) {
      let failure = error;
      if (!(failure instanceof CommandError)) {
        hooks.onFailure(failure, request);
        failure = new CommandError('NOT_FOUND', 'The device failed while running the command');
      }
      const { code, message } = failure as CommandError;
      this.update(device, state, { status: 'ERROR', error: { code, message } });
    }
  }

  private async execute(ctx: CommandContext, request: DownCommandMessage): Promise<void> {
    const { deviceType, vendor } = ctx.device.spec;
    if (!supportsCommand(vendor, deviceType, request.command)) {
      throw new CommandError('METHOD_NOT_ALLOWED', `${request.command} is not supported by this device`);
    }
    const params = COMMAND_PARAMS[request.command].safeParse(request.params);
    if (!params.success) {
      throw new CommandError('NOT_ACCEPTABLE', params.error.issues.map((issue) => issue.message).join('; '));
    }
    ctx.params = params.data;
    await ctx.step();
    const { random } = ctx.device;
    ctx.progress(random.int(5, 20));
    if (random.chance(this.hooks.errorRate)) {
      await ctx.step();
      ctx.progress(random.int(25, 60));
      throw new CommandError('NOT_FOUND', `${request.command} failed: resource not found on the device`);
    }
    await this.hooks.handlers[request.command](ctx);
  }
}
