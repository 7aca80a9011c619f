import type { Random } from './random';

/** A position in metres east (x) and north (y) of the fleet's centre. */
export interface Metres {
  x: number;
  y: number;
}

/** A spot where a luminaire stands, with the street it lights. */
export interface StreetSpot extends Metres {
  street: string;
  number: number;
}

/** Eixample-like blocks: ~113 m between street axes, rotated about 45° from north. */
const BLOCK_M = 113;
const SIDEWALK_OFFSET_M = 9;
/** Roughly how many light points a square kilometre of this layout holds; sizes the generated area. */
const SPOTS_PER_KM2 = 560;

const CROSS_STREETS = [
  'Aragó',
  'Consell de Cent',
  'Diputació',
  'Mallorca',
  'València',
  'Provença',
  'Rosselló',
  'Còrsega',
  'Gran Via',
  'Casp',
  'Ausiàs Marc',
  'Alí Bei',
];
const LONG_STREETS = [
  'Balmes',
  'Muntaner',
  'Aribau',
  'Enric Granados',
  'Pau Claris',
  'Roger de Llúria',
  'Bruc',
  'Girona',
  'Bailèn',
  'Casanova',
  'Villarroel',
  'Comte Borrell',
];
const AVENUES = ['Avinguda Diagonal', 'Passeig de Gràcia', 'Avinguda Meridiana'];

function streetName(names: readonly string[], index: number): string {
  const base = names[((index % names.length) + names.length) % names.length] ?? 'Carrer';
  const round = Math.floor(index / names.length);
  return round === 0 ? `Carrer de ${base}` : `Carrer de ${base} ${round + 1}`;
}

/** Spots every 25–35 m along a line, alternating sides of the street. */
function spotsAlong(
  random: Random,
  origin: Metres,
  direction: Metres,
  lengthM: number,
  street: string,
  out: StreetSpot[],
): void {
  const normal = { x: -direction.y, y: direction.x };
  let side = 1;
  let number = 1;
  for (let along = random.between(0, 30); along < lengthM; along += random.between(25, 35)) {
    out.push({
      x: origin.x + direction.x * (along - lengthM / 2) + normal.x * SIDEWALK_OFFSET_M * side,
      y: origin.y + direction.y * (along - lengthM / 2) + normal.y * SIDEWALK_OFFSET_M * side,
      street,
      number,
    });
    side = -side;
    number += 1;
  }
}

export interface StreetGrid {
  spots: StreetSpot[];
  /** Street corner nearest to a point: where a cabinet controller stands. */
  nearestCorner(point: Metres): Metres;
}

/** Lays out a rotated street grid plus a few avenues, with enough spots for `count` light points. */
export function buildStreetGrid(random: Random, count: number): StreetGrid {
  const angle = (45 + random.between(-4, 4)) * (Math.PI / 180);
  const along = { x: Math.cos(angle), y: Math.sin(angle) };
  const across = { x: -along.y, y: along.x };
  const halfSideM = Math.max(300, (Math.sqrt((count * 1.6) / SPOTS_PER_KM2) * 1000) / 2);
  const lines = Math.ceil(halfSideM / BLOCK_M);
  const shift = { a: random.between(0, BLOCK_M), b: random.between(0, BLOCK_M) };
  const spots: StreetSpot[] = [];
  for (let i = -lines; i <= lines; i += 1) {
    const a = i * BLOCK_M + shift.a - BLOCK_M / 2;
    const b = i * BLOCK_M + shift.b - BLOCK_M / 2;
    const crossOrigin = { x: across.x * a, y: across.y * a };
    const longOrigin = { x: along.x * b, y: along.y * b };
    spotsAlong(random, crossOrigin, along, halfSideM * 2, streetName(CROSS_STREETS, i + lines), spots);
    spotsAlong(random, longOrigin, across, halfSideM * 2, streetName(LONG_STREETS, i + lines), spots);
  }
  for (const avenue of AVENUES) {
    const heading = random.between(0, Math.PI);
    const offset = random.between(-halfSideM / 3, halfSideM / 3);
    const direction = { x: Math.cos(heading), y: Math.sin(heading) };
    const origin = { x: -direction.y * offset, y: direction.x * offset };
    spotsAlong(random, origin, direction, halfSideM * 2, avenue, spots);
  }
  const nearestCorner = (point: Metres): Metres => {
    const a = Math.round((point.x * across.x + point.y * across.y - shift.a + BLOCK_M / 2) / BLOCK_M);
    const b = Math.round((point.x * along.x + point.y * along.y - shift.b + BLOCK_M / 2) / BLOCK_M);
    const pa = a * BLOCK_M + shift.a - BLOCK_M / 2;
    const pb = b * BLOCK_M + shift.b - BLOCK_M / 2;
    return { x: across.x * pa + along.x * pb, y: across.y * pa + along.y * pb };
  };
  return { spots, nearestCorner };
}
