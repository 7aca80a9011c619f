import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { EventBus } from './events';

declare module './events' {
  interface DomainEvents {
    TestPinged: { n: number };
  }
}

function busWithLog() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { bus: new EventBus(pino({ level: 'error' }, sink)), lines };
}

describe('the domain event bus', () => {
  it('tells every handler in subscription order, awaiting an async one before the next', async () => {
    const { bus } = busWithLog();
    const seen: string[] = [];
    bus.forModule('a').on('TestPinged', async ({ n }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(`a${n}`);
    });
    bus.forModule('b').on('TestPinged', ({ n }) => void seen.push(`b${n}`));
    await bus.forModule('c').emit('TestPinged', { n: 1 });
    expect(seen).toEqual(['a1', 'b1']);
  });

  it('runs the other handlers when one throws or rejects, and logs and counts each failure', async () => {
    const { bus, lines } = busWithLog();
    const seen: string[] = [];
    bus.forModule('thrower').on('TestPinged', () => {
      throw new Error('sync failure');
    });
    bus.forModule('first').on('TestPinged', () => void seen.push('first'));
    bus.forModule('rejecter').on('TestPinged', () => Promise.reject(new Error('async failure')));
    bus.forModule('last').on('TestPinged', () => void seen.push('last'));

    await expect(bus.emit('TestPinged', { n: 1 })).resolves.toBeUndefined();
    await bus.emit('TestPinged', { n: 2 });

    expect(seen).toEqual(['first', 'last', 'first', 'last']);
    expect(bus.failures).toEqual({ 'TestPinged thrower': 2, 'TestPinged rejecter': 2 });
    await expect.poll(() => lines.length).toBe(4);
    expect(lines[0]).toMatchObject({ event: 'TestPinged', module: 'thrower', err: { message: 'sync failure' } });
    expect(lines[1]).toMatchObject({ event: 'TestPinged', module: 'rejecter', err: { message: 'async failure' } });
  });

  it('costs an event without subscribers nothing but a lookup, and settles at once', async () => {
    const { bus } = busWithLog();
    await expect(bus.emit('TestPinged', { n: 1 })).resolves.toBeUndefined();
    expect(bus.failures).toEqual({});
  });
});
