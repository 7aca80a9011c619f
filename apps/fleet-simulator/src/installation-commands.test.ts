import { INSTALLATION_STEPS } from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { switchCabinet } from './cabinet';
import type { LightPoint } from './device-state';
import { INSTALLATION_HEARTBEAT_MS } from './installation-commands';
import { commandBench } from './testing/command-bench';

describe('installation on a simulated device', () => {
  it('runs the seven steps in order on the first attempt, then reports its position', async () => {
    const { find, send, final, of } = commandBench();
    const request = send(find('orion', 'light-point'), 'install');
    expect(await final(request)).toMatchObject({ status: 'DONE', progress: 100 });
    const steps = of(request).flatMap((answer) => (answer.detail?.step ? [answer.detail.step] : []));
    expect([...new Set(steps)]).toEqual(INSTALLATION_STEPS);
    expect(of(request).every((answer) => answer.detail === undefined || answer.detail.attempt === 1)).toBe(true);
  });

  it('keeps telling the server it is at work during long steps, so the server does not re-send it', async () => {
    const { find, send, final, of } = commandBench();
    const request = send(find('orion', 'cabinet'), 'install');
    expect(await final(request)).toMatchObject({ status: 'DONE' });
    const reportsOf = (step: string) => of(request).filter((answer) => answer.detail?.step === step).length;
    // 20 s and 15 s of device time: a report at least every INSTALLATION_HEARTBEAT_MS (5 s).
    expect(reportsOf('powerLimit')).toBeGreaterThanOrEqual(20_000 / INSTALLATION_HEARTBEAT_MS);
    expect(reportsOf('locate')).toBeGreaterThanOrEqual(15_000 / INSTALLATION_HEARTBEAT_MS);
  });

  it('retries passing faults from the first step, then gives up with Max installation attempts reached', async () => {
    const { find, send, final, of } = commandBench({ installFailureRate: 1 });
    const request = send(find('vega', 'cabinet'), 'install', { maxAttempts: 3 });
    expect(await final(request)).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_ACCEPTABLE', reason: 'INSTALLATION_MAX_ATTEMPTS_REACHED' },
    });
    const details = of(request).flatMap((answer) => (answer.detail ? [answer.detail] : []));
    expect([...new Set(details.map((detail) => detail.attempt))]).toEqual([1, 2, 3]);
    // Each retry starts again at `prepare` and says which fault ended the attempt before it.
    for (const attempt of [2, 3]) {
      const first = details.find((detail) => detail.attempt === attempt);
      expect(first?.step).toBe('prepare');
      expect(['INSTALLATION_ERROR', 'INSTALLATION_NOT_COMPLETED', 'INSTALLATION_UNKNOWN_ERROR']).toContain(
        first?.failure,
      );
    }
    expect(details.filter((detail) => detail.attempt === 1).every((detail) => !detail.failure)).toBe(true);
  });

  it('fails at once with Min power not reached when the luminaire gets no supply', async () => {
    const { devices, send, final, of } = commandBench();
    const unsupplied = devices.find(
      (d): d is LightPoint => d.kind === 'light-point' && d.spec.operateMode === '006' && d.cabinet !== null,
    );
    expect(unsupplied).toBeDefined();
    switchCabinet(unsupplied!.cabinet!, false, Date.now(), unsupplied!.spec.output);
    const request = send(unsupplied!, 'install', { maxAttempts: 5 });
    expect(await final(request)).toMatchObject({
      status: 'ERROR',
      error: { reason: 'INSTALLATION_MIN_POWER_NOT_REACHED', message: 'Min power not reached' },
    });
    expect(
      new Set(
        of(request)
          .map((answer) => answer.detail?.attempt)
          .filter(Boolean),
      ),
    ).toEqual(new Set([1]));
    expect(unsupplied!.transientLevel).toBeNull();
  });
});
