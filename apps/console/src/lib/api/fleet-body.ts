import { cutFleetColumns, FLEET_CUT_LENGTH, fleetCutOf } from '@farola/protocol';

/** A `GET /fleet/columns` body read up to the end of what the map draws. */
export interface FleetBody {
  /** JSON of every column but the identities; of the whole answer when `identities` is null. */
  drawing: Uint8Array;
  /** Reads the rest of the body: the identity columns' JSON. */
  identities: (() => Promise<Uint8Array>) | null;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>, parts: Uint8Array[]): Promise<Uint8Array> {
  for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
  return concat(parts);
}

/**
 * Reads a `GET /fleet/columns` body as it arrives, up to the cut before the identity columns
 * (`fleetColumnsJson`'s layout); the identities (three quarters of the bytes at 100,000 devices)
 * stay in the connection until `identities()` reads them, after the map's first draw, so the page
 * neither receives nor copies them before. A body laid out otherwise is read whole.
 */
export async function readFleetBody(body: ReadableStream<Uint8Array>): Promise<FleetBody> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  // The last bytes read, too few to hold the cut, which may begin it.
  let carry: Uint8Array = new Uint8Array(0);
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    parts.push(read.value);
    length += read.value.length;
    const window = concat([carry, read.value]);
    const at = fleetCutOf(window);
    if (at >= 0) {
      const head = concat(parts);
      const { drawing, identities } = cutFleetColumns(head, length - window.length + at);
      return { drawing, identities: () => readToEnd(reader, [identities]) };
    }
    carry = window.subarray(Math.max(0, window.length - (FLEET_CUT_LENGTH - 1)));
  }
  return { drawing: concat(parts), identities: null };
}
