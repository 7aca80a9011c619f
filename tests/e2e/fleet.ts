import { type APIRequestContext, expect } from '@playwright/test';
import { type Device, DeviceSchema, pageSchema } from '@farola/protocol';

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
