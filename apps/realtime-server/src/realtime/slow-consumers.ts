import type { Logger } from 'pino';
import type { FarolaSocketServer } from './socket-server';

/** The parts of an engine.io connection that hold what is not yet sent (not in its public types). */
interface EngineConnection {
  writeBuffer?: { data?: unknown }[];
  transport?: { name?: string; socket?: { bufferedAmount?: number; terminate?: () => void } };
  close(discard?: boolean): void;
}

function byteSize(data: unknown): number {
  if (typeof data === 'string') return data.length;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

/** Bytes waiting to go out to one client: packets engine.io holds, plus what the WebSocket has not written. */
export function outgoingBytes(conn: EngineConnection): number {
  let bytes = 0;
  for (const packet of conn.writeBuffer ?? []) bytes += byteSize(packet.data);
  if (conn.transport?.name === 'websocket') bytes += conn.transport.socket?.bufferedAmount ?? 0;
  return bytes;
}

export interface SlowConsumerGuard {
  /** Sockets disconnected for holding more than the cap, since start. */
  readonly disconnected: number;
  stop(): void;
}

/**
 * Caps each socket's outgoing buffer: a client that does not read (a stalled tab, a dead
 * network path, a broken integration) would otherwise make the server hold every event for it.
 * Every `intervalMs` each socket's buffered bytes are measured; one over `maxBytes` is cut off
 * at once, its buffers dropped. Its client sees a transport close, reconnects and resumes like
 * any reconnecting client (the catch-up buffer or a resync covers what it missed).
 */
export function guardSlowConsumers(
  io: FarolaSocketServer,
  options: { maxBytes: number; logger: Logger; intervalMs?: number },
): SlowConsumerGuard {
  let disconnected = 0;
  const check = () => {
    for (const socket of io.of('/').sockets.values()) {
      const conn = socket.conn as unknown as EngineConnection;
      const bytes = outgoingBytes(conn);
      if (bytes <= options.maxBytes) continue;
      disconnected += 1;
      options.logger.warn(
        { socket: socket.id, user: socket.data.user?.username, bufferedBytes: bytes, maxBytes: options.maxBytes },
        'disconnecting a slow Socket.IO consumer: its outgoing buffer passed SOCKET_MAX_BUFFERED_BYTES',
      );
      const websocket = conn.transport?.socket;
      // Discarding closes without waiting for the buffer to drain, which it never would.
      conn.close(true);
      websocket?.terminate?.();
    }
  };
  const timer = setInterval(check, options.intervalMs ?? 250);
  timer.unref();
  return {
    get disconnected() {
      return disconnected;
    },
    stop: () => clearInterval(timer),
  };
}
