import { describe, expect, it } from 'vitest';
import { parseTopic, topics } from './topics';

describe('MQTT topics', () => {
  it('round-trips every device up channel', () => {
    for (const channel of ['attributes', 'connection', 'commands', 'alarms', 'logs'] as const) {
      expect(parseTopic(topics.up('OR-LP-000001', channel))).toEqual({
        kind: 'device-up',
        serialNumber: 'OR-LP-000001',
        channel,
      });
    }
  });

  it('round-trips the down command topic and the gateway connection topic', () => {
    expect(parseTopic(topics.downCommands('VE-CC-7'))).toEqual({ kind: 'device-down', serialNumber: 'VE-CC-7' });
    expect(parseTopic(topics.gatewayConnection('gw-1'))).toEqual({ kind: 'gateway-connection', gatewayId: 'gw-1' });
  });

  it.each([
    'lighting/v2/devices/A/up/attributes',
    'lighting/v1/devices/A/up/unknown',
    'lighting/v1/devices/A/up/attributes/extra',
    'lighting/v1/devices/bad serial/up/attributes',
    'lighting/v1/things/A/up/attributes',
    'lighting/v1/gateways/G/down/commands',
    'something/else',
  ])('ignores %s', (topic) => {
    expect(parseTopic(topic)).toBeNull();
  });

  it('subscribes the server to every device and gateway with wildcards', () => {
    expect(topics.serverSubscriptions).toEqual(['lighting/v1/devices/+/up/+', 'lighting/v1/gateways/+/up/connection']);
  });
});
