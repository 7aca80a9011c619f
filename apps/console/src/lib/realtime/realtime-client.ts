import {
  parseStream,
  type RealtimeAccess,
  StreamPositionsSchema,
  type StreamedEventType,
  type StreamPositions,
  type Subscription,
} from '@farola/protocol';
import type { Observable } from 'rxjs';
import { filter, Subject, type Subscription as RxSubscription } from 'rxjs';
import { z } from 'zod';
import type { RealtimeTransport, TransportEventPayloads, TransportSession } from './transport';

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
  'DeviceLifecycleChanged',
  'FleetStateUpdated',
];

/** Whether a resync asks to reload `stream`. */
export function resyncIncludes(resync: Resync, matches: (stream: string) => boolean): boolean {
  return resync.all || resync.streams.some(matches);
}

/**
 * The browser side of the realtime contract (docs/realtime.md). It remembers the server's epoch
 * and the last seq seen per stream; drops items it has already seen (seq ≤ last); on a reconnect
 * resumes (in the handshake, or with the `resume` message for a server that does not answer it
 * there) and announces, on `resync$`, only the streams the server could not catch up (or
 * every stream when the server follows no contract, as before streams existed). A snapshot
 * older than the socket's join has the items in between replayed (`resume`); a gap inside a live
 * stream that does not fill, or a replay refused, resyncs that stream.
 *
 * @example
 * const client = new RealtimeClient(transport); client.start();
 * client.event$('FleetStateUpdated').subscribe(apply);
 * client.resync$.subscribe((resync) => resyncIncludes(resync, isFleetStream) && reload());
 */
/**
 * How long a hole in a stream may stay open before the stream is reloaded. The server batches
 * each event name on its own, so items of one stream (a connection change and a request update on
 * `project:…`) can arrive a batch apart and out of order.
 */
const GAP_GRACE_MS = 3000;
/** A hole wider than this is not waited for: the stream is reloaded at once. */
const GAP_MAX_ITEMS = 1000;

export class RealtimeClient {
  private epoch: string | null = null;
  private readonly positions = new Map<string, number>();
  /** Per stream, the position the socket's session started at: it receives the items after it. */
  private readonly joined = new Map<string, number>();
  /** Per stream, the seqs below its position not received yet, and when the wait for them ends. */
  private readonly holes = new Map<string, { seqs: Set<number>; timer: ReturnType<typeof setTimeout> }>();
  private readonly resyncSubject = new Subject<Resync>();
  private readonly eventSubjects = new Map<StreamedEventType, Subject<unknown>>();
  private readonly subscriptions = new Map<string, number>();
  private hasConnected = false;
  private running: RxSubscription | null = null;

  /** Streams to reload over REST (see `Resync`). */
  readonly resync$: Observable<Resync> = this.resyncSubject.asObservable();

  constructor(
    private readonly transport: RealtimeTransport,
    private readonly gapGraceMs = GAP_GRACE_MS,
  ) {}

  /** Starts following the transport; returns the function that stops it. */
  start(): () => void {
    if (this.running) return () => undefined;
    this.transport.setHandshakeResume(() =>
      this.epoch === null ? undefined : { epoch: this.epoch, positions: Object.fromEntries(this.positions) },
    );
    const running = this.transport.connects$.subscribe(() => this.onConnect());
    running.add(this.transport.session$.subscribe((session) => this.onSession(session)));
    running.add(this.transport.access$.subscribe((access) => this.onAccess(access)));
    for (const name of STREAMED_EVENTS) {
      running.add(this.transport.event$(name).subscribe((item) => this.onItem(name, item)));
    }
    this.running = running;
    return () => {
      running.unsubscribe();
      for (const stream of [...this.holes.keys()]) this.closeHoles(stream);
      this.running = null;
    };
  }

  /** The items of one event not seen before, in order. */
  event$<K extends StreamedEventType>(name: K): Observable<TransportEventPayloads[K]> {
    return this.subjectOf(name).asObservable() as Observable<TransportEventPayloads[K]>;
  }

  /** `BulkJobUpdated` payloads as received, unvalidated (they are not sequenced). */
  get bulkJobs$(): Observable<unknown> {
    return this.transport.bulkJobs$;
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
      this.fillHoles(stream, seq);
      // Read before the socket joined the stream, answered after: what came in between is asked for.
      const joinedAt = this.joined.get(stream);
      if (joinedAt !== undefined && seq < joinedAt) this.catchUp(stream, seq, joinedAt);
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
    if (stream !== undefined && seq !== undefined && !this.isNew(stream, seq)) return;
    this.subjectOf(name).next(item);
  }

  /** Whether an item is new, keeping the stream's position and holes; a seq seen before is not. */
  private isNew(stream: string, seq: number): boolean {
    const last = this.positions.get(stream);
    if (last === undefined) {
      this.positions.set(stream, seq);
      return true;
    }
    if (seq <= last) {
      const hole = this.holes.get(stream);
      if (!hole?.seqs.delete(seq)) return false;
      if (hole.seqs.size === 0) this.closeHoles(stream);
      return true;
    }
    this.positions.set(stream, seq);
    if (seq > last + 1) this.openHoles(stream, last + 1, seq - 1);
    return true;
  }

  /** Waits a moment for the items between `from` and `to`; the stream resyncs if they do not come. */
  private openHoles(stream: string, from: number, to: number): void {
    if (to - from + 1 > GAP_MAX_ITEMS) return this.resyncNow([stream]);
    let hole = this.holes.get(stream);
    if (!hole) {
      const timer = setTimeout(() => {
        if (this.holes.has(stream)) this.resyncNow([stream]);
      }, this.gapGraceMs);
      hole = { seqs: new Set(), timer };
      this.holes.set(stream, hole);
    }
    for (let seq = from; seq <= to; seq += 1) hole.seqs.add(seq);
  }

  /** A snapshot or catch-up up to `seq` holds the items still awaited below it. */
  private fillHoles(stream: string, seq: number): void {
    const hole = this.holes.get(stream);
    if (!hole) return;
    for (const awaited of hole.seqs) if (awaited <= seq) hole.seqs.delete(awaited);
    if (hole.seqs.size === 0) this.closeHoles(stream);
  }

  private closeHoles(stream: string): void {
    const hole = this.holes.get(stream);
    if (hole) clearTimeout(hole.timer);
    this.holes.delete(stream);
  }

  private resyncNow(streams: string[]): void {
    for (const stream of streams) this.closeHoles(stream);
    this.resyncSubject.next({ all: false, streams });
  }

  /**
   * The user's projects changed while connected: the server already moved the socket's streams.
   * Streams of projects no longer visible are forgotten, the new ones start at the positions
   * given, and everything shown is reloaded (devices appear or disappear with their project).
   */
  private onAccess(access: RealtimeAccess): void {
    const visible = new Set(access.projectIds);
    for (const stream of [...this.positions.keys()]) {
      const parsed = parseStream(stream);
      if (parsed && parsed.kind !== 'device' && !visible.has(parsed.id)) {
        this.positions.delete(stream);
        this.closeHoles(stream);
      }
    }
    for (const [stream, seq] of Object.entries(access.streams)) {
      this.positions.set(stream, seq);
      this.joined.set(stream, seq);
    }
    this.resyncSubject.next({ all: true });
  }

  private onSession(session: TransportSession): void {
    if (this.epoch !== null) return this.onResumedSession(session, this.epoch);
    this.epoch = session.epoch;
    this.joined.clear();
    for (const [stream, seq] of Object.entries(session.streams)) {
      this.joined.set(stream, seq);
      const known = this.positions.get(stream);
      if (known === undefined || seq > known) this.positions.set(stream, seq);
      // A snapshot read before the socket joined its stream misses what happened in between.
      if (known !== undefined && seq > known) this.catchUp(stream, known, seq);
    }
  }

  /**
   * A snapshot older than the socket's join on `stream`: asks the server to replay the items in
   * between (`resume` from the snapshot's position replays them up to the join, docs/realtime.md)
   * and waits for them as for any hole. A server that cannot replay them, or does not answer, has
   * the stream reloaded; so has a gap too wide to wait for.
   */
  private catchUp(stream: string, after: number, upTo: number): void {
    const epoch = this.epoch;
    if (epoch === null) return this.resyncNow([stream]);
    this.openHoles(stream, after + 1, upTo);
    if (!this.holes.has(stream)) return;
    this.transport
      .request('resume', { epoch, positions: { [stream]: after } })
      .then((answer) => {
        const ack = ResumeAckSchema.parse(answer);
        if (!ack.ok || !ack.caughtUp.includes(stream)) this.resyncNow([stream]);
      })
      .catch((error: unknown) => {
        console.warn(`Catching up ${stream} failed; reloading it`, error);
        this.resyncNow([stream]);
      });
  }

  /**
   * A reconnect's session. The handshake carried the positions (`auth.resume`): a server that
   * answers them in `resumed` replays the missed items right after, before any live item, so the
   * positions stay as they are (the session's are those after the replay). A server that does not
   * is asked with the `resume` message.
   */
  private onResumedSession(session: TransportSession, epoch: string): void {
    if (!session.resumed) return void this.resume(epoch).then(() => this.subscribeUnplaced());
    this.epoch = session.epoch;
    this.joined.clear();
    for (const [stream, seq] of Object.entries(session.streams)) this.joined.set(stream, seq);
    const { resync } = session.resumed;
    for (const stream of resync) {
      this.positions.delete(stream);
      this.closeHoles(stream);
    }
    if (resync.length > 0) this.resyncSubject.next({ all: false, streams: resync });
    void this.subscribeUnplaced();
  }

  private onConnect(): void {
    const isReconnect = this.hasConnected;
    this.hasConnected = true;
    if (!isReconnect) return void this.subscribeUnplaced();
    // A server that never sent a session follows no contract: reload everything, as before streams.
    // Otherwise its session, right after the connect, says how the resume went.
    if (this.epoch === null) {
      this.resyncSubject.next({ all: true });
      void this.subscribeUnplaced();
    }
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
      for (const stream of ack.resync) this.closeHoles(stream);
      if (ack.resync.length > 0) this.resyncSubject.next({ all: false, streams: ack.resync });
    } catch (error) {
      console.warn('Resuming the live streams failed; reloading', error);
      this.positions.clear();
      for (const stream of [...this.holes.keys()]) this.closeHoles(stream);
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
