import type { Logger } from 'pino';

/** Something that runs between start and stop: a listener, a timer, a connection, a queue. */
export interface LifecyclePart {
  name: string;
  start?(): Promise<void> | void;
  stop(): Promise<void> | void;
}

/**
 * The one place that knows the order of start and stop. Parts start in the order they are
 * given and stop in reverse. A part that fails to start undoes the stack: everything started
 * before it stops, newest first, and the start error is rethrown. A part that fails to stop is
 * logged and the others still stop; the first failure is rethrown once all have run, so data
 * that could not be written is reported rather than the stop claiming success.
 *
 * @example
 * const stack = new Lifecycle(logger);
 * const db = await stack.acquire('database', () => openDatabase(config), (db) => db.close());
 * await stack.start({ name: 'HTTP', start: () => listen(), stop: () => close() });
 * await stack.stop(); // HTTP, then the database
 */
export class Lifecycle {
  private readonly started: LifecyclePart[] = [];
  private stopping: Promise<void> | null = null;

  constructor(private readonly logger: Logger) {}

  /** Starts `part` and puts it on the stack; if it fails, the stack is undone and the error rethrown. */
  async start(part: LifecyclePart): Promise<void> {
    if (this.stopping) throw new Error(`cannot start ${part.name}: the stack is stopping`);
    try {
      await part.start?.();
    } catch (error) {
      this.logger.error({ err: error, part: part.name }, 'start failed; stopping what was started');
      await this.stop().catch(() => undefined);
      throw error;
    }
    this.started.push(part);
  }

  /** Opens a resource, puts its closing on the stack, and returns it. */
  async acquire<T>(name: string, open: () => Promise<T>, close: (resource: T) => Promise<void> | void): Promise<T> {
    let resource: T | undefined;
    await this.start({
      name,
      start: async () => {
        resource = await open();
      },
      stop: () => close(resource as T),
    });
    return resource as T;
  }

  /** Runs `work` (a module's setup, say); if it throws, the stack is undone and the error rethrown. */
  async guard<T>(what: string, work: () => Promise<T> | T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.logger.error({ err: error, step: what }, 'start failed; stopping what was started');
      await this.stop().catch(() => undefined);
      throw error;
    }
  }

  /** The parts started so far, in the order they stop. */
  get stopOrder(): string[] {
    return this.started.map((part) => part.name).reverse();
  }

  /** Stops every part, newest first; the same promise for every caller. */
  stop(): Promise<void> {
    this.stopping ??= this.unwind();
    return this.stopping;
  }

  private async unwind(): Promise<void> {
    let failure: unknown = null;
    for (let part = this.started.pop(); part; part = this.started.pop()) {
      try {
        await part.stop();
      } catch (error) {
        this.logger.error({ err: error, part: part.name }, `stopping: ${part.name} failed`);
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }
}
