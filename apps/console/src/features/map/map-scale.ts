/** The scale bar's width at most, in pixels (Leaflet's default). */
export const SCALE_MAX_WIDTH_PX = 100;

/**
 * The round distance the scale bar shows for `maxMeters` (what its full width spans): 1, 2, 3 or
 * 5 times a power of ten metres, at most `maxMeters` (Leaflet's rule).
 *
 * @example
 * roundDistance(87.4); // 50
 * roundDistance(2480); // 2000
 */
export function roundDistance(maxMeters: number): number {
  const power = 10 ** (String(Math.floor(maxMeters)).length - 1);
  const ratio = maxMeters / power;
  const step = ratio >= 10 ? 10 : ratio >= 5 ? 5 : ratio >= 3 ? 3 : ratio >= 2 ? 2 : 1;
  return power * step;
}

/**
 * A distance as the user's language writes it, in metres below a kilometre and kilometres above:
 * '50 m', '2 km', '5 000 km' in French.
 */
export function formatDistance(meters: number, language: string): string {
  const [value, unit] = meters < 1000 ? [meters, 'meter'] : [meters / 1000, 'kilometer'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(value);
}
