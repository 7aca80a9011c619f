import type { RealtimeSession, StreamedEventPayloads, StreamedEventType, StreamPosition } from '@farola/protocol';
import type { Observable } from 'rxjs';

/**
 * A realtime event as the socket delivers it: today's fields, plus its stream position when the
 * server follows the realtime contract (a server without streams sends none).
 */
export type TransportEventPayloads = {
  [K in StreamedEventType]: Omit<StreamedEventPayloads[K], keyof StreamPosition> & Partial<StreamPosition>;
};

/** What the realtime client needs of a connection: the socket in the app, a double in tests. */
export interface RealtimeTransport {
  /** Every time the socket connects, the first time included. */
  connects$: Observable<void>;
  /** The server's `session`, emitted right after each connect by servers that follow the contract. */
  session$: Observable<RealtimeSession>;
  /** The validated payloads of one event, one at a time (batches flattened, invalid ones dropped). */
  event$<K extends StreamedEventType>(name: K): Observable<TransportEventPayloads[K]>;
  /** Sends a request and resolves with the server's acknowledgement; rejects when unanswered. */
  request(name: 'subscribe' | 'unsubscribe' | 'resume', body: unknown): Promise<unknown>;
}
