import type { YearPreview } from './year-preview';

/**
 * A year of a schedule in energy and money, against burning fully on from dusk to dawn (the
 * what-if before applying). A light at level L draws L % of its rated power: energy is rated power
 * times full-load hours. Driver losses make a dimmed LED draw a little more than that (about 48 %
 * of its power at 50 %), so real savings from dimming are a few points under the figure.
 */
export interface YearEnergy {
  /** Hours lit in the year (any level above 0). */
  burnHours: number;
  /** The year's light as hours at full level (`YearPreview.fullLoadHours`). */
  fullLoadHours: number;
  /** Hours between sunset and sunrise in the year: what a light fully on from dusk to dawn burns. */
  nightHours: number;
  /** The schedule's energy, kWh. */
  energyKWh: number;
  cost: number;
  /** Fully on from dusk to dawn at 100 %: rated power × night hours, kWh. */
  baselineKWh: number;
  baselineCost: number;
  /** Baseline minus the schedule's energy: negative when the schedule burns more (lit by day). */
  savedKWh: number;
  savedCost: number;
  /** Saved energy as a share of the baseline, in percent; 0 when there is no baseline. */
  savedPercent: number;
}

/**
 * What a year of a schedule draws, for lights whose rated powers sum to `ratedPowerW`, at a price
 * per kWh in any currency.
 *
 * @example
 * // 100 W, 22:00–06:00 at 50 % every night: 8 h × 365 × 50 % × 100 W = 146 kWh.
 * yearEnergy({ burnHours: 2920, fullLoadHours: 1460, nightHours: 4380 }, 100, 0.2).energyKWh; // 146
 */
export function yearEnergy(
  preview: Pick<YearPreview, 'burnHours' | 'fullLoadHours' | 'nightHours'>,
  ratedPowerW: number,
  pricePerKWh: number,
): YearEnergy {
  const energyKWh = (ratedPowerW * preview.fullLoadHours) / 1000;
  const baselineKWh = (ratedPowerW * preview.nightHours) / 1000;
  const savedKWh = baselineKWh - energyKWh;
  return {
    burnHours: preview.burnHours,
    fullLoadHours: preview.fullLoadHours,
    nightHours: preview.nightHours,
    energyKWh,
    cost: energyKWh * pricePerKWh,
    baselineKWh,
    baselineCost: baselineKWh * pricePerKWh,
    savedKWh,
    savedCost: savedKWh * pricePerKWh,
    savedPercent: baselineKWh === 0 ? 0 : (savedKWh / baselineKWh) * 100,
  };
}
