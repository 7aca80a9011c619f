import { describe, expect, it } from 'vitest';
import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
import { loadSimulatorConfig } from './config';

describe('loadSimulatorConfig', () => {
  it('falls back to the documented defaults', () => {
    expect(loadSimulatorConfig({})).toMatchObject({
      mqttUrl: 'mqtt://127.0.0.1:1884',
      devices: 120,
      seed: 'farola',
      center: { lat: 41.3874, lng: 2.1686 },
      speed: 1,
      reportIntervalSeconds: 10,
      gatewaySize: 1,
      projectIds: [DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID, DEMO_NORTH_PROJECT_ID],
      serialPrefix: 'SIM',
      errorRate: 0.03,
      dropRatePerHour: 0.5,
      faultRatePerYear: 0.02,
    });
  });

  it('reads every variable', () => {
    const config = loadSimulatorConfig({
      SIM_MQTT_URL: 'mqtt://broker:1883',
      SIM_DEVICES: '10000',
      SIM_CENTER: '40.4168, -3.7038',
      SIM_SPEED: '10',
      SIM_GATEWAY_SIZE: '500',
      SIM_PROJECT_IDS: DEMO_SUBPROJECT_ID,
      SIM_ERROR_RATE: '0',
      SIM_FAULT_RATE_PER_YEAR: '12',
    });
    expect(config).toMatchObject({
      mqttUrl: 'mqtt://broker:1883',
      devices: 10000,
      center: { lat: 40.4168, lng: -3.7038 },
      speed: 10,
      gatewaySize: 500,
      projectIds: [DEMO_SUBPROJECT_ID],
      errorRate: 0,
      faultRatePerYear: 12,
    });
  });

  it('reads SIM_GATEWAY_SIZE=cabinet as each cabinet carrying its light points, and refuses other words', () => {
    expect(loadSimulatorConfig({ SIM_GATEWAY_SIZE: 'cabinet' }).gatewaySize).toBe('cabinet');
    expect(() => loadSimulatorConfig({ SIM_GATEWAY_SIZE: 'street' })).toThrow(/SIM_GATEWAY_SIZE/);
  });

  it('names each bad variable in its message', () => {
    expect(() => loadSimulatorConfig({ SIM_DEVICES: 'many', SIM_ERROR_RATE: '2' })).toThrow(
      /SIM_DEVICES[\s\S]*SIM_ERROR_RATE/,
    );
    expect(() => loadSimulatorConfig({ SIM_SERIAL_PREFIX: 'a/b' })).toThrow(/SIM_SERIAL_PREFIX/);
    expect(() => loadSimulatorConfig({ SIM_MQTT_URL: 'http://x' })).toThrow(/SIM_MQTT_URL/);
    expect(() => loadSimulatorConfig({ SIM_FAULT_RATE_PER_YEAR: '-1' })).toThrow(/SIM_FAULT_RATE_PER_YEAR/);
  });

  it('provisions through the server on PORT by default, with a token only when all three SIM_OAUTH_* are set', () => {
    expect(loadSimulatorConfig({ PORT: '9090' }).provisioning).toMatchObject({
      apiUrl: 'http://127.0.0.1:9090/lighting/api',
      oauth: null,
      credentialsFile: expect.stringMatching(/\.data\/simulator-credentials\.json$/),
    });
    expect(loadSimulatorConfig({ SIM_PROVISION: 'false' }).provisioning).toBeNull();
    const oauth = { SIM_OAUTH_URL: 'http://idp/token', SIM_OAUTH_CLIENT_ID: 'sim', SIM_OAUTH_CLIENT_SECRET: 's' };
    expect(loadSimulatorConfig(oauth).provisioning?.oauth).toEqual({
      tokenUrl: 'http://idp/token',
      clientId: 'sim',
      clientSecret: 's',
    });
    expect(() => loadSimulatorConfig({ SIM_OAUTH_URL: 'http://idp/token' })).toThrow(/go together/);
  });

  it('keeps SIM_SCENARIO as given, for start-up to load', () => {
    expect(loadSimulatorConfig({}).scenarioReference).toBeNull();
    expect(loadSimulatorConfig({ SIM_SCENARIO: 'hurricane' }).scenarioReference).toBe('hurricane');
  });
});
