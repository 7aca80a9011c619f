import { defineStream, DEVICE_EVENT_SCHEMAS, type StreamRegistry, STREAMS } from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { StreamHub } from './stream-hub';

const device = 'device:6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a61';
const project = 'project:6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a62';

/** A hub on a hand-moved clock that records what it emits. */
function hubAt(options: { maxAgeMs?: number; maxItems?: number; registry?: StreamRegistry } = {}) {
  const clock = { now: 1_000_000 };
  const emitted: { room: string; seqs: number[] }[] = [];
  const hub = new StreamHub(
    {
      batchMs: 1000,
      maxAgeMs: options.maxAgeMs ?? 120_000,
      maxItems: options.maxItems ?? 20_000,
      ...(options.registry && { registry: options.registry }),
    },
    (room, _event, batch) => emitted.push({ room, seqs: batch.map((item) => (item as { seq: number }).seq) }),
    () => clock.now,
  );
  const report = (stream: string) => hub.publish(stream, 'DeviceAttributeValueUpdated', { at: clock.now });
  return { hub, clock, emitted, report };
}

describe('the stream hub', () => {
  it('numbers each stream 1, 2, 3 and emits one array per stream when the batch window ends', () => {
    const { hub, emitted } = hubAt();
    expect(hub.publish(project, 'DeviceConnectionStatusUpdated', {})).toBe(1);
    expect(hub.publish(project, 'DeviceCommandRequested', {})).toBe(2);
    expect(hub.publish(project, 'DeviceConnectionStatusUpdated', {})).toBe(3);
    expect(hub.emittedPositions([project])).toEqual({ [project]: 0 });
    expect(hub.publishedSeq(project)).toBe(3);
    hub.flush();
    // Runs of one event name keep the stream's order.
    expect(emitted).toEqual([
      { room: project, seqs: [1] },
      { room: project, seqs: [2] },
      { room: project, seqs: [3] },
    ]);
    expect(hub.emittedPositions([project])).toEqual({ [project]: 3 });
    hub.close();
  });

  it('does no work for a device stream nobody subscribed to', () => {
    const { hub, emitted, report } = hubAt();
    expect(report(device)).toBeNull();
    hub.flush();
    expect(emitted).toEqual([]);
    expect(hub.stats()).toEqual({ streams: 0, bufferedItems: 0 });
    hub.close();
  });

  it('replays what a client missed, and answers null once the gap is older or longer than it keeps', () => {
    const { hub, clock, report } = hubAt({ maxAgeMs: 10_000, maxItems: 100 });
    hub.retain(device);
    for (let i = 0; i < 5; i += 1) report(device);
    hub.flush();
    expect(hub.missed(device, 2)?.map((item) => item.seq)).toEqual([3, 4, 5]);
    expect(hub.missed(device, 5)).toEqual([]);
    for (let i = 0; i < 100; i += 1) report(device);
    hub.flush();
    expect(hub.missed(device, 4)).toBeNull();
    expect(hub.missed(device, 5)?.length).toBe(100);
    clock.now += 10_001;
    hub.sweep();
    expect(hub.missed(device, 104)).toBeNull();
    expect(hub.missed(device, 105)).toEqual([]);
    hub.close();
  });

  it('keeps an idle device stream for the catch-up window, then never repeats its numbers after a cold spell', () => {
    const { hub, clock, report } = hubAt({ maxAgeMs: 10_000 });
    hub.retain(device);
    report(device);
    report(device);
    hub.flush();
    hub.release(device);
    clock.now += 5_000;
    hub.sweep();
    expect(report(device)).toBe(3);
    clock.now += 10_001;
    hub.sweep();
    expect(report(device)).toBeNull();
    expect(hub.stats().streams).toBe(0);

    hub.retain(device);
    // Seq 4 is skipped: a client that saw 3 cannot know what happened while nobody numbered.
    expect(hub.emittedPositions([device])).toEqual({ [device]: 4 });
    expect(hub.missed(device, 3)).toBeNull();
    expect(report(device)).toBe(5);
    hub.flush();
    expect(hub.missed(device, 4)?.map((item) => item.seq)).toEqual([5]);
    hub.close();
  });

  it('refuses a stream of a kind the registry does not declare, and an event its kind does not carry', () => {
    const { hub } = hubAt();
    expect(() => hub.publish('alarms:6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a62', 'FleetStateUpdated', {})).toThrow(
      /not a stream name/,
    );
    expect(() => hub.retain('alarms:6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a62')).toThrow(/not a stream name/);
    expect(() => hub.publish(project, 'FleetStateUpdated', {})).toThrow(
      /project streams do not carry FleetStateUpdated/,
    );
    expect(hub.stats().streams).toBe(0);
    hub.close();
  });

  it('serves a new kind from its one registry entry, detailed or not as the entry says', () => {
    const connections = DEVICE_EVENT_SCHEMAS.DeviceConnectionStatusUpdated;
    const registry = {
      ...STREAMS,
      gateway: defineStream({
        kind: 'gateway',
        scope: 'device',
        detailed: true,
        events: { DeviceConnectionStatusUpdated: connections },
      }),
      site: defineStream({
        kind: 'site',
        scope: 'project',
        detailed: false,
        events: { DeviceConnectionStatusUpdated: connections },
      }),
    };
    const { hub, emitted } = hubAt({ registry });
    const gateway = registry.gateway.address('6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a63');
    const site = registry.site.address('6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a64');
    expect(hub.publish(site, 'DeviceConnectionStatusUpdated', {})).toBe(1);
    // Detailed: nothing until a socket subscribes.
    expect(hub.publish(gateway, 'DeviceConnectionStatusUpdated', {})).toBeNull();
    hub.retain(gateway);
    expect(hub.publish(gateway, 'DeviceConnectionStatusUpdated', {})).toBe(1);
    hub.flush();
    expect(emitted).toEqual([
      { room: site, seqs: [1] },
      { room: gateway, seqs: [1] },
    ]);
    hub.close();
  });
});
