import { describe, expect, it } from 'vitest';
import { type DroppableLink, injectDrops } from './fleet-loop';
import { seededRandom } from './random';

interface FakeLink extends DroppableLink {
  drops: number[];
}

function fakeLinks(count: number, connected: (index: number) => boolean): FakeLink[] {
  return Array.from({ length: count }, (_, index) => {
    const link: FakeLink = {
      connected: connected(index),
      drops: [],
      dropAbruptly: (reconnectMs) => void link.drops.push(reconnectMs),
    };
    return link;
  });
}

const TICK_MS = 100;
const options = { dropRatePerHour: 6, speed: 60 };
/** Chance that one link drops in one tick: a Poisson process at the configured rate. */
const perTick = 1 - Math.exp(-(options.dropRatePerHour * TICK_MS * options.speed) / 3_600_000);

function runTicks(links: readonly FakeLink[], ticks: number, seed: string): number {
  const rng = seededRandom(seed);
  for (let tick = 0; tick < ticks; tick += 1) injectDrops(links, options, TICK_MS, rng);
  return links.reduce((sum, link) => sum + link.drops.length, 0);
}

describe('connection drop injection', () => {
  it('drops links at the configured rate per simulated hour, over many ticks', () => {
    const links = fakeLinks(1000, () => true);
    const ticks = 2000;
    // 2,000 ticks of 100 ms at speed 60 are 200 simulated minutes: about 20 drops per link.
    const expected = links.length * ticks * perTick;
    const drops = runTicks(links, ticks, 'drop-rate');
    expect(Math.abs(drops - expected) / expected).toBeLessThan(0.03);
    expect(links.filter((link) => link.drops.length > 0).length).toBeGreaterThan(990);
  });

  it('never drops a link that is not connected, and keeps the rate of those that are', () => {
    const links = fakeLinks(1000, (index) => index % 2 === 0);
    const ticks = 2000;
    const drops = runTicks(links, ticks, 'drop-connected');
    expect(links.filter((link) => !link.connected).every((link) => link.drops.length === 0)).toBe(true);
    const expected = (links.length / 2) * ticks * perTick;
    expect(Math.abs(drops - expected) / expected).toBeLessThan(0.03);
  });

  it('brings a dropped link back 5 to 60 seconds later, shortened by the simulation speed', () => {
    const links = fakeLinks(100, () => true);
    runTicks(links, 500, 'drop-delay');
    const delays = links.flatMap((link) => link.drops);
    expect(delays.length).toBeGreaterThan(0);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(5000 / options.speed);
      expect(delay).toBeLessThan(60_000 / options.speed);
    }
  });

  it('drops nothing when the drop rate is zero', () => {
    const links = fakeLinks(100, () => true);
    for (let tick = 0; tick < 100; tick += 1)
      injectDrops(links, { dropRatePerHour: 0, speed: 60 }, TICK_MS, seededRandom('no-drops'));
    expect(links.every((link) => link.drops.length === 0)).toBe(true);
  });
});
