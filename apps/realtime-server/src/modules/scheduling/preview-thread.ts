import { Worker } from 'node:worker_threads';
import type { Schedule, YearPreviewAnswer } from '@farola/protocol';
import type { PreviewPlace, ScheduleChecks, YearEnergy } from '@farola/protocol/schedule-engine';

/** A year's energy with what the same preview finds (`scheduleChecks`). */
export type CheckedEnergy = YearEnergy & { checks: ScheduleChecks };

/** The rated power (W) of the lights an energy estimate is for, and the price of a kWh. */
export interface EnergyParams {
  ratedPowerW: number;
  pricePerKWh: number;
}

export interface PreviewRequest {
  id: number;
  schedule: Schedule;
  place: PreviewPlace;
  year: number;
  /** Asks for the year's energy (`yearEnergy`) instead of the preview itself. */
  energy?: EnergyParams;
}

export type PreviewReply =
  { id: number; preview: YearPreviewAnswer } | { id: number; energy: CheckedEnergy } | { id: number; error: string };

/**
 * Computes year previews in a worker thread (`preview-worker.ts`), started on the first request and
 * kept: the event loop only posts a message and receives the answer. The thread loads the engine
 * through tsx's loader, registered inside it, whether the server runs under tsx or vitest (as the
 * PGlite worker does). Requests are answered in order; a thread that dies fails what it held and is
 * started again for the next one.
 */
export class PreviewThread {
  private worker: Promise<Worker> | null = null;
  private readonly waiting = new Map<number, { resolve: (answer: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  preview(schedule: Schedule, place: PreviewPlace, year: number): Promise<YearPreviewAnswer> {
    return this.ask({ schedule, place, year }) as Promise<YearPreviewAnswer>;
  }

  /** A year of the schedule's energy for lights of `energy.ratedPowerW`, and its checks, from the same preview. */
  energy(schedule: Schedule, place: PreviewPlace, year: number, energy: EnergyParams): Promise<CheckedEnergy> {
    return this.ask({ schedule, place, year, energy }) as Promise<CheckedEnergy>;
  }

  private async ask(request: Omit<PreviewRequest, 'id'>): Promise<unknown> {
    const worker = await (this.worker ??= this.start());
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...request } satisfies PreviewRequest);
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker).terminate();
  }

  private start(): Promise<Worker> {
    const tsxApi = import.meta.resolve('tsx/esm/api');
    const script = new URL('./preview-worker.ts', import.meta.url).href;
    const worker = new Worker(
      `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`,
      { eval: true, execArgv: [] },
    );
    worker.on('message', (reply: PreviewReply | { ready: true }) => {
      if ('ready' in reply) return;
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('preview' in reply) waiter?.resolve(reply.preview);
      else if ('energy' in reply) waiter?.resolve(reply.energy);
      else waiter?.reject(new Error(reply.error));
    });
    worker.on('exit', () => {
      this.worker = null;
      for (const waiter of this.waiting.values()) waiter.reject(new Error('the preview thread stopped'));
      this.waiting.clear();
    });
    return new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', () => {
        worker.off('error', reject);
        resolve(worker);
      });
    });
  }
}
