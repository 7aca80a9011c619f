import { randomUUID } from 'node:crypto';
import type { CommandName, UpCommandMessage, UpLogMessage, Vendor } from '@farola/protocol';
import { SimClock } from '../clock';
import { createCommandHandlers } from '../command-handlers';
import { CommandRunner } from '../command-runner';
import type { Cabinet, SimDevice } from '../device-state';
import { DEFAULT_FLEET_OPTIONS } from '../fleet-options';
import { advanceDevice } from '../device';
import { createDevices } from '../fleet-device';
import { buildFleetLayout } from '../layout';
import { setLightPointOperateMode } from '../light-point';

/** A fresh default fleet at `nowMs`, so that no test sees another's changes. */
export function freshFleet(nowMs: number): SimDevice[] {
  return createDevices(buildFleetLayout(DEFAULT_FLEET_OPTIONS), nowMs, DEFAULT_FLEET_OPTIONS.seed);
}

/**
 * A cabinet of the family from a fresh fleet, its light points set to dim by the curve, alternately
 * switched by the cabinet (006) and uninterruptible (005): lit at night, dark by day.
 */
export function freshCabinet(nowMs: number, vendor: Vendor = 'orion'): Cabinet {
  const cabinet = freshFleet(nowMs).find(
    (device): device is Cabinet =>
      device.kind === 'cabinet' && device.spec.vendor === vendor && device.lightPoints.length >= 2,
  );
  if (!cabinet) throw new Error(`the default fleet has no ${vendor} cabinet with light points`);
  cabinet.lightPoints.forEach((lightPoint, index) => {
    const mode = index % 2 === 0 ? '006' : '005';
    lightPoint.spec.operateMode = mode;
    setLightPointOperateMode(lightPoint, mode);
  });
  return cabinet;
}

/** Light points first, as the runtime does: the cabinet's power is the sum of theirs. */
export function advanceCabinetAndFed(cabinet: Cabinet, nowMs: number): void {
  for (const lightPoint of cabinet.lightPoints) advanceDevice(lightPoint, nowMs);
  advanceDevice(cabinet, nowMs);
}

/**
 * Runs one command through the real CommandRunner and handlers, on a clock stopped at `nowMs`
 * (pauses take no time), and resolves with the device's final answer. Pages of logged data it
 * publishes go to `logPages`.
 */
export function runCommand(
  device: SimDevice,
  command: CommandName,
  params: Record<string, unknown>,
  nowMs: number,
  logPages: UpLogMessage[] = [],
): Promise<UpCommandMessage> {
  return new Promise((resolve, reject) => {
    const runner = new CommandRunner({
      errorRate: 0,
      clock: new SimClock(1, () => 0, nowMs),
      handlers: createCommandHandlers({ reboot: () => Promise.resolve(), installation: { failureRate: 0 } }),
      send: (_device, message) => {
        if (message.status !== 'IN_PROGRESS') resolve(message);
      },
      sendLog: (_device, message) => logPages.push(message),
      publishChanges: () => undefined,
      takeForcedFailure: () => undefined,
      delay: () => Promise.resolve(),
      onFailure: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
    runner.handle(device, { requestId: randomUUID(), command, params, attempt: 1, ts: new Date(nowMs).toISOString() });
  });
}
