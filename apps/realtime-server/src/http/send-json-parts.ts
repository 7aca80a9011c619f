import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import type { PreparedJson } from '../platform/prepared-json';

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// RFC 1951: an empty final block (fixed codes: BFINAL, BTYPE 01, end of block), after parts that each end on a sync flush.
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** One part of an answer: JSON prepared ahead (PreparedJson), or this answer's own. */
export type JsonPart = PreparedJson | string;

/**
 * Sends `parts` one after the other as one JSON answer: a single gzip member when the client
 * accepts gzip (prepared parts as they were deflated, the answer's own deflated now at the fastest
 * level, each ending on a sync flush), plain otherwise. The `Server-Timing` header tells where the
 * server's time went: `timings` (what the caller measured) and `deflate`, in milliseconds.
 */
export function sendJsonParts(
  req: Request,
  res: Response,
  parts: readonly JsonPart[],
  timings: Record<string, number> = {},
): void {
  const started = performance.now();
  const texts = parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part.text));
  const gzip = req.acceptsEncodings().includes('gzip');
  let body: Buffer[];
  if (gzip) {
    // The answer's own parts are deflated here, on the event loop (about 15 ms for the state of
    // 100,000 devices), not in Node's thread pool: while a browser took both cores, the same job
    // waited there up to 0.6 s for its turn. The CRC runs over every part (~2 ms for 10 MB).
    const deflated = parts.map((part, i) =>
      typeof part === 'string'
        ? zlib.deflateRawSync(texts[i]!, { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH })
        : part.deflated,
    );
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(
      texts.reduce((crc, text) => zlib.crc32(text, crc), 0),
      0,
    );
    trailer.writeUInt32LE(texts.reduce((length, text) => length + text.length, 0) % 2 ** 32, 4);
    body = [GZIP_HEADER, ...deflated, FINAL_EMPTY_BLOCK, trailer];
  } else body = texts;
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
