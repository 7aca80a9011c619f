import type { QueuedRequest } from '@farola/protocol';

/** At most this many requests per statement. */
const GROUP_MAX = 1000;
/** At most this many statements at once (the pool holds 10 connections; the rest stay for everyone else). */
const WRITERS = 3;

interface Waiting {
  request: QueuedRequest;
  resolve: (stored: QueuedRequest) => void;
  reject: (error: unknown) => void;
}

/**
 * Request changes written together: every `update` joins the group being gathered, and a group is
 * written in one statement as soon as one of WRITERS statements is free. One device answer alone
 * is written at once (on the next turn of the event loop); under a bulk job's thousands of answers
 * a second they share statements and commits, instead of each queueing a round trip of its own for
 * the database pool (measured: 10,000 switch-offs took a minute that way, tests/bench/bulk.bench.ts).
 * A request is in at most one statement at a time: a second change to it waits until the first is
 * stored, so changes to one request are applied in order.
 */
export class GroupedUpdates {
  private waiting: Waiting[] = [];
  /** Requests in a statement being written. */
  private readonly writing = new Set<string>();
  private writers = 0;
  private scheduled = false;

  constructor(private readonly write: (requests: QueuedRequest[]) => Promise<Map<string, QueuedRequest>>) {}

  /** Stores the request's changing fields and resolves with it as stored. */
  update(request: QueuedRequest): Promise<QueuedRequest> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.schedule();
    });
  }

  /** Starts writing on the next turn of the event loop, so that the answers of one read share a group. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startWriters();
    });
  }

  private startWriters(): void {
    while (this.writers < WRITERS) {
      const group = this.nextGroup();
      if (group.length === 0) return;
      this.writers += 1;
      void this.writeGroup(group).finally(() => {
        this.writers -= 1;
        for (const { request } of group) this.writing.delete(request.id);
        if (this.waiting.length > 0) this.schedule();
      });
    }
  }

  private async writeGroup(group: Waiting[]): Promise<void> {
    try {
      const stored = await this.write(group.map(({ request }) => request));
      for (const { request, resolve, reject } of group) {
        const row = stored.get(request.id);
        if (row) resolve(row);
        else reject(new Error(`queued request ${request.id} is not stored`));
      }
    } catch (error) {
      for (const { reject } of group) reject(error);
    }
  }

  /** Takes the oldest waiting changes, up to GROUP_MAX, each request once and none being written. */
  private nextGroup(): Waiting[] {
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    for (const waiting of this.waiting) {
      const { id } = waiting.request;
      if (group.length < GROUP_MAX && !this.writing.has(id)) {
        this.writing.add(id);
        group.push(waiting);
      } else later.push(waiting);
    }
    this.waiting = later;
    return group;
  }
}
