import type { DeviceType, OperateMode, Vendor } from '@farola/protocol';
import type { DeviceSpec, LatLng, LuminaireSpec } from './device-spec';
import { FAMILIES } from './families';
import { LUMINAIRE_TYPES, type LuminaireType } from './luminaires';
import { type Random, seededRandom } from './random';
import { buildStreetGrid, type Metres, type StreetSpot } from './streets';

/** What places a fleet: `FleetOptions` carries these among the rest. */
export interface LayoutOptions {
  devices: number;
  seed: string;
  /** The point the street grid is centred on. */
  center: LatLng;
  /** Project hints: the first for most districts, the second for the old town, the third for the north districts. */
  projectIds: readonly string[];
  serialPrefix: string;
}

/** The serial prefix of the default fleet (SIM_SERIAL_PREFIX), whose names carry no mark. */
export const DEFAULT_SERIAL_PREFIX = 'SIM';

/**
 * A device's name: the server refuses a name another device of its kind carries, so the names of a
 * fleet under another prefix (a second simulator on the same server) carry it: 'Carrer de Aribau 13
 * (E2E)'. Within a layout every name is unique already (street and number; cabinet, family and number).
 */
function deviceName(options: LayoutOptions, name: string): string {
  return options.serialPrefix === DEFAULT_SERIAL_PREFIX ? name : `${name} (${options.serialPrefix})`;
}

const LIGHT_POINTS_PER_CABINET = 20;
const OLD_TOWN = 'Ciutat Vella';
/** Four districts by compass sector around the centre; each is wired by one vendor family. */
const DISTRICTS = ['Eixample Dreta', 'Gràcia', 'Eixample Esquerra', OLD_TOWN] as const;

function toLatLng(center: LatLng, point: Metres): { latitude: number; longitude: number } {
  const metresPerDegree = 111_320;
  return {
    latitude: center.lat + point.y / metresPerDegree,
    longitude: center.lng + point.x / (metresPerDegree * Math.cos((center.lat * Math.PI) / 180)),
  };
}

/** Interleaves coordinate bits so that sorting by it keeps neighbours together (Z-order). */
function mortonKey(point: Metres): number {
  const x = Math.max(0, Math.min(65_535, Math.round(point.x / 20) + 32_768));
  const y = Math.max(0, Math.min(65_535, Math.round(point.y / 20) + 32_768));
  let key = 0;
  for (let bit = 15; bit >= 0; bit -= 1) key = key * 4 + ((x >> bit) & 1) * 2 + ((y >> bit) & 1);
  return key;
}

function districtOf(point: Metres): (typeof DISTRICTS)[number] {
  const sector = Math.floor(((Math.atan2(point.y, point.x) + Math.PI) / (2 * Math.PI)) * 4) % 4;
  return DISTRICTS[sector] ?? OLD_TOWN;
}

/** A fresh serial per family and kind: SIM-OR-LP-000001, SIM-VE-CC-000001, … */
function serialCounter(prefix: string): (vendor: Vendor, type: DeviceType) => string {
  const counts = new Map<string, number>();
  return (vendor, type) => {
    const kind = `${FAMILIES[vendor].code}-${type === 'light-point-controller' ? 'LP' : 'CC'}`;
    const next = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, next);
    return `${prefix}-${kind}-${String(next).padStart(6, '0')}`;
  };
}

function pickFirmware(random: Random, vendor: Vendor, type: DeviceType): string {
  const releases = FAMILIES[vendor].firmware[type];
  return random.pick(releases.slice(-2));
}

function imeiFor(random: Random, vendor: Vendor): string {
  let digits = FAMILIES[vendor].imeiTac;
  while (digits.length < 15) digits += String(random.int(0, 9));
  return digits;
}

interface Context {
  random: Random;
  options: LayoutOptions;
  serial: (vendor: Vendor, type: DeviceType) => string;
  vendorOf: Record<string, Vendor>;
}

/** The districts of the third project hint (the demo's second top-level project). */
const NORTH_DISTRICTS: readonly string[] = ['Eixample Dreta', 'Gràcia'];

/** Project hints by district: the old town to the second, the north districts to the third, the rest to the first. */
function projectFor(options: LayoutOptions, district: string): string {
  const [main = '', oldTown, north] = options.projectIds;
  if (district === OLD_TOWN) return oldTown ?? main;
  return NORTH_DISTRICTS.includes(district) ? (north ?? main) : main;
}

/** Installation dates count back from here, so the layout does not depend on when it is built. */
const LAYOUT_REFERENCE_MS = Date.UTC(2026, 0, 1);
const YEAR_MS = 365.25 * 86_400_000;

function pickWeighted<T extends { share: number }>(random: Random, items: readonly T[]): T {
  let left = random.next() * items.reduce((sum, item) => sum + item.share, 0);
  for (const item of items) {
    left -= item.share;
    if (left < 0) return item;
  }
  return items[items.length - 1]!;
}

/** Most light points dim by curve (uninterruptible or behind their cabinet); a few are kept off or at full. */
const OPERATE_MODE_SHARES: ReadonlyArray<{ mode: OperateMode; share: number }> = [
  { mode: '005', share: 55 },
  { mode: '006', share: 35 },
  { mode: '009', share: 3 },
  { mode: '010', share: 2 },
  { mode: '013', share: 3 },
  { mode: '014', share: 2 },
];

/** The installation date of a device `ageYears` old (no draw: the layout's random stream stays as it was). */
function installationDateOf(ageYears: number): string {
  return new Date(LAYOUT_REFERENCE_MS - ageYears * YEAR_MS).toISOString().slice(0, 10);
}

function luminaireSpec(random: Random, type: LuminaireType, serialNumber: string, ageYears: number): LuminaireSpec {
  const installationDate = installationDateOf(ageYears);
  const yymm = installationDate.slice(2, 7).replace('-', '');
  return {
    serialNumber: `${type.code}-${yymm}-${serialNumber.split('-').slice(-3).join('')}`,
    type: type.name,
    bracketType: random.pick(type.brackets),
    driver: random.pick(type.drivers),
    installationDate,
  };
}

/** Ground rises gently inland (north-west of the centre), from 15 m; plus the pole's 6–12 m. No terrain model. */
function altitudeAt(random: Random, spot: Metres): number {
  const ground = Math.max(1, 15 + 0.025 * spot.y - 0.012 * spot.x);
  return Math.round((ground + random.between(6, 12)) * 10) / 10;
}

function lightPointSpec(ctx: Context, spot: StreetSpot, district: string): DeviceSpec {
  const { random, options } = ctx;
  const vendor = ctx.vendorOf[district] ?? 'orion';
  const ageYears = random.between(0.5, 8);
  const type = pickWeighted(random, LUMINAIRE_TYPES);
  const nominalPowerW = type.ratedPowerW;
  const serialNumber = ctx.serial(vendor, 'light-point-controller');
  return {
    serialNumber,
    deviceType: 'light-point-controller',
    vendor,
    name: deviceName(options, `${spot.street} ${spot.number}`),
    street: spot.street,
    district,
    projectId: projectFor(options, district),
    ...toLatLng(options.center, spot),
    modelNumber: random.pick(FAMILIES[vendor].models['light-point-controller']),
    firmwareVersion: pickFirmware(random, vendor, 'light-point-controller'),
    imei: imeiFor(random, vendor),
    nominalPowerW,
    operateMode: pickWeighted(random, OPERATE_MODE_SHARES).mode,
    initialEnergyKWh: Math.round(ageYears * 4100 * nominalPowerW * 0.8) / 1000,
    initialOperatingHours: Math.round(ageYears * 4100),
    installationDate: installationDateOf(ageYears),
    luminaire: luminaireSpec(random, type, serialNumber, ageYears),
    altitude: altitudeAt(random, spot),
  };
}

function cabinetSpec(ctx: Context, corner: Metres, district: string, members: DeviceSpec[]): DeviceSpec {
  const { random, options } = ctx;
  const vendor = ctx.vendorOf[district] ?? 'orion';
  const serialNumber = ctx.serial(vendor, 'cabinet-controller');
  const outputCount = random.int(2, 4);
  members.forEach((member, index) => {
    member.cabinetSerial = serialNumber;
    member.output = (index % outputCount) + 1;
  });
  const ageYears = random.between(1, 12);
  return {
    serialNumber,
    deviceType: 'cabinet-controller',
    vendor,
    // The family and the cabinet's number make it unique: a street may have cabinets of both families.
    name: deviceName(
      options,
      `Cabinet ${members[0]?.street ?? district} ${FAMILIES[vendor].code}-${Number(serialNumber.slice(-6))}`,
    ),
    district,
    projectId: projectFor(options, district),
    ...toLatLng(options.center, corner),
    modelNumber: random.pick(FAMILIES[vendor].models['cabinet-controller']),
    firmwareVersion: pickFirmware(random, vendor, 'cabinet-controller'),
    ip: `10.${random.int(16, 31)}.${random.int(0, 255)}.${random.int(2, 254)}`,
    nominalPowerW: 0,
    operateMode: '006',
    initialEnergyKWh: Math.round(ageYears * 4100 * members.length * 80) / 1000,
    initialOperatingHours: Math.round(ageYears * 4100),
    installationDate: installationDateOf(ageYears),
    outputCount,
    lightPointSerials: members.map((member) => member.serialNumber),
  };
}

/**
 * Places `options.devices` devices on a street grid around the centre, nearest first: light points
 * along streets, one cabinet controller per ~20 of them at a street corner. Pure and deterministic:
 * the same options always give the same fleet.
 */
export function buildFleetLayout(options: LayoutOptions): DeviceSpec[] {
  const random = seededRandom(options.seed);
  const grid = buildStreetGrid(random, options.devices);
  const vendors: Vendor[] = random.chance(0.5) ? ['orion', 'vega'] : ['vega', 'orion'];
  const vendorOf = Object.fromEntries(DISTRICTS.map((district, i) => [district, vendors[i % 2] ?? 'orion']));
  const ctx: Context = { random, options, serial: serialCounter(options.serialPrefix), vendorOf };
  const nearest = grid.spots
    .map((spot) => ({ spot, distance: Math.hypot(spot.x, spot.y) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, options.devices)
    .map(({ spot }) => spot);
  const byDistrict = new Map<string, StreetSpot[]>();
  for (const spot of nearest) {
    const district = districtOf(spot);
    const list = byDistrict.get(district);
    if (list) list.push(spot);
    else byDistrict.set(district, [spot]);
  }
  const devices: DeviceSpec[] = [];
  for (const district of DISTRICTS) {
    const spots = byDistrict.get(district) ?? [];
    devices.push(...districtDevices(ctx, grid.nearestCorner, district, spots));
  }
  return devices;
}

/** A district's devices: its `spots.length` slots split into light points and their cabinets. */
function districtDevices(
  ctx: Context,
  nearestCorner: (point: Metres) => Metres,
  district: string,
  spots: StreetSpot[],
): DeviceSpec[] {
  if (spots.length === 0) return [];
  const cabinets = spots.length < 2 ? 0 : Math.max(1, Math.round(spots.length / (LIGHT_POINTS_PER_CABINET + 1)));
  const lightSpots = spots.slice(0, spots.length - cabinets).sort((a, b) => mortonKey(a) - mortonKey(b));
  const lightPoints = lightSpots.map((spot) => lightPointSpec(ctx, spot, district));
  const result: DeviceSpec[] = [...lightPoints];
  for (let c = 0; c < cabinets; c += 1) {
    const from = Math.floor((c * lightSpots.length) / cabinets);
    const to = Math.floor(((c + 1) * lightSpots.length) / cabinets);
    const group = lightSpots.slice(from, to);
    const centroid = {
      x: group.reduce((sum, s) => sum + s.x, 0) / Math.max(1, group.length),
      y: group.reduce((sum, s) => sum + s.y, 0) / Math.max(1, group.length),
    };
    result.push(cabinetSpec(ctx, nearestCorner(centroid), district, lightPoints.slice(from, to)));
  }
  return result;
}
