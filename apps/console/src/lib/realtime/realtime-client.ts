import {
  StreamPositionsSchema,
  type RealtimeSession,
  type StreamedEventType,
  type StreamPositions,
  type Subscription,
} from '@farola/protocol';
import type { Observable } from 'rxjs';
import { filter, Subject, type Subscription as RxSubscription } from 'rxjs';
import { z } from 'zod';
import type { RealtimeTransport, TransportEventPayloads } from './transport';

/**
 * Streams whose data must be loaded again over REST: the named ones, or every one (`all`) when
 * the server cannot say (it does not follow the realtime contract, or the resume failed).
 */
export type Resync = { all: true } | { all: false; streams: readonly string[] };

const RefusalSchema = z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) });
const SubscribeAckSchema = z.union([z.object({ ok: z.literal(true), streams: StreamPositionsSchema }), RefusalSchema]);
const ResumeAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    epoch: z.string(),
    caughtUp: z.array(z.string()),
    resync: z.array(z.string()),
  }),
  RefusalSchema,
]);

const STREAMED_EVENTS: readonly StreamedEventType[] = [
  'DeviceAttributeValueUpdated',
  'DeviceCommandRequested',
  'DeviceConnectionStatusUpdated',
  'FleetStateUpdated',
];

/** Whether a resync asks to reload `stream`. */
export function resyncIncludes(resync: Resync, matches: (stream: string) => boolean): boolean {
  return resync.all || resync.streams.some(matches);
}

/**
 * The browser side of the realtime contract (docs/realtime.md). It remembers the server's epoch
 * and the last seq seen per stream; drops items it has already seen (seq ≤ last); on a reconnect
 * sends `resume` and announces, on `resync$`, only the streams the server could not catch up (or
 * every stream when the server follows no contract, as before streams existed). A gap inside a
 * live stream, or a server ahead of a snapshot, also resyncs that stream.
 *
 * @example
 * const client = new RealtimeClient(transport); client.start();
 * client.event$('FleetStateUpdated').subscribe(apply);
 * client.resync$.subscribe((resync) => resyncIncludes(resync, isFleetStream) && reload());
 */
export class RealtimeClient {
  private epoch: string | null = null;
  private readonly positions = new Map<string, number>();
  private readonly resyncSubject = new Subject<Resync>();
  private readonly eventSubjects = new Map<StreamedEventType, Subject<unknown>>();
  private readonly subscriptions = new Map<string, number>();
  private hasConnected = false;
  private running: RxSubscription | null = null;

  /** Streams to reload over REST (see `Resync`). */
  readonly resync$: Observable<Resync> = this.resyncSubject.asObservable();

  constructor(private readonly transport: RealtimeTransport) {}

  /** Starts following the transport; returns the function that stops it. */
  start(): () => void {
    if (this.running) return () => undefined;
    const running = this.transport.connects$.subscribe(() => this.onConnect());
    running.add(this.transport.session$.subscribe((session) => this.onSession(session)));
    for (const name of STREAMED_EVENTS) {
      running.add(this.transport.event$(name).subscribe((item) => this.onItem(name, item)));
    }
    this.running = running;
    return () => {
      running.unsubscribe();
      this.running = null;
    };
  }

  /** The items of one event not seen before, in order. */
  event$<K extends StreamedEventType>(name: K): Observable<TransportEventPayloads[K]> {
    return this.subjectOf(name).asObservable() as Observable<TransportEventPayloads[K]>;
  }

  /** The last seq seen of a stream, or undefined when unknown. */
  position(stream: string): number | undefined {
    return this.positions.get(stream);
  }

  /**
   * Records the stream positions of a REST snapshot (`GET /fleet` answers them): items up to
   * them are in the snapshot, so live ones with a seq not above them are dropped.
   */
  noteSnapshot(streams: StreamPositions): void {
    for (const [stream, seq] of Object.entries(streams)) {
      const known = this.positions.get(stream);
      if (known === undefined || seq > known) this.positions.set(stream, seq);
    }
  }

  /**
   * Subscribes to detailed streams (one device's attributes, a project's). Counted: a stream
   * stays subscribed until as many `unsubscribe` calls. A refused or unanswered request is logged.
   */
  async subscribe(subscription: Subscription): Promise<void> {
    const fresh = this.count(subscription, 1);
    if (fresh.deviceIds.length + fresh.projectIds.length === 0) return;
    try {
      const ack = SubscribeAckSchema.parse(await this.transport.request('subscribe', withoutEmpty(fresh)));
      if (!ack.ok) throw new Error(`${ack.error.code}: ${ack.error.message}`);
      this.noteSnapshot(ack.streams);
    } catch (error) {
      console.warn('Subscribing to live updates failed', subscription, error);
    }
  }

  /** Ends a `subscribe`; the server stops sending once no view holds the stream any more. */
  async unsubscribe(subscription: Subscription): Promise<void> {
    const released = this.count(subscription, -1);
    for (const id of released.deviceIds) this.positions.delete(`device:${id}`);
    for (const id of released.projectIds) this.positions.delete(`attributes:${id}`);
    if (released.deviceIds.length + released.projectIds.length === 0) return;
    try {
      await this.transport.request('unsubscribe', withoutEmpty(released));
    } catch (error) {
      console.warn('Unsubscribing from live updates failed', subscription, error);
    }
  }

  private subjectOf(name: StreamedEventType): Subject<unknown> {
    let subject = this.eventSubjects.get(name);
    if (!subject) this.eventSubjects.set(name, (subject = new Subject()));
    return subject;
  }

  /** Adds `delta` to each stream's holders; returns the ids whose count left or reached zero. */
  private count(subscription: Subscription, delta: 1 | -1) {
    const changed = { deviceIds: [] as string[], projectIds: [] as string[] };
    const apply = (kind: 'device' | 'attributes', ids: readonly string[] | undefined, into: string[]) => {
      for (const id of ids ?? []) {
        const key = `${kind}:${id}`;
        const before = this.subscriptions.get(key) ?? 0;
        const after = Math.max(0, before + delta);
        if (after === 0) this.subscriptions.delete(key);
        else this.subscriptions.set(key, after);
        if ((before === 0) !== (after === 0)) into.push(id);
      }
    };
    apply('device', subscription.deviceIds, changed.deviceIds);
    apply('attributes', subscription.projectIds, changed.projectIds);
    return changed;
  }

  private onItem(name: StreamedEventType, item: { stream?: string | undefined; seq?: number | undefined }): void {
    const { stream, seq } = item;
    if (stream !== undefined && seq !== undefined) {
      const last = this.positions.get(stream);
      if (last !== undefined && seq <= last) return;
      this.positions.set(stream, seq);
      // Items of a stream arrive in order, one seq after the other: a hole means some were lost.
      if (last !== undefined && seq > last + 1) this.resyncSubject.next({ all: false, streams: [stream] });
    }
    this.subjectOf(name).next(item);
  }

  private onSession(session: RealtimeSession): void {
    // On a reconnect the resume sorts out the positions; only the first session sets them.
    if (this.epoch !== null) return;
    this.epoch = session.epoch;
    const behind: string[] = [];
    for (const [stream, seq] of Object.entries(session.streams)) {
      const known = this.positions.get(stream);
      // A snapshot read before the socket joined its stream may miss what happened in between.
      if (known !== undefined && seq > known) behind.push(stream);
      if (known === undefined || seq > known) this.positions.set(stream, seq);
    }
    if (behind.length > 0) this.resyncSubject.next({ all: false, streams: behind });
  }

  private onConnect(): void {
    const isReconnect = this.hasConnected;
    this.hasConnected = true;
    if (!isReconnect) return void this.subscribeUnplaced();
    // A server that never sent a session follows no contract: reload everything, as before streams.
    if (this.epoch === null) {
      this.resyncSubject.next({ all: true });
      return void this.subscribeUnplaced();
    }
    void this.resume(this.epoch).then(() => this.subscribeUnplaced());
  }

  /**
   * Sends the subscriptions the server has not confirmed (asked while the socket was down): a
   * `resume` re-subscribes only the streams it names, and it names those with a known position.
   */
  private async subscribeUnplaced(): Promise<void> {
    const unplaced = { deviceIds: [] as string[], projectIds: [] as string[] };
    for (const key of this.subscriptions.keys()) {
      if (this.positions.has(key)) continue;
      const [kind, id = ''] = key.split(':');
      (kind === 'device' ? unplaced.deviceIds : unplaced.projectIds).push(id);
    }
    if (unplaced.deviceIds.length + unplaced.projectIds.length === 0) return;
    try {
      const ack = SubscribeAckSchema.parse(await this.transport.request('subscribe', withoutEmpty(unplaced)));
      if (!ack.ok) throw new Error(`${ack.error.code}: ${ack.error.message}`);
      this.noteSnapshot(ack.streams);
    } catch (error) {
      console.warn('Subscribing to live updates failed', unplaced, error);
    }
  }

  private async resume(epoch: string): Promise<void> {
    try {
      const ack = ResumeAckSchema.parse(
        await this.transport.request('resume', { epoch, positions: Object.fromEntries(this.positions) }),
      );
      if (!ack.ok) throw new Error(`${ack.error.code}: ${ack.error.message}`);
      this.epoch = ack.epoch;
      for (const stream of ack.resync) this.positions.delete(stream);
      if (ack.resync.length > 0) this.resyncSubject.next({ all: false, streams: ack.resync });
    } catch (error) {
      console.warn('Resuming the live streams failed; reloading', error);
      this.positions.clear();
      this.epoch = null;
      this.resyncSubject.next({ all: true });
    }
  }
}

function withoutEmpty(subscription: { deviceIds: string[]; projectIds: string[] }): Subscription {
  return {
    ...(subscription.deviceIds.length > 0 ? { deviceIds: subscription.deviceIds } : {}),
    ...(subscription.projectIds.length > 0 ? { projectIds: subscription.projectIds } : {}),
  };
}

/** Streams of one kind, e.g. `isStreamOf('fleet')('fleet:…')` is true. */
export const isStreamOf =
  (kind: 'fleet' | 'project' | 'device' | 'attributes') =>
  (stream: string): boolean =>
    stream.startsWith(`${kind}:`);

/** Keeps only the resyncs that concern `matches`. */
export const resyncOf = (matches: (stream: string) => boolean) =>
  filter((resync: Resync) => resyncIncludes(resync, matches));
