import { describe, expect, it } from 'vitest';
import { ConnectionRamp, type RampLink } from './connection-ramp';

interface FakeLink extends RampLink {
  connected: boolean;
  startedAt: number | null;
}

const fakeLinks = (count: number): FakeLink[] =>
  Array.from({ length: count }, () => {
    const link: FakeLink = { connected: false, startedAt: null, start: () => void (link.startedAt = now) };
    return link;
  });
let now = 0;
const options = { perTick: 200, maxOpening: 500, giveUpMs: 15_000 };

describe('the connection ramp', () => {
  it('opens a fleet whose broker answers at once at its full rate', () => {
    const links = fakeLinks(10_000);
    const ramp = new ConnectionRamp(links, options);
    let ticks = 0;
    for (now = 0; !ramp.done; now += 100, ticks += 1) {
      ramp.tick(now);
      for (const link of links) if (link.startedAt !== null) link.connected = true;
    }
    // 10,000 connections at 200 per tick of 100 ms: 5 s (25 per tick took 40 s).
    expect(ticks).toBe(50);
  });

  it('keeps at most maxOpening handshakes waiting for a slow broker, then goes on as they finish', () => {
    const links = fakeLinks(2000);
    const ramp = new ConnectionRamp(links, options);
    for (now = 0; now < 1000; now += 100) ramp.tick(now);
    expect(links.filter((link) => link.startedAt !== null)).toHaveLength(500);
    for (const link of links.slice(0, 100)) link.connected = true;
    ramp.tick(now);
    expect(links.filter((link) => link.startedAt !== null)).toHaveLength(600);
  });

  it('stops counting a connection that did not come up in time, which retries on its own', () => {
    const links = fakeLinks(1000);
    const ramp = new ConnectionRamp(links, options);
    for (now = 0; now < 15_000; now += 100) ramp.tick(now);
    expect(links.filter((link) => link.startedAt !== null)).toHaveLength(500);
    ramp.tick(15_000);
    expect(links.filter((link) => link.startedAt !== null)).toHaveLength(700);
  });
});
