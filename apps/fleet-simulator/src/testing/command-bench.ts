import { randomUUID } from 'node:crypto';
import type { CommandName, DownCommandMessage, UpCommandMessage } from '@farola/protocol';
import { expect } from 'vitest';
import { SimClock } from '../clock';
import { createCommandHandlers } from '../command-handlers';
import { CommandRunner } from '../command-runner';
import type { SimDevice } from '../device-state';
import { DEFAULT_FLEET_OPTIONS } from '../fleet-options';
import { createDevices } from '../fleet-device';
import { buildFleetLayout } from '../layout';

/** Simulated time runs 200 times faster: a 60 s download takes 300 ms. */
const SPEED = 200;

/**
 * A command runner over a small fleet, without MQTT: what it answers is collected per request.
 */
export function commandBench(settings: { installFailureRate?: number } = {}) {
  const devices = createDevices(buildFleetLayout({ ...DEFAULT_FLEET_OPTIONS, devices: 60 }), Date.now(), 'fw');
  const answers: UpCommandMessage[] = [];
  const restarts: SimDevice[] = [];
  const runner = new CommandRunner({
    errorRate: 0,
    clock: new SimClock(SPEED),
    handlers: createCommandHandlers({
      reboot: async (device) => void restarts.push(device),
      installation: { failureRate: settings.installFailureRate ?? 0 },
    }),
    send: (_device, message) => answers.push(message),
    publishChanges: () => undefined,
    takeForcedFailure: () => undefined,
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    onFailure: (error) => {
      throw error;
    },
  });
  const find = (vendor: string, kind: SimDevice['kind']) => {
    const device = devices.find((d) => d.spec.vendor === vendor && d.kind === kind);
    if (!device) throw new Error(`no ${vendor} ${kind}`);
    return device;
  };
  const send = (device: SimDevice, command: CommandName, params: Record<string, unknown> = {}) => {
    const request: DownCommandMessage = {
      requestId: randomUUID(),
      command,
      params,
      attempt: 1,
      ts: new Date().toISOString(),
    };
    runner.handle(device, request);
    return request;
  };
  const of = (request: { requestId: string }) => answers.filter((a) => a.requestId === request.requestId);
  const final = async (request: { requestId: string }) => {
    await expect.poll(() => of(request).some((a) => a.status !== 'IN_PROGRESS'), { timeout: 5000 }).toBe(true);
    return of(request).find((a) => a.status !== 'IN_PROGRESS')!;
  };
  const progressed = (request: { requestId: string }, percent: number) =>
    expect
      .poll(() => Math.max(0, ...of(request).map((a) => a.progress)), { timeout: 5000 })
      .toBeGreaterThanOrEqual(percent);
  /** Longer than any firmware command takes at SPEED. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 800));
  return { runner, devices, find, send, of, final, progressed, settle, restarts };
}
