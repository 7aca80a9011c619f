import { type APIRequestContext, expect } from '@playwright/test';
import { type Device, DeviceSchema, OPERATE_MODE_TABLE, pageSchema } from '@farola/protocol';

const DevicePageSchema = pageSchema(DeviceSchema);

/** Waits until the simulator's fleet has registered and returns its connected light points of one family. */
export async function connectedLightPoints(request: APIRequestContext, vendor: 'orion' | 'vega'): Promise<Device[]> {
  let devices: Device[] = [];
  await expect(async () => {
    const answer = await request.get(
      `/lighting/api/v1/devices?deviceType=light-point-controller&vendor=${vendor}&connected=true&limit=500`,
    );
    expect(answer.ok()).toBe(true);
    devices = DevicePageSchema.parse(await answer.json()).items.filter(
      (device) => device.attributes.poweredOn !== undefined,
    );
    expect(devices.length).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  return devices;
}

/**
 * Connected light points of one family whose supply never depends on a cabinet (operate modes 005,
 * 009, 013): a switch-on lights them at any hour, where a cabinet-supplied one stays dark by day.
 */
export async function alwaysSuppliedLightPoints(
  request: APIRequestContext,
  vendor: 'orion' | 'vega',
): Promise<Device[]> {
  let devices: Device[] = [];
  await expect(async () => {
    devices = (await connectedLightPoints(request, vendor)).filter((device) => {
      const mode = device.attributes.operateMode;
      return mode !== undefined && OPERATE_MODE_TABLE[mode].supply === 'uninterruptible';
    });
    expect(devices.length).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  return devices;
}
