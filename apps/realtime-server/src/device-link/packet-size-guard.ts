import type { Socket } from 'node:net';

/** MQTT's remaining length is at most four bytes of seven bits each. */
const MAX_LENGTH_BYTES = 4;

/**
 * Follows the MQTT packets on a connection from their fixed headers alone and calls `onOversized`
 * as soon as one announces more than `maxBytes` (header included) or a malformed length, before its
 * body arrives: the broker's parser would otherwise buffer up to 256 MB for one packet.
 *
 * It must be attached after the broker's own reader: it listens to 'data', which a stream read
 * through 'readable' emits for every chunk read, before the broker parses it.
 */
export function guardPacketSize(socket: Socket, maxBytes: number, onOversized: (announced: number) => void): void {
  let state: 'header' | 'length' | 'body' = 'header';
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  let remaining = 0;
  const refuse = (announced: number) => {
    socket.off('data', follow);
    onOversized(announced);
  };
  const follow = (chunk: Buffer) => {
    let i = 0;
    while (i < chunk.length) {
      if (state === 'header') {
        i += 1;
        state = 'length';
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
        continue;
      }
      if (state === 'length') {
        const byte = chunk[i]!;
        i += 1;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        lengthBytes += 1;
        if (byte & 0x80) {
          if (lengthBytes >= MAX_LENGTH_BYTES) return refuse(Number.POSITIVE_INFINITY);
          continue;
        }
        const total = 1 + lengthBytes + length;
        if (total > maxBytes) return refuse(total);
        remaining = length;
        state = remaining > 0 ? 'body' : 'header';
        continue;
      }
      const take = Math.min(remaining, chunk.length - i);
      i += take;
      remaining -= take;
      if (remaining === 0) state = 'header';
    }
  };
  socket.on('data', follow);
}
