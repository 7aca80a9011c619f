import {
  type CommandParams,
  floorHour,
  LOG_HOUR_MS,
  LOG_PAGE_RECORDS,
  LOG_RETENTION_MONTHS,
  logRetentionStart,
} from '@farola/protocol';
import { cabinetTimeZone } from './cabinet';
import { setBreakerTripped, setCabinetCondition, setMaintenance } from './cabinet-alarms';
import { type CommandContext, CommandError, type CommandHandler } from './command-runner';
import { advanceDevice } from './device';
import type { Cabinet, SimDevice } from './device-state';
import { logComputer, loggedHours, type LogTotals } from './logged-data';
import { installationInstant } from './metering';
import { TIMEZONE } from './schedule';

/** Simulated time to send one page: slow over a light point's narrowband modem, quick over a cabinet's 4G. */
export const LOG_PAGE_MS: Record<SimDevice['kind'], number> = { 'light-point': 2000, cabinet: 800 };
/** Simulated time the device takes to go through a week of its records when it recalculates its counters. */
export const RECALCULATION_MS_PER_WEEK = 250;
const WEEK_MS = 7 * 24 * LOG_HOUR_MS;

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * uploadLog: the hourly records of the period, computed from the device's physics and journal,
 * published in pages of at most LOG_PAGE_RECORDS on `up/logs`, each page with its progress, then
 * DONE. A period with no records the device holds (before its installation, in the future) is one
 * empty page. The period is fixed when the request starts: hours completed during the upload wait
 * for the next one.
 */
export const uploadLog: CommandHandler = async (ctx) => {
  const { from, to } = ctx.params as CommandParams<'uploadLog'>;
  const { device } = ctx;
  const nowMs = ctx.now();
  const oldest = logRetentionStart(nowMs);
  if (Date.parse(from) < oldest) {
    throw new CommandError(
      'NOT_ACCEPTABLE',
      `This device keeps its logged data for the last ${LOG_RETENTION_MONTHS} months: 'from' must not be before ${new Date(oldest).toISOString()}`,
    );
  }
  const { first, count } = loggedHours(device, Date.parse(from), Date.parse(to), nowMs);
  const pages = Math.max(1, Math.ceil(count / LOG_PAGE_RECORDS));
  const computer = logComputer(device, nowMs);
  for (let page = 1; page <= pages; page += 1) {
    await ctx.pause(LOG_PAGE_MS[device.kind]);
    const done = (page - 1) * LOG_PAGE_RECORDS;
    const start = first + done * LOG_HOUR_MS;
    const records = Array.from({ length: Math.max(0, Math.min(LOG_PAGE_RECORDS, count - done)) }, (_, i) =>
      computer.record(start + i * LOG_HOUR_MS, device.installedAtMs),
    );
    ctx.publishLogPage({ page, pages, records });
    ctx.progress(Math.round((page / pages) * 99));
  }
};

/** The counters' sums from the installation to now, a week at a time with progress. */
async function recalculate(ctx: CommandContext, installedAtMs: number): Promise<LogTotals> {
  const { device } = ctx;
  const computer = logComputer(device, ctx.now());
  const totals: LogTotals = {
    energyKWh: 0,
    operatingHours: 0,
    outputsKWh: device.kind === 'cabinet' ? device.outputs.map(() => 0) : [],
  };
  const add = (part: LogTotals) => {
    totals.energyKWh += part.energyKWh;
    totals.operatingHours += part.operatingHours;
    part.outputsKWh.forEach((kWh, i) => (totals.outputsKWh[i] = (totals.outputsKWh[i] ?? 0) + kWh));
  };
  const settled = floorHour(ctx.now());
  let cursor = installedAtMs;
  while (cursor < settled) {
    const end = Math.min(cursor + WEEK_MS, settled);
    add(computer.totals(cursor, end));
    cursor = end;
    ctx.progress(10 + Math.round((80 * (cursor - installedAtMs)) / Math.max(1, settled - installedAtMs)));
    await ctx.pause(RECALCULATION_MS_PER_WEEK);
  }
  // After the last pause: the hours since, up to this moment.
  add(computer.totals(cursor, ctx.now()));
  return totals;
}

/**
 * The crew's re-installation ends whatever the cabinet had raised: every condition (the door is
 * closed, mains is back, maintenance is over), each with its alarm cleared, and tripped breakers reset.
 */
function clearCabinetAlarms(cabinet: Cabinet, nowMs: number): void {
  for (const condition of [...cabinet.conditions.active.keys()]) setCabinetCondition(cabinet, condition, false, nowMs);
  setMaintenance(cabinet, false, nowMs);
  for (const output of [...cabinet.conditions.trippedBreakers.keys()]) setBreakerTripped(cabinet, output, false, nowMs);
}

/**
 * resetInstallation (spec §4): the chosen date becomes the installation date. The logged data before
 * it no longer exists; the energy counters (the total, each output's and the electronics' own) and
 * the operating hours are recalculated from the logged data since it; active alarms are cleared.
 * The device holds 12 months of data, so the date must lie within them, and not in the future.
 */
export const resetInstallation: CommandHandler = async (ctx) => {
  const { installationDate } = ctx.params as CommandParams<'resetInstallation'>;
  const { device } = ctx;
  const installedAtMs = installationInstant(
    installationDate,
    device.kind === 'cabinet' ? cabinetTimeZone(device) : TIMEZONE,
  );
  const startMs = ctx.now();
  if (installedAtMs > startMs) {
    throw new CommandError('NOT_ACCEPTABLE', `The installation date ${installationDate} is in the future`);
  }
  const oldest = logRetentionStart(startMs);
  if (installedAtMs < oldest) {
    throw new CommandError(
      'NOT_ACCEPTABLE',
      `This device holds ${LOG_RETENTION_MONTHS} months of logged data: the installation date must be ${dateOf(oldest + 86_400_000)} or later`,
    );
  }
  await ctx.step();
  const totals = await recalculate(ctx, installedAtMs);
  const nowMs = ctx.now();
  // The meters first take in what they drew until now; from now on they count on from the new totals.
  if (device.kind === 'cabinet') for (const lightPoint of device.lightPoints) advanceDevice(lightPoint, nowMs);
  advanceDevice(device, nowMs);
  device.installedAtMs = installedAtMs;
  device.energyKWh = totals.energyKWh;
  device.operatingHours = totals.operatingHours;
  if (device.kind === 'cabinet') {
    device.outputs.forEach((output, i) => (output.energyKWh = totals.outputsKWh[i] ?? 0));
    const circuitsKWh = totals.outputsKWh.reduce((sum, kWh) => sum + kWh, 0);
    device.selfEnergyKWh = Math.max(0, totals.energyKWh - circuitsKWh);
    clearCabinetAlarms(device, nowMs);
  }
  ctx.publishChanges();
};
