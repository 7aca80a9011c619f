import {
  COMMAND_PARAMS,
  type CommandDetail,
  type CommandName,
  type DeviceErrorCode,
  type DeviceErrorReason,
  type InstallationFailure,
  type DownCommandMessage,
  supportsCommand,
  type UpCommandMessage,
  type UpLogMessage,
} from '@farola/protocol';
import type { z } from 'zod';
import type { SimClock } from './clock';
import type { SimDevice } from './device-state';

/** An answer's error message holds at most this many characters (UpCommandMessageSchema). */
const MAX_ERROR_MESSAGE = 500;

/**
 * A command the device cannot carry out; it ends the request as ERROR with this code. A longer
 * message (every fault of a large schedule) is cut to what an answer may carry.
 */
export class CommandError extends Error {
  constructor(
    readonly code: DeviceErrorCode,
    message: string,
    /** Why the device could not act, a code of the catalogue the server reports instead. */
    readonly reason?: DeviceErrorReason,
  ) {
    super(message.length > MAX_ERROR_MESSAGE ? `${message.slice(0, MAX_ERROR_MESSAGE - 1)}…` : message);
  }
}

/** Thrown into a running handler when its request is cancelled or the device restarts. */
export class CommandAborted extends Error {
  constructor() {
    super('The request was withdrawn');
  }
}

/** What a command handler may do while it runs. */
export interface CommandContext {
  device: SimDevice;
  params: Record<string, unknown>;
  progress(percent: number): void;
  /**
   * Reports where a long command stands: `percent` as given (an installation's next attempt starts
   * again from 0), with the step and attempt, and the fault that ended the previous attempt.
   */
  report(percent: number, detail: CommandDetail, failure?: InstallationFailure): void;
  /** Adds to the detail the request's next answer carries (its DONE): what the command could not change. */
  note(detail: CommandDetail): void;
  /** The device's clock: simulated time in epoch ms. */
  now(): number;
  /**
   * Waits `simulatedMs` of device time (shortened on the wall clock by SIM_SPEED). Rejects with
   * CommandAborted when the request is cancelled meanwhile: a handler changes the device only
   * after its last pause, so a cancelled command leaves it as it was.
   */
  pause(simulatedMs: number): Promise<void>;
  /** A realistic step latency, 0.3–1.5 s of device time. */
  step(): Promise<void>;
  /** Publishes the device's changed values (and those of the light points a cabinet feeds). */
  publishChanges(): void;
  /** Cancels this device's running requests of `command` (cancelDownload stops a download). */
  abortRunning(command: DownCommandMessage['command']): number;
  /** Publishes a page of logged data on `up/logs`, for this request (`uploadLog`). */
  publishLogPage(page: Omit<UpLogMessage, 'requestId' | 'ts'>): void;
}

export type CommandHandler = (ctx: CommandContext) => Promise<void>;

/** A NOT_ACCEPTABLE message: each issue with the parameter it concerns, e.g. 'parameters.headEnd.gateway: …'. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export interface RunnerHooks {
  errorRate: number;
  clock: SimClock;
  handlers: Record<DownCommandMessage['command'], CommandHandler>;
  send(device: SimDevice, message: UpCommandMessage): void;
  /** Publishes a page of logged data on the device's `up/logs` (runners of tests that upload nothing leave it out). */
  sendLog?(device: SimDevice, message: UpLogMessage): void;
  publishChanges(device: SimDevice): void;
  /** Tracks a timer so that stopping the fleet can cancel work in progress. */
  delay(ms: number): Promise<void>;
  /** A failure the control interface injected for this command of the device (a next-command failure is taken once). */
  takeForcedFailure(
    device: SimDevice,
    command: CommandName,
  ): { code: DeviceErrorCode; message: string; reason?: DeviceErrorReason } | undefined;
  /** An unexpected fault inside a handler: logged, and answered as an error instead of crashing. */
  onFailure(error: unknown, request: DownCommandMessage): void;
}

/** Remembered requests per device, so a re-delivered request is answered, never run twice. */
const REMEMBERED_REQUESTS = 64;

/** A request the device has seen: its last answer, and while it runs, how to stop it. */
interface KnownRequest {
  command: DownCommandMessage['command'] | null;
  state: UpCommandMessage;
  /** Present while the request runs. */
  abort?: AbortController;
  /** Withdrawn by the server: never run, never answered again. */
  cancelled: boolean;
}

/** Runs commands with progress, error injection, cancellation and de-duplication by requestId. */
export class CommandRunner {
  private readonly requests = new WeakMap<SimDevice, Map<string, KnownRequest>>();

  constructor(private readonly hooks: RunnerHooks) {}

  private remembered(device: SimDevice): Map<string, KnownRequest> {
    let map = this.requests.get(device);
    if (!map) {
      map = new Map();
      this.requests.set(device, map);
    }
    return map;
  }

  private remember(device: SimDevice, requestId: string, known: KnownRequest): void {
    const map = this.remembered(device);
    if (map.size >= REMEMBERED_REQUESTS) {
      // Forget the oldest finished request; running ones stay so that they can be cancelled.
      for (const [id, entry] of map) {
        if (!entry.abort) {
          map.delete(id);
          break;
        }
      }
    }
    map.set(requestId, known);
  }

  handle(device: SimDevice, request: DownCommandMessage): void {
    const current = this.remembered(device).get(request.requestId);
    if (current) {
      if (!current.cancelled) this.hooks.send(device, { ...current.state, ts: new Date().toISOString() });
      return;
    }
    const known: KnownRequest = {
      command: request.command,
      state: { requestId: request.requestId, status: 'IN_PROGRESS', progress: 0 },
      abort: new AbortController(),
      cancelled: false,
    };
    this.remember(device, request.requestId, known);
    void this.run(device, request, known);
  }

  /**
   * The server withdrew a request: stop it where it is. A cancel that overtakes its command (or
   * follows one the device never got) is remembered, so the command never runs.
   */
  cancel(device: SimDevice, requestId: string): void {
    const known = this.remembered(device).get(requestId);
    if (!known) {
      this.remember(device, requestId, {
        command: null,
        state: { requestId, status: 'IN_PROGRESS', progress: 0 },
        cancelled: true,
      });
      return;
    }
    if (!known.abort) return;
    known.cancelled = true;
    known.abort.abort();
  }

  /**
   * The device restarts: whatever it was doing is lost. The requests are forgotten, so the server's
   * retry after its silence runs them again from the start.
   */
  abortAll(device: SimDevice): void {
    const map = this.remembered(device);
    for (const [id, known] of map) {
      if (!known.abort) continue;
      known.abort.abort();
      map.delete(id);
    }
  }

  private update(known: KnownRequest, device: SimDevice, change: Partial<UpCommandMessage>): void {
    if (known.abort?.signal.aborted) return;
    Object.assign(known.state, change);
    this.hooks.send(device, { ...known.state, ts: new Date().toISOString() });
  }

  /** A pause that ends early, with CommandAborted, when the request is withdrawn. */
  private pauseFor(signal: AbortSignal, simulatedMs: number): Promise<void> {
    if (signal.aborted) return Promise.reject(new CommandAborted());
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(new CommandAborted());
      signal.addEventListener('abort', onAbort, { once: true });
      void this.hooks.delay(this.hooks.clock.realMs(simulatedMs)).then(() => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) reject(new CommandAborted());
        else resolve();
      });
    });
  }

  private async run(device: SimDevice, request: DownCommandMessage, known: KnownRequest): Promise<void> {
    const { hooks } = this;
    const signal = known.abort!.signal;
    const pause = (ms: number) => this.pauseFor(signal, ms);
    const ctx: CommandContext = {
      device,
      params: request.params,
      progress: (percent) =>
        this.update(known, device, { progress: Math.max(known.state.progress, Math.min(99, percent)) }),
      report: (percent, detail, failure) =>
        this.update(known, device, {
          progress: Math.max(0, Math.min(99, percent)),
          detail: failure ? { ...detail, failure } : detail,
        }),
      note: (detail) => {
        known.state.detail = { ...known.state.detail, ...detail };
      },
      now: () => hooks.clock.now(),
      pause,
      step: () => pause(device.random.between(300, 1500)),
      publishChanges: () => hooks.publishChanges(device),
      abortRunning: (command) => this.abortCommand(device, command, request.requestId),
      publishLogPage: (page) => {
        // A withdrawn request sends nothing more.
        if (!signal.aborted) {
          hooks.sendLog?.(device, { requestId: request.requestId, ...page, ts: new Date().toISOString() });
        }
      },
    };
    try {
      await this.execute(ctx, request);
      if (signal.aborted) return;
      this.update(known, device, { status: 'DONE', progress: 100 });
    } catch (error) {
      if (error instanceof CommandAborted || signal.aborted) return;
      let failure = error;
      if (!(failure instanceof CommandError)) {
        hooks.onFailure(failure, request);
        failure = new CommandError('NOT_FOUND', 'The device failed while running the command');
      }
      const { code, message, reason } = failure as CommandError;
      this.update(known, device, { status: 'ERROR', error: { code, message, ...(reason ? { reason } : {}) } });
    } finally {
      delete known.abort;
    }
  }

  /** Ends this device's other running requests of `command` in ERROR (a cancelled download). */
  private abortCommand(device: SimDevice, command: DownCommandMessage['command'], except: string): number {
    let stopped = 0;
    for (const [id, known] of this.remembered(device)) {
      if (id === except || known.command !== command || !known.abort) continue;
      this.update(known, device, {
        status: 'ERROR',
        error: { code: 'NOT_ACCEPTABLE', message: 'Download cancelled on the device' },
      });
      known.abort.abort();
      stopped += 1;
    }
    return stopped;
  }

  private async execute(ctx: CommandContext, request: DownCommandMessage): Promise<void> {
    const { deviceType, vendor } = ctx.device.spec;
    if (!supportsCommand(vendor, deviceType, request.command)) {
      throw new CommandError('METHOD_NOT_ALLOWED', `${request.command} is not supported by this device`);
    }
    if (ctx.device.remoteManagementDisabled) {
      throw new CommandError('METHOD_NOT_ALLOWED', 'Remote management disabled', 'REMOTE_MANAGEMENT_DISABLED');
    }
    const params = COMMAND_PARAMS[request.command].safeParse(request.params);
    if (!params.success) {
      throw new CommandError('NOT_ACCEPTABLE', describeIssues(params.error));
    }
    ctx.params = params.data;
    const forced = this.hooks.takeForcedFailure(ctx.device, request.command);
    await ctx.step();
    if (forced) {
      ctx.progress(ctx.device.random.int(10, 40));
      throw new CommandError(forced.code, forced.message, forced.reason);
    }
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
