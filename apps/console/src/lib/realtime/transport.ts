import type {
  RealtimeAccess,
  RealtimeSession,
  Resume,
  StreamedEventPayloads,
  StreamedEventType,
  StreamPosition,
} from '@farola/protocol';
import type { Observable } from 'rxjs';

/**
 * A realtime event as the socket delivers it: today's fields, plus its stream position when the
 * server follows the realtime contract (a server without streams sends none).
 */
export type TransportEventPayloads = {
  [K in StreamedEventType]: Omit<StreamedEventPayloads[K], keyof StreamPosition> & Partial<StreamPosition>;
};

/**
 * The server's `session`. When the handshake carried `auth.resume`, `resumed` answers it as the
 * `resume` message would, and the missed items follow at once, before any live item.
 */
export type TransportSession = Omit<RealtimeSession, 'resumed'> & {
  resumed?: { caughtUp: string[]; resync: string[] } | undefined;
};

/** What the realtime client needs of a connection: the socket in the app, a double in tests. */
export interface RealtimeTransport {
  /** Every time the socket connects, the first time included. */
  connects$: Observable<void>;
  /** The server's `session`, emitted right after each connect by servers that follow the contract. */
  session$: Observable<TransportSession>;
  /** The server's `access`: the projects the user may see changed while connected (docs/realtime.md). */
  access$: Observable<RealtimeAccess>;
  /** What every (re)connection's handshake sends as `auth.resume`: the positions to resume from, if any. */
  setHandshakeResume(resume: () => Resume | undefined): void;
  /** The validated payloads of one event, one at a time (batches flattened, invalid ones dropped). */
  event$<K extends StreamedEventType>(name: K): Observable<TransportEventPayloads[K]>;
  /** Sends a request and resolves with the server's acknowledgement; rejects when unanswered. */
  request(name: 'subscribe' | 'unsubscribe' | 'resume', body: unknown): Promise<unknown>;
}
