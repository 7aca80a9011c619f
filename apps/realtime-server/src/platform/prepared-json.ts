import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * The opening of a large JSON answer, serialised and deflated ahead of time (for many answers):
 * `text` is the JSON up to where the rest follows, `deflated` the same as raw deflate ended by a
 * sync flush, so that what is deflated after it continues the same stream.
 */
export interface PreparedJson {
  readonly text: Buffer;
  readonly deflated: Buffer;
  /** CRC-32 of `text`, which the gzip trailer continues over the rest. */
  readonly crc: number;
}

/**
 * Prepares the opening of answers. Deflate blocks concatenate when each part but the last ends on
 * a sync flush (byte-aligned, not final) and none refers back into another (each part starts its
 * own window): that is how pigz compresses in parallel, and what lets a prepared part be sent
 * before a part deflated per answer, in one gzip member a browser reads as any other.
 */
export async function prepareJson(text: string, level: number): Promise<PreparedJson> {
  const bytes = Buffer.from(text);
  const deflated = await deflateRaw(bytes, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return { text: bytes, deflated, crc: zlib.crc32(bytes) };
}
