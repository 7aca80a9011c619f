/**
 * The luminaires light points drive: a small catalogue of LED street lights, with the power curve
 * of their drivers. The layout picks one per light point (spec §3 luminaire fields).
 */
export interface LuminaireType {
  /** What the node reads from the driver's memory bank (`identifiedLuminaireType`). */
  name: string;
  /** Serial number prefix of this product line. */
  code: string;
  /** Input power at 100 %, in W. */
  ratedPowerW: number;
  /** The lowest level the driver holds, in %; lower commands dim to this. */
  minLevel: number;
  /** LED module life (L80B10), in switched-on hours. */
  ratedLifeHours: number;
  /** LED string voltage at full current, in V. */
  stringVoltage: number;
  drivers: readonly string[];
  brackets: readonly string[];
  /** Relative share of the fleet. */
  share: number;
}

const ROAD_BRACKETS = ['Side-entry spigot Ø60 mm', 'Single arm 1.5 m', 'Double arm 2 × 1.5 m', 'Wall bracket 1 m'];

export const LUMINAIRE_TYPES: readonly LuminaireType[] = [
  {
    name: 'LED post-top 30 W 3000 K',
    code: 'PT30',
    ratedPowerW: 30,
    minLevel: 10,
    ratedLifeHours: 100_000,
    stringVoltage: 72,
    drivers: ['D4i 40 W 250–700 mA', 'DALI-2 35 W 350–500 mA'],
    brackets: ['Post-top Ø76 mm'],
    share: 2,
  },
  {
    name: 'LED residential 40 W 3000 K',
    code: 'RS40',
    ratedPowerW: 40,
    minLevel: 10,
    ratedLifeHours: 100_000,
    stringVoltage: 96,
    drivers: ['D4i 40 W 250–700 mA', '1-10 V 50 W 350–1050 mA'],
    brackets: ['Post-top Ø76 mm', 'Side-entry spigot Ø60 mm', 'Catenary'],
    share: 3,
  },
  {
    name: 'LED road 60 W 4000 K',
    code: 'RD60',
    ratedPowerW: 60,
    minLevel: 10,
    ratedLifeHours: 100_000,
    stringVoltage: 120,
    drivers: ['D4i 75 W 350–1050 mA', '1-10 V 75 W 350–1050 mA'],
    brackets: ROAD_BRACKETS,
    share: 4,
  },
  {
    name: 'LED road 75 W 4000 K',
    code: 'RD75',
    ratedPowerW: 75,
    minLevel: 10,
    ratedLifeHours: 100_000,
    stringVoltage: 140,
    drivers: ['D4i 75 W 350–1050 mA', 'DALI-2 100 W 500–1400 mA'],
    brackets: ROAD_BRACKETS,
    share: 4,
  },
  {
    name: 'LED road 100 W 4000 K',
    code: 'RD100',
    ratedPowerW: 100,
    minLevel: 15,
    ratedLifeHours: 80_000,
    stringVoltage: 150,
    drivers: ['DALI-2 100 W 500–1400 mA', 'D4i 150 W 700–1400 mA'],
    brackets: ROAD_BRACKETS,
    share: 3,
  },
  {
    name: 'LED avenue 120 W 4000 K',
    code: 'AV120',
    ratedPowerW: 120,
    minLevel: 15,
    ratedLifeHours: 80_000,
    stringVoltage: 160,
    drivers: ['D4i 150 W 700–1400 mA'],
    brackets: ['Single arm 2 m', 'Double arm 2 × 2 m'],
    share: 2,
  },
  {
    name: 'LED floodlight 150 W 5000 K',
    code: 'FL150',
    ratedPowerW: 150,
    minLevel: 20,
    ratedLifeHours: 60_000,
    stringVoltage: 170,
    drivers: ['D4i 150 W 700–1400 mA'],
    brackets: ['Cross-arm 4-way', 'Wall bracket 1 m'],
    share: 1,
  },
];

const byName = new Map(LUMINAIRE_TYPES.map((type) => [type.name, type]));

export function luminaireType(name: string): LuminaireType {
  const type = byName.get(name);
  if (!type) throw new Error(`Unknown luminaire type ${name}`);
  return type;
}

/**
 * The share of rated power the driver draws at a light level of `level` %: fixed driver losses
 * (5 %) plus a slightly convex LED load, because LEDs are more efficient at low current. At 50 %
 * light the luminaire draws about 48 % of its rated power, at 10 % about 13 %.
 */
export function powerShareAt(level: number): number {
  const x = level / 100;
  return 0.05 + 0.95 * (0.8 * x + 0.2 * x * x);
}

/** The rated input power at `level` % (0 < level ≤ 100), clamped to the driver's minimum. */
export function ratedPowerAt(type: LuminaireType, level: number): number {
  return type.ratedPowerW * powerShareAt(Math.max(type.minLevel, Math.min(100, level)));
}

/** Power factor of an LED driver at a share of its rated load: ~0.97 at full load, worse when dimmed. */
export function driverPowerFactor(loadShare: number): number {
  const unused = Math.max(0, 1 - loadShare);
  return 0.975 - 0.3 * unused ** 2.5;
}

/** The LED string's voltage: forward voltage falls a little with the current. */
export function stringVoltageAt(type: LuminaireType, level: number): number {
  return type.stringVoltage * (0.92 + 0.08 * (level / 100));
}
