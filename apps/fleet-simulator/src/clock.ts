/**
 * The fleet's simulated clock. Devices live on it: schedules, sunrise and sunset, energy and
 * operating hours, manual-mode expiry and command durations all follow simulated time, which runs
 * `speed` times faster than the wall clock (SIM_SPEED) and can be set to any moment (a demo jumps
 * to dusk). Messages on the wire keep the wall-clock time at which they are sent, so the server
 * orders them as it receives them.
 *
 * @example
 * const clock = new SimClock(60);            // a simulated hour per real minute
 * clock.set(Date.parse('2026-06-21T19:00:00Z'));
 * clock.realMs(60_000);                      // 1000: a simulated minute lasts one real second
 */
export class SimClock {
  private anchorReal: number;
  private anchorSim: number;

  constructor(
    readonly speed: number,
    private readonly realNow: () => number = Date.now,
    startMs?: number,
  ) {
    this.anchorReal = realNow();
    this.anchorSim = startMs ?? this.anchorReal;
  }

  /** Simulated time, in epoch milliseconds. */
  now(): number {
    return this.anchorSim + (this.realNow() - this.anchorReal) * this.speed;
  }

  /** Moves simulated time to `simMs`; it runs on from there at the same speed. */
  set(simMs: number): void {
    this.anchorReal = this.realNow();
    this.anchorSim = simMs;
  }

  /** How long a span of simulated time lasts on the wall clock. */
  realMs(simulatedMs: number): number {
    return simulatedMs / this.speed;
  }
}
