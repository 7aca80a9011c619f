import type { Logger } from 'pino';

/**
 * Changes to one request applied one at a time, in the order they were asked for (an answer, a
 * timer, a connection change), so that a late answer and a timeout never race. A change that
 * fails is logged and does not stop the next.
 */
export class RequestChains {
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(id: string, work: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(id) ?? Promise.resolve()).then(work).catch((error: unknown) => {
      this.logger.error({ err: error, requestId: id }, 'queued request change failed');
    });
    this.chains.set(id, next);
    void next.then(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
    return next;
  }

  /** Resolves once no change is under way (changes started meanwhile included). */
  async drain(): Promise<void> {
    while (this.chains.size > 0) await Promise.all(this.chains.values());
  }
}
