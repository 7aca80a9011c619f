import {
  parseStream,
  type RealtimeAccess,
  STREAMED_EVENT_TYPES,
  type StreamEventOf,
  type StreamKind,
  StreamPositionsSchema,
  type StreamedEventType,
  type StreamPositions,
  streams,
} from '@farola/protocol';
import { filter, map, merge, Observable, Subject, type Subscription as RxSubscription } from 'rxjs';
import { z } from 'zod';
import type { Resync } from './resync';
import { StreamHolds, subscriptionOf } from './stream-holds';
import type { RealtimeTransport, TransportEventPayloads, TransportSession } from './transport';

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

/** The events about a device: every streamed event but a job's counts. */
export type DeviceItemEvent = Exclude<StreamedEventType, 'BulkJobUpdated'>;
const DEVICE_ITEM_EVENTS = STREAMED_EVENT_TYPES.filter((name): name is DeviceItemEvent => name !== 'BulkJobUpdated');

/** One item of a stream: its event name and its validated payload. */
export type StreamItem<E extends StreamedEventType = StreamedEventType> = {
  [N in E]: { event: N; payload: TransportEventPayloads[N] };
}[E];

/**
 * How long a hole in a stream may stay open before the stream is reloaded. The server batches
 * each event name on its own, so items of one stream (a connection change and a request update on
 * `project:…`) can arrive a batch apart and out of order.
 */
const GAP_GRACE_MS = 3000;
/** A hole wider than this is not waited for: the stream is reloaded at once. */
const GAP_MAX_ITEMS = 1000;

/**
 * The browser side of the realtime contract (docs/realtime.md). Views follow a stream with
 * `stream$(address)` (or a device's items on every stream with `device$(id)`): subscribing joins
 * the stream, unsubscribing leaves it. It remembers the server's epoch and the last seq seen per
 * stream; drops items it has already seen (seq ≤ last); on a reconnect
 * resumes (in the handshake, or with the `resume` message for a server that does not answer it
 * there) and announces, on `resync$`, only the streams the server could not catch up (or
 * every stream when the server follows no contract, as before streams existed). A snapshot
 * older than the socket's join has the items in between replayed (`resume`); a gap inside a live
 * stream that does not fill, or a replay refused, resyncs that stream.
 *
 * @example
 * const client = new RealtimeClient(transport); client.start();
 * const open = client.stream$(streams.device(deviceId)).subscribe(({ event, payload }) => apply(payload));
 * open.unsubscribe(); // the last view of the device left: unsubscribed on the server
 * client.resync$.subscribe((resync) => resyncIncludes(resync, isFleetStream) && reload());
 */
export class RealtimeClient {
  private epoch: string | null = null;
  private readonly positions = new Map<string, number>();
  /** Per stream, the position the socket's session started at: it receives the items after it. */
  private readonly joined = new Map<string, number>();
  /** Per stream, the seqs below its position not received yet, and when the wait for them ends. */
  private readonly holes = new Map<string, { seqs: Set<number>; timer: ReturnType<typeof setTimeout> }>();
  private readonly resyncSubject = new Subject<Resync>();
  private readonly eventSubjects = new Map<StreamedEventType, Subject<unknown>>();
  /** The detailed streams views hold: subscribed on the server while any view holds one. */
  private readonly holds = new StreamHolds({
    subscribe: (addresses) => void this.sendSubscribe(addresses),
    unsubscribe: (address) => this.sendUnsubscribe(address),
  });
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
    for (const name of STREAMED_EVENT_TYPES) {
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
   * The items of one stream (`streams.device(id)`, `streams.project(id)` …), each once, in order.
   * Subscribing joins it: a detailed stream is subscribed on the server while any subscriber holds
   * it and unsubscribed when the last one leaves; the others the socket is in from connect. Items
   * without a stream position (a server without streams) belong to no stream.
   */
  stream$<K extends StreamKind>(address: `${K}:${string}`): Observable<StreamItem<StreamEventOf<K>>> {
    const parsed = parseStream(address);
    if (!parsed) throw new Error(`Not a stream: ${address}`);
    const events = Object.keys(parsed.definition.events) as StreamEventOf<K>[];
    return this.holding(
      address,
      this.items$(events, (item) => item.stream === address),
    );
  }

  /**
   * Every item about one device, from its own stream (joined while subscribed, as `stream$`) and
   * from the project's streams the socket is in (its connection, requests, lifecycle and compact
   * state), whichever project it is in now.
   */
  device$(deviceId: string): Observable<StreamItem<DeviceItemEvent>> {
    return this.holding(
      streams.device(deviceId),
      this.items$(DEVICE_ITEM_EVENTS, (item) => item.deviceId === deviceId),
    );
  }

  private items$<E extends StreamedEventType>(
    events: readonly E[],
    matches: (item: TransportEventPayloads[E]) => boolean,
  ): Observable<StreamItem<E>> {
    return merge(
      ...events.map((event) =>
        this.event$(event).pipe(
          filter(matches),
          map((payload) => ({ event, payload }) as StreamItem<E>),
        ),
      ),
    );
  }

  /** `items$`, holding the stream `address` while subscribed. */
  private holding<T>(address: string, items$: Observable<T>): Observable<T> {
    return new Observable<T>((subscriber) => {
      const items = items$.subscribe(subscriber);
      this.holds.hold(address);
      return () => {
        items.unsubscribe();
        this.holds.release(address);
      };
    });
  }

  /** No view holds `address` any more: the server stops sending it. */
  private sendUnsubscribe(address: string): void {
    this.positions.delete(address);
    this.closeHoles(address);
    this.transport
      .request('unsubscribe', subscriptionOf([address]))
      .catch((error: unknown) => console.warn('Unsubscribing from live updates failed', address, error));
  }

  /** Subscribes detailed streams; a refused or unanswered request is logged (sent again on connect). */
  private async sendSubscribe(addresses: readonly string[]): Promise<void> {
    try {
      const ack = SubscribeAckSchema.parse(await this.transport.request('subscribe', subscriptionOf(addresses)));
      if (!ack.ok) throw new Error(`${ack.error.code}: ${ack.error.message}`);
      this.noteSnapshot(ack.streams);
    } catch (error) {
      console.warn('Subscribing to live updates failed', addresses, error);
    }
  }

  private subjectOf(name: StreamedEventType): Subject<unknown> {
    let subject = this.eventSubjects.get(name);
    if (!subject) this.eventSubjects.set(name, (subject = new Subject()));
    return subject;
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
      if (parsed?.definition.scope === 'project' && !visible.has(parsed.id)) {
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
    const unplaced = this.holds.addresses().filter((address) => !this.positions.has(address));
    if (unplaced.length > 0) await this.sendSubscribe(unplaced);
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
