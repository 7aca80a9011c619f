import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A part of a large JSON answer, serialised and deflated ahead of time (for many answers): `text`
 * is its JSON, `deflated` the same as raw deflate ended by a sync flush, so that the stream goes
 * on after it (send-json-parts.ts).
 */
export interface PreparedJson {
  readonly text: Buffer;
  readonly deflated: Buffer;
}

/**
 * Prepares the opening of answers. Deflate blocks concatenate when each part but the last ends on
 * a sync flush (byte-aligned, not final) and none refers back into another (each part starts its
 * own window): that is how pigz compresses in parallel, and what lets a prepared part be sent
 * beside parts deflated per answer, in one gzip member a browser reads as any other.
 */
export async function prepareJson(text: string, level: number): Promise<PreparedJson> {
  const bytes = Buffer.from(text);
  const deflated = await deflateRaw(bytes, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return { text: bytes, deflated };
}
