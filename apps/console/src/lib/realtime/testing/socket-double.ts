import {
  type RealtimeAccess,
  type Resume,
  type StreamedEventType,
  STREAMS,
  SUBSCRIPTION_FIELDS,
  type Subscription,
} from '@farola/protocol';
import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import type { ConnectionState } from '../socket';
import type { RealtimeTransport, TransportEventPayloads, TransportSession } from '../transport';

type RequestName = 'subscribe' | 'unsubscribe' | 'resume';
type Answer = (body: unknown) => unknown;

/**
 * Plays the server's side of the realtime contract (docs/realtime.md) for tests: the test
 * connects, sends the session, pushes events (with or without their stream position) and answers
 * the client's requests; the code under test reads them as it reads the real socket.
 * A request without an answer is left unanswered (rejected, as Socket.IO's timeout would),
 * which is what a server without streams does.
 */
export function createSocketDouble() {
  const connects = new Subject<void>();
  const sessions = new Subject<TransportSession>();
  const accesses = new Subject<RealtimeAccess>();
  let handshakeResume: () => Resume | undefined = () => undefined;
  const subjects = new Map<StreamedEventType, Subject<unknown>>();
  const answers = new Map<RequestName, Answer>();
  const requests: { name: RequestName; body: unknown }[] = [];
  let connected = false;

  const subjectOf = (name: StreamedEventType) => {
    let subject = subjects.get(name);
    if (!subject) subjects.set(name, (subject = new Subject()));
    return subject;
  };

  const transport: RealtimeTransport = {
    connects$: connects.asObservable(),
    session$: sessions.asObservable(),
    access$: accesses.asObservable(),
    event$: <K extends StreamedEventType>(name: K) =>
      subjectOf(name).asObservable() as Observable<TransportEventPayloads[K]>,
    request: (name, body) => {
      requests.push({ name, body });
      const answer = answers.get(name);
      return answer ? Promise.resolve(answer(body)) : Promise.reject(new Error(`No answer to ${name}`));
    },
    setHandshakeResume: (resume) => {
      handshakeResume = resume;
    },
  };

  const server = {
    /** What the client's handshake would send as `auth.resume` now. */
    handshakeResume: () => handshakeResume(),
    /** The socket connects (a second call is a reconnect). */
    connect(session?: TransportSession): void {
      connected = true;
      connects.next();
      if (session) sessions.next(session);
    },
    /** The socket connects again (connecting first if it never had). */
    reconnect(session?: TransportSession): void {
      if (!connected) server.connect();
      server.connect(session);
    },
    /** The user's projects changed: the server moved the socket's streams and says so. */
    access(access: RealtimeAccess): void {
      accesses.next(access);
    },
    push<K extends StreamedEventType>(name: K, payload: TransportEventPayloads[K]): void {
      subjectOf(name).next(payload);
    },
    /** How the server answers a request from now on. */
    answer(name: RequestName, answer: Answer): void {
      answers.set(name, answer);
    },
    /** Every request the client sent, in order. */
    requests,
  };
  return { transport, server };
}

const double = createSocketDouble();
// Views subscribe to detailed streams as they open; the shared double accepts that as the server would.
double.server.answer('subscribe', (body) => {
  const subscription = body as Subscription;
  // Every detailed stream the body names, by its kind's scope's field, as the server reads it.
  const addresses = Object.values(STREAMS)
    .filter((definition) => definition.detailed)
    .flatMap((definition) => (subscription[SUBSCRIPTION_FIELDS[definition.scope]] ?? []).map(definition.address));
  return { ok: true, streams: Object.fromEntries(addresses.map((address) => [address, 0])) };
});
double.server.answer('unsubscribe', () => ({ ok: true }));

/** The double in place of `lib/realtime/socket`: `vi.mock('@/lib/realtime/socket', () => import(this))`. */
export const transport = double.transport;
export const socketDouble = double.server;
export const connectionState$: Observable<ConnectionState> = new BehaviorSubject<ConnectionState>('connected');
export function connectRealtime(): () => void {
  return () => undefined;
}
