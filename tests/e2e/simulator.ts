import { type APIRequestContext, expect, test } from '@playwright/test';

/**
 * The simulator's control interface beside the stack the running test's project drives
 * (playwright.config.ts starts it on the stack's port + 5; docs/simulator.md 'Control interface').
 */
export function simulatorControl(): string {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error('the project has no baseURL');
  return `http://127.0.0.1:${Number(new URL(baseURL).port) + 5}`;
}

/** The MQTT port of the broker of the stack the running test's project drives. */
export function stackMqttPort(): number {
  const port = test.info().project.metadata['mqttPort'];
  if (typeof port !== 'number') throw new Error('the project names no mqttPort in its metadata');
  return port;
}

/** Has the simulator apply `action` to the device of serial number `serial`, and checks it did. */
export async function actOnSimulator(
  request: APIRequestContext,
  action: string,
  serial: string,
  params: object = {},
): Promise<void> {
  const answer = await request.post(`${simulatorControl()}/actions`, {
    data: { action, target: { serials: [serial] }, params },
  });
  expect(answer.ok()).toBe(true);
  expect((await answer.json()).applied).toEqual([serial]);
}
