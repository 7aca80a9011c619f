import { animationFrameScheduler, Observable, type OperatorFunction, type SchedulerLike } from 'rxjs';

/**
 * Collects the values that arrive during one animation frame and emits them as one array just
 * before the frame is painted, so a burst of socket events costs one store write and one render.
 * Frames without values emit nothing. Pass another scheduler in tests.
 *
 * @example
 * event$('DeviceAttributeValueUpdated').pipe(bufferAnimationFrame()).subscribe((batch) => apply(batch));
 */
export function bufferAnimationFrame<T>(scheduler: SchedulerLike = animationFrameScheduler): OperatorFunction<T, T[]> {
  return (source$) =>
    new Observable<T[]>((subscriber) => {
      let buffer: T[] = [];
      let pending: { unsubscribe(): void } | null = null;

      const flush = () => {
        pending = null;
        const batch = buffer;
        buffer = [];
        if (batch.length > 0) subscriber.next(batch);
      };

      const subscription = source$.subscribe({
        next: (value) => {
          buffer.push(value);
          pending ??= scheduler.schedule(flush);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          pending?.unsubscribe();
          flush();
          subscriber.complete();
        },
      });

      return () => {
        pending?.unsubscribe();
        subscription.unsubscribe();
      };
    });
}
