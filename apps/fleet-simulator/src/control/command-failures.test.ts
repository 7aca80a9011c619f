import type { CommandName } from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { buildFleetLayout } from '../layout';
import { DEFAULT_FLEET_OPTIONS } from '../fleet-options';
import { bindDevice, createDevices, type FleetDevice } from '../fleet-device';
import type { MqttLink } from '../link';
import { takeForcedFailure } from './command-failures';

const NOW = Date.UTC(2026, 0, 15, 12);

function entryOf(seed: string): FleetDevice {
  const device = createDevices(buildFleetLayout({ ...DEFAULT_FLEET_OPTIONS, devices: 3 }), NOW, seed)[0]!;
  return { ...bindDevice(device, {} as MqttLink), online: true, reports: 1 };
}

const failureRate = (rate: number, commands: CommandName[] | null = null) => ({
  rate,
  commands: commands ? new Set(commands) : null,
  code: 'NOT_FOUND' as const,
  message: '{command} failed',
});

describe('takeForcedFailure', () => {
  it('fails about the share of commands the rate says, the same ones for the same seed', () => {
    const draw = (seed: string) => {
      const entry = entryOf(seed);
      entry.failureRate = failureRate(0.2);
      return Array.from({ length: 1000 }, () => takeForcedFailure(entry, 'upgrade') !== undefined);
    };
    const failed = draw('a').filter(Boolean).length;
    expect(failed).toBeGreaterThan(160);
    expect(failed).toBeLessThan(240);
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('b')).not.toEqual(draw('a'));
  });

  it('fails only the commands named, with the message naming the command', () => {
    const entry = entryOf('c');
    entry.failureRate = failureRate(1, ['upgrade']);
    expect(takeForcedFailure(entry, 'upgrade')).toEqual({ code: 'NOT_FOUND', message: 'upgrade failed' });
    expect(takeForcedFailure(entry, 'switchOn')).toBeUndefined();
  });

  it('takes a next-command failure first, and only once', () => {
    const entry = entryOf('d');
    entry.failNext = { code: 'NOT_ACCEPTABLE', message: 'Relay welded' };
    expect(takeForcedFailure(entry, 'switchOn')).toEqual({ code: 'NOT_ACCEPTABLE', message: 'Relay welded' });
    expect(takeForcedFailure(entry, 'switchOn')).toBeUndefined();
  });
});
