import { describe, expect, it } from 'vitest';
import { DEFAULT_FLEET_OPTIONS } from './fleet-options';
import { planConnections } from './connections';
import { buildFleetLayout } from './layout';

describe('how the fleet shares MQTT connections', () => {
  const options = { ...DEFAULT_FLEET_OPTIONS, devices: 2100, seed: 'connections' };
  const specs = buildFleetLayout(options);

  it('lets each cabinet carry the light points it feeds, every device on exactly one connection', () => {
    const plans = planConnections({ ...options, gatewaySize: 'cabinet' }, specs);
    const carried = plans.flatMap((plan) => plan.devices.map((device) => device.serialNumber));
    expect(carried.sort()).toEqual(specs.map((spec) => spec.serialNumber).sort());
    const cabinets = specs.filter((spec) => spec.deviceType === 'cabinet-controller');
    expect(plans).toHaveLength(cabinets.length);
    for (const plan of plans) {
      const [cabinet, ...lightPoints] = plan.devices;
      expect(plan.gatewayId).toBe(`${cabinet!.serialNumber}-GW`);
      expect(lightPoints.map((lp) => lp.serialNumber).sort()).toEqual([...cabinet!.lightPointSerials!].sort());
    }
  });

  it('carries a city of 100,000 light points over 5,000 cabinet connections, within a process file limit', () => {
    const city = buildFleetLayout({ ...DEFAULT_FLEET_OPTIONS, devices: 105_000, seed: 'city' });
    const count = (type: string) => city.filter((spec) => spec.deviceType === type).length;
    expect(count('light-point-controller')).toBe(100_000);
    expect(count('cabinet-controller')).toBe(5000);
    expect(planConnections({ ...DEFAULT_FLEET_OPTIONS, gatewaySize: 'cabinet' }, city)).toHaveLength(5000);
  });

  it('groups by number in layout order, or gives every device its own connection', () => {
    const byNumber = planConnections({ ...options, gatewaySize: 500 }, specs);
    expect(byNumber.map((plan) => plan.devices.length)).toEqual([500, 500, 500, 500, 100]);
    expect(byNumber[0]!.gatewayId).toBe('SIM-GW-0001');
    const alone = planConnections({ ...options, gatewaySize: 1 }, specs);
    expect(alone).toHaveLength(specs.length);
    expect(alone.every((plan) => plan.gatewayId === null && plan.devices.length === 1)).toBe(true);
  });
});
