import { describe, expect, it } from 'vitest';
import { DeviceRegistrationSchema, SerialNumberSchema } from '@farola/protocol';
import { DEFAULT_FLEET_OPTIONS } from './fleet-options';
import { registrationOf } from './device';
import { buildFleetLayout } from './layout';
import { LUMINAIRE_TYPES } from './luminaires';

const layout = (overrides: Partial<typeof DEFAULT_FLEET_OPTIONS> = {}) =>
  buildFleetLayout({ ...DEFAULT_FLEET_OPTIONS, ...overrides });

function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dy = (a.lat - b.lat) * 111_320;
  const dx = (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

describe('buildFleetLayout', () => {
  it('builds the same fleet for the same seed and a different one for another seed', () => {
    expect(layout()).toEqual(layout());
    const other = layout({ seed: 'another city' });
    expect(other.map((d) => [d.latitude, d.longitude])).not.toEqual(layout().map((d) => [d.latitude, d.longitude]));
  });

  it('creates exactly the requested number of devices with unique, valid serial numbers', () => {
    for (const devices of [1, 2, 27, 120, 2000]) {
      const fleet = layout({ devices });
      expect(fleet).toHaveLength(devices);
      expect(new Set(fleet.map((d) => d.serialNumber)).size).toBe(devices);
      for (const device of fleet) expect(SerialNumberSchema.safeParse(device.serialNumber).success).toBe(true);
    }
    expect(layout().map((d) => d.serialNumber)).toContain('SIM-OR-LP-000001');
    expect(layout({ serialPrefix: 'E2E' }).every((d) => d.serialNumber.startsWith('E2E-'))).toBe(true);
  });

  it('places a small fleet within walking distance of the centre', () => {
    const center = { lat: 40.4168, lng: -3.7038 };
    for (const device of layout({ center })) {
      expect(metresBetween({ lat: device.latitude, lng: device.longitude }, center)).toBeLessThan(1500);
    }
  });

  it('names every device uniquely within its kind, whatever the case, across both families and at 100,000 devices', () => {
    const fleet = layout({ devices: 100_000 });
    for (const kind of ['light-point-controller', 'cabinet-controller']) {
      const names = fleet.filter((d) => d.deviceType === kind).map((d) => d.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
    }
    const lightPoint = fleet.find((d) => d.deviceType === 'light-point-controller');
    expect(lightPoint?.name).toMatch(/^(Carrer de|Avinguda|Passeig de) .+ \d+$/);
    expect(fleet.find((d) => d.deviceType === 'cabinet-controller')?.name).toMatch(/^Cabinet .+ (OR|VE)-\d+$/);
  });

  it('marks the names of a fleet under another serial prefix, so that two fleets can share a server', () => {
    const ours = layout({ devices: 200 });
    const theirs = layout({ devices: 200, serialPrefix: 'E2E' });
    expect(theirs.map((d) => d.name)).toEqual(ours.map((d) => `${d.name} (E2E)`));
  });

  it('puts one cabinet controller per about 20 light points, of the same family as its light points', () => {
    const fleet = layout({ devices: 2000 });
    const cabinets = fleet.filter((d) => d.deviceType === 'cabinet-controller');
    const lightPoints = fleet.filter((d) => d.deviceType === 'light-point-controller');
    expect(lightPoints.length / cabinets.length).toBeGreaterThan(18);
    expect(lightPoints.length / cabinets.length).toBeLessThan(22);
    const bySerial = new Map(fleet.map((d) => [d.serialNumber, d]));
    for (const lightPoint of lightPoints) {
      const cabinet = bySerial.get(lightPoint.cabinetSerial ?? '');
      expect(cabinet?.vendor).toBe(lightPoint.vendor);
      expect(cabinet?.lightPointSerials).toContain(lightPoint.serialNumber);
    }
  });

  it('sends the old town to the second project and the north districts to the third', () => {
    const fleet = layout();
    const [main, sub, north] = DEFAULT_FLEET_OPTIONS.projectIds;
    const inDistricts = (...names: string[]) => fleet.filter((d) => names.includes(d.district));
    expect(inDistricts('Ciutat Vella').every((d) => d.projectId === sub)).toBe(true);
    expect(inDistricts('Eixample Dreta', 'Gràcia').every((d) => d.projectId === north)).toBe(true);
    expect(inDistricts('Eixample Esquerra').every((d) => d.projectId === main)).toBe(true);
  });

  it('gives each top-level demo project light points and cabinets of both vendor families', () => {
    const fleet = layout();
    const [main, sub, north] = DEFAULT_FLEET_OPTIONS.projectIds;
    for (const projects of [[main, sub], [north]]) {
      const devices = fleet.filter((d) => projects.includes(d.projectId));
      const kinds = new Set(devices.map((d) => `${d.vendor} ${d.deviceType}`));
      expect(kinds).toEqual(
        new Set([
          'orion light-point-controller',
          'vega light-point-controller',
          'orion cabinet-controller',
          'vega cabinet-controller',
        ]),
      );
    }
  });

  it('gives light points an IMEI, cabinets an IP and every device its installation day in a valid registration', () => {
    for (const device of layout()) {
      const registration = DeviceRegistrationSchema.parse(registrationOf(device, device.firmwareVersion));
      expect(registration.installationDate).toBe(device.installationDate);
      if (device.deviceType === 'light-point-controller') expect(registration.imei).toMatch(/^\d{15}$/);
      else expect(registration.ip).toMatch(/^10\.\d+\.\d+\.\d+$/);
    }
  });

  it('gives each light point a luminaire of the catalogue, rated as its power, installed before 2026', () => {
    const lightPoints = layout({ devices: 2000 }).filter((d) => d.deviceType === 'light-point-controller');
    const serials = new Set<string>();
    for (const { luminaire, nominalPowerW, altitude } of lightPoints) {
      const type = LUMINAIRE_TYPES.find((candidate) => candidate.name === luminaire?.type);
      expect(type?.ratedPowerW).toBe(nominalPowerW);
      expect(type?.brackets).toContain(luminaire?.bracketType);
      expect(type?.drivers).toContain(luminaire?.driver);
      expect(luminaire?.installationDate).toMatch(/^20(1[89]|2[0-5])-\d{2}-\d{2}$/);
      expect(altitude).toBeGreaterThan(6);
      serials.add(luminaire?.serialNumber ?? '');
    }
    expect(serials.size).toBe(lightPoints.length);
    expect(new Set(lightPoints.map((d) => d.luminaire?.type)).size).toBe(LUMINAIRE_TYPES.length);
  });
});
