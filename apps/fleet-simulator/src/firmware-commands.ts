import type { CommandParams } from '@farola/protocol';
import { type CommandContext, CommandError, type CommandHandler } from './command-runner';
import type { SimDevice } from './device-state';
import { FAMILIES, nextMinorVersion } from './families';

/**
 * Firmware as the devices handle it: an image is downloaded in blocks (slowly over a light point's
 * narrowband modem, faster over a cabinet's 4G), kept until applied, then flashed; the device
 * restarts on the new version. Nothing changes on the device until the last block is in and the
 * flash is done, so a request cancelled on the way leaves the device exactly as it was.
 */

/** Simulated time per image block; ten blocks per image. */
const BLOCK_MS: Record<SimDevice['kind'], number> = { 'light-point': 6000, cabinet: 2500 };
const BLOCKS = 10;
const FLASH_STEPS = 4;

/** Restarts the device once the request's DONE answer has gone out. */
export type RestartDevice = (device: SimDevice) => void;

/** The versions a device may move to: its family's releases for its kind, and the next minor one. */
function targetOf(device: SimDevice, version: string | undefined): string {
  const target = version ?? nextMinorVersion(device.firmwareVersion);
  const releases = FAMILIES[device.spec.vendor].firmware[device.spec.deviceType];
  if (target === device.firmwareVersion) {
    throw new CommandError('NOT_ACCEPTABLE', `Firmware ${target} is already installed`);
  }
  if (!releases.includes(target) && target !== nextMinorVersion(device.firmwareVersion)) {
    throw new CommandError('NOT_FOUND', `Firmware ${target} does not exist for ${device.spec.modelNumber}`);
  }
  return target;
}

/** Downloads the image block by block, reporting progress from `from` to `to` percent. */
async function download(ctx: CommandContext, from: number, to: number): Promise<void> {
  for (let block = 1; block <= BLOCKS; block += 1) {
    await ctx.pause(BLOCK_MS[ctx.device.kind]);
    ctx.progress(Math.round(from + ((to - from) * block) / BLOCKS));
  }
}

/** Verifies and writes the image, then switches the device to `version`. */
async function flash(ctx: CommandContext, version: string, from: number): Promise<void> {
  for (let step = 1; step <= FLASH_STEPS; step += 1) {
    await ctx.pause(1500);
    ctx.progress(Math.round(from + ((95 - from) * step) / FLASH_STEPS));
  }
  const { device } = ctx;
  device.previousFirmware = device.firmwareVersion;
  device.firmwareVersion = version;
  delete device.downloadedFirmware;
  ctx.publishChanges();
}

export function createFirmwareHandlers(restart: RestartDevice) {
  const downloadUpdate: CommandHandler = async (ctx) => {
    const { version } = ctx.params as CommandParams<'downloadUpdate'>;
    const target = targetOf(ctx.device, version);
    await download(ctx, 15, 95);
    ctx.device.downloadedFirmware = target;
  };

  const cancelDownload: CommandHandler = async (ctx) => {
    await ctx.step();
    const stopped = ctx.abortRunning('downloadUpdate');
    if (stopped === 0 && ctx.device.downloadedFirmware === undefined) {
      throw new CommandError('NOT_FOUND', 'There is no download to cancel');
    }
    delete ctx.device.downloadedFirmware;
  };

  const applyUpdate: CommandHandler = async (ctx) => {
    const version = ctx.device.downloadedFirmware;
    if (version === undefined) throw new CommandError('NOT_FOUND', 'No downloaded update to apply');
    await flash(ctx, version, 30);
    restart(ctx.device);
  };

  const upgrade: CommandHandler = async (ctx) => {
    const { version } = ctx.params as CommandParams<'upgrade'>;
    const target = targetOf(ctx.device, version);
    await download(ctx, 15, 70);
    await flash(ctx, target, 70);
    restart(ctx.device);
  };

  const downgrade: CommandHandler = async (ctx) => {
    const { device } = ctx;
    const releases = FAMILIES[device.spec.vendor].firmware[device.spec.deviceType];
    const target = device.previousFirmware ?? releases[releases.indexOf(device.firmwareVersion) - 1];
    if (target === undefined) throw new CommandError('NOT_ACCEPTABLE', 'No previous firmware to return to');
    await download(ctx, 15, 60);
    await flash(ctx, target, 60);
    // Returning once more would go back further, not forth again.
    device.previousFirmware = null;
    restart(ctx.device);
  };

  return { downloadUpdate, cancelDownload, applyUpdate, upgrade, downgrade };
}
