import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import type { PreparedJson } from '../platform/prepared-json';

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Sends `head` (prepared) followed by `tail` (this answer's own JSON) as one JSON answer: a single
 * gzip member when the client accepts gzip (only the tail is deflated now, at the fastest level),
 * plain otherwise. The `Server-Timing` header tells where the server's time went: `timings` (what
 * the caller measured) and `deflate`, in milliseconds.
 */
export function sendJsonParts(
  req: Request,
  res: Response,
  head: PreparedJson,
  tail: string,
  timings: Record<string, number> = {},
): void {
  const started = performance.now();
  const tailBytes = Buffer.from(tail);
  const gzip = req.acceptsEncodings().includes('gzip');
  let body: Buffer[];
  if (gzip) {
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(zlib.crc32(tailBytes, head.crc), 0);
    trailer.writeUInt32LE((head.text.length + tailBytes.length) % 2 ** 32, 4);
    // The tail ends the stream: its last block is final. Deflated here, on the event loop (about
    // 15 ms for the state of 100,000 devices), not in Node's thread pool: while a browser took both
    // cores, the same job waited there up to 0.6 s for its turn.
    body = [GZIP_HEADER, head.deflated, zlib.deflateRawSync(tailBytes, { level: 1 }), trailer];
  } else body = [head.text, tailBytes];
  const phases = { ...timings, deflate: performance.now() - started };
  res.setHeader(
    'Server-Timing',
    Object.entries(phases)
      .map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`)
      .join(', '),
  );
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  // The compression middleware leaves an answer that already has a Content-Encoding alone.
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', String(body.reduce((sum, part) => sum + part.length, 0)));
  for (const part of body) res.write(part);
  res.end();
}
