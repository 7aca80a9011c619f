import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { Lifecycle, type LifecyclePart } from './lifecycle';

const logger = pino({ level: 'silent' });

describe('the lifecycle stack', () => {
  const order: string[] = [];
  const part = (name: string, stop: () => Promise<void> | void = () => undefined): LifecyclePart => ({
    name,
    start: () => void order.push(`start ${name}`),
    stop: async () => {
      order.push(`stop ${name}`);
      await stop();
    },
  });
  beforeEach(() => {
    order.length = 0;
  });

  it('starts in order and stops in reverse, once however often it is asked', async () => {
    const stack = new Lifecycle(logger);
    for (const name of ['a', 'b', 'c']) await stack.start(part(name));
    await Promise.all([stack.stop(), stack.stop()]);
    expect(order).toEqual(['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);
  });

  it('undoes what started when a part fails to start, and rethrows why', async () => {
    const stack = new Lifecycle(logger);
    await stack.start(part('a'));
    await stack.start(part('b'));
    const failing = stack.start({
      name: 'c',
      start: () => Promise.reject(new Error('port taken')),
      stop: () => undefined,
    });
    await expect(failing).rejects.toThrow('port taken');
    expect(order).toEqual(['start a', 'start b', 'stop b', 'stop a']);
  });

  it('stops every part even when one fails, then rethrows the first failure', async () => {
    const stack = new Lifecycle(logger);
    await stack.start(part('a'));
    await stack.start(part('b', () => Promise.reject(new Error('b failed'))));
    await stack.start(part('c', () => Promise.reject(new Error('c failed'))));
    await expect(stack.stop()).rejects.toThrow('c failed');
    expect(order.filter((step) => step.startsWith('stop'))).toEqual(['stop c', 'stop b', 'stop a']);
  });
});
