import { describe, expect, it } from 'vitest';
import { encodeFleetColumns, fleetColumnsJson, FleetColumnsSchema, FleetDrawingSchema } from '@farola/protocol';
import { buildFleetColumns, buildFleetDevice } from './data-generators';
import { readFleetBody } from './fleet-body';

const parse = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

/** A body that arrives in chunks of `size` bytes, counting the chunks the reader has pulled. */
function bodyOf(json: string, size: number) {
  const bytes = new TextEncoder().encode(json);
  let pulled = 0;
  const chunks = Math.ceil(bytes.length / size);
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === chunks) controller.close();
        else controller.enqueue(bytes.slice(pulled * size, ++pulled * size));
      },
    },
    { highWaterMark: 0 },
  );
  return { body, chunks, pulled: () => pulled };
}

describe('readFleetBody', () => {
  const fleet = buildFleetColumns(Array.from({ length: 40 }, (_, seed) => buildFleetDevice({ seed: seed + 1 })));
  const json = fleetColumnsJson(encodeFleetColumns(fleet));

  it.each([1, 7, 13, 64, 1000, json.length])(
    'reads what the map draws, then the identities, whatever the chunks (%i bytes)',
    async (size) => {
      const { body } = bodyOf(json, size);
      const read = await readFleetBody(body);
      const drawing = FleetDrawingSchema.parse(parse(read.drawing));
      const identities = parse(await read.identities!()) as object;
      expect(FleetColumnsSchema.parse({ ...(parse(read.drawing) as object), ...identities })).toEqual(fleet);
      expect(drawing.count).toBe(40);
    },
  );

  it('leaves the identities in the connection until they are asked for', async () => {
    const { body, chunks, pulled } = bodyOf(json, 256);
    const read = await readFleetBody(body);
    const drawn = pulled();
    expect(drawn).toBeLessThan(chunks / 2);
    await read.identities!();
    expect(pulled()).toBe(chunks);
  });

  it('reads a body laid out otherwise whole', async () => {
    const whole = JSON.stringify(encodeFleetColumns(fleet));
    const read = await readFleetBody(bodyOf(whole, 100).body);
    expect(read.identities).toBeNull();
    expect(FleetColumnsSchema.parse(parse(read.drawing))).toEqual(fleet);
  });
});
