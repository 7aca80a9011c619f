import type { Logger } from 'pino';

/**
 * The domain events modules emit and subscribe to, by name. A module that emits an event declares
 * its payload by merging into this interface, in its `contract.ts`, so `events.on('RequestDone', …)`
 * is typed wherever it is written:
 *
 * @example
 * declare module '../../platform/events' {
 *   interface DomainEvents {
 *     RequestDone: QueuedRequest;
 *   }
 * }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each module
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;

/** Told of one event; may be async. What it throws or rejects with is logged and counted, never passed on. */
export type DomainEventHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;

/** The bus as a module sees it: its handlers and its emits carry the module's name in the logs. */
export interface ModuleEvents {
  /** Calls `handler` with every `name` event emitted from now on, after the handlers of modules before. */
  on<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): void;
  /**
   * Tells every handler of `name`, one after the other in module order (an async one is awaited
   * before the next). Resolves once all have settled; never rejects: a handler that fails is
   * logged and counted, and the others still run.
   */
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void>;
}

interface Subscription {
  owner: string;
  handle: (payload: never) => void | Promise<void>;
}

const SETTLED = Promise.resolve();

/**
 * One process's domain event bus. Events are in-process notifications between modules, after the
 * emitting module has stored what happened (its truth is in the database); a second server process
 * has its own bus and learns of the other's changes through the database and the broker.
 */
export class EventBus {
  private readonly subscriptions = new Map<DomainEventName, Subscription[]>();
  /** Failed handlers by event and subscribing module (`RequestDone lifecycle`), for the health answer. */
  readonly failures: Record<string, number> = {};

  constructor(private readonly logger: Logger) {}

  /** The bus for the module `owner`. */
  forModule(owner: string): ModuleEvents {
    return {
      on: (name, handler) => {
        const list = this.subscriptions.get(name) ?? [];
        list.push({ owner, handle: handler as Subscription['handle'] });
        this.subscriptions.set(name, list);
      },
      emit: (name, payload) => this.emit(name, payload),
    };
  }

  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    const list = this.subscriptions.get(name);
    if (!list) return SETTLED;
    // Synchronous handlers (device reports, thousands a second) cost no promise; the first async
    // one hands the rest to `continueAfter`.
    for (let at = 0; at < list.length; at += 1) {
      const subscription = list[at]!;
      let result: void | Promise<void>;
      try {
        result = subscription.handle(payload as never);
      } catch (error) {
        this.failed(name, subscription, error);
        continue;
      }
      if (result instanceof Promise) return this.continueAfter(result, name, payload, list, at);
    }
    return SETTLED;
  }

  private async continueAfter<K extends DomainEventName>(
    pending: Promise<void>,
    name: K,
    payload: DomainEvents[K],
    list: readonly Subscription[],
    at: number,
  ): Promise<void> {
    await pending.catch((error: unknown) => this.failed(name, list[at]!, error));
    for (let next = at + 1; next < list.length; next += 1) {
      const subscription = list[next]!;
      try {
        await subscription.handle(payload as never);
      } catch (error) {
        this.failed(name, subscription, error);
      }
    }
  }

  private failed(name: DomainEventName, subscription: Subscription, error: unknown): void {
    const key = `${String(name)} ${subscription.owner}`;
    this.failures[key] = (this.failures[key] ?? 0) + 1;
    this.logger.error(
      { err: error, event: name, module: subscription.owner },
      'a module failed to handle a domain event; the other handlers still ran',
    );
  }
}
