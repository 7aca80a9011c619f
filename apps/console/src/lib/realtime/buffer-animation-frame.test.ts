import { Subject, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { bufferAnimationFrame } from './buffer-animation-frame';

function setup() {
  const scheduler = new VirtualTimeScheduler();
  const source = new Subject<number>();
  const batches: number[][] = [];
  let completed = false;
  const subscription = source.pipe(bufferAnimationFrame(scheduler)).subscribe({
    next: (batch) => batches.push(batch),
    complete: () => (completed = true),
  });
  return { scheduler, source, batches, subscription, isCompleted: () => completed };
}

describe('bufferAnimationFrame', () => {
  it('emits everything that arrived during one frame as a single batch', () => {
    const { scheduler, source, batches } = setup();
    source.next(1);
    source.next(2);
    source.next(3);
    expect(batches).toEqual([]);
    scheduler.flush();
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('starts a new batch for values that arrive in a later frame', () => {
    const { scheduler, source, batches } = setup();
    source.next(1);
    scheduler.flush();
    source.next(2);
    scheduler.flush();
    expect(batches).toEqual([[1], [2]]);
  });

  it('emits nothing for frames without values', () => {
    const { scheduler, batches } = setup();
    scheduler.flush();
    expect(batches).toEqual([]);
  });

  it('flushes the values still buffered when the source completes', () => {
    const { source, batches, isCompleted } = setup();
    source.next(7);
    source.complete();
    expect(batches).toEqual([[7]]);
    expect(isCompleted()).toBe(true);
  });

  it('drops the pending frame when unsubscribed', () => {
    const { scheduler, source, batches, subscription } = setup();
    source.next(1);
    subscription.unsubscribe();
    scheduler.flush();
    expect(batches).toEqual([]);
    expect(source.observed).toBe(false);
  });
});
