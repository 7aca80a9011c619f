import type { Logger } from 'pino';
import type { FleetControl } from './action-definition';
import { ControlError, runAction } from './control-actions';
import type { LoadedScenario, ScenarioStep } from './scenarios';
import { resolveClockTarget, setFleetClock } from './sim-time';

/** What one step did, for `GET /scenarios` and the log. */
export interface StepLog {
  /** 1-based, as validation errors count them. */
  step: number;
  /** Its offset from the start, in simulated minutes. */
  atMinutes: number;
  note?: string;
  /** Simulated time when it ran, before its own clock change. */
  ranAt: string;
  /** Where it set the clock. */
  clock?: string;
  result?: { action: string; matched: number; applied: number; skipped: number };
  error?: string;
}

export interface ScenarioRunStatus {
  name: string;
  description: string;
  file: string;
  state: 'running' | 'finished' | 'stopped';
  /** Simulated time when it started. */
  startedAt: string;
  steps: number;
  log: StepLog[];
}

interface Run extends ScenarioRunStatus {
  loaded: LoadedScenario;
  /** Wall-clock start: offsets count simulated time as the clock runs, jumps excluded. */
  startedReal: number;
  next: number;
  timer: NodeJS.Timeout | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Runs scenarios on the simulated clock: a step at '+40m' runs once 40 simulated minutes have
 * passed since the start (40 real seconds at SIM_SPEED=60). A clock step's jump does not count, so
 * the steps after it keep their spacing. One run per scenario name at a time; several names may run
 * together.
 */
export class ScenarioRunner {
  private readonly runs = new Map<string, Run>();

  constructor(
    private readonly control: FleetControl,
    private readonly logger: Logger,
    private readonly realNow: () => number = Date.now,
  ) {}

  start(loaded: LoadedScenario): ScenarioRunStatus {
    const { name, file, scenario } = loaded;
    if (this.runs.get(name)?.state === 'running') {
      throw new ControlError(409, `Scenario ${name} is already running; DELETE /scenarios/${name} stops it`);
    }
    const run: Run = {
      name,
      description: scenario.description,
      file,
      state: 'running',
      startedAt: iso(this.control.clock.now()),
      steps: scenario.steps.length,
      log: [],
      loaded,
      startedReal: this.realNow(),
      next: 0,
      timer: null,
    };
    this.runs.set(name, run);
    this.logger.info({ scenario: name, steps: run.steps }, 'scenario started');
    this.advance(run);
    return this.snapshot(run);
  }

  /** Stops a running scenario; false when it was not running. What its steps did stays done. */
  stop(name: string): boolean {
    const run = this.runs.get(name);
    if (run?.state !== 'running') return false;
    if (run.timer) clearTimeout(run.timer);
    run.state = 'stopped';
    this.logger.info({ scenario: name, ran: run.next }, 'scenario stopped');
    return true;
  }

  stopAll(): void {
    for (const name of this.runs.keys()) this.stop(name);
  }

  /** The latest run of every scenario started, running or not. */
  status(): ScenarioRunStatus[] {
    return [...this.runs.values()].map((run) => this.snapshot(run));
  }

  /** The latest run of the scenario, or undefined if it never started. */
  statusOf(name: string): ScenarioRunStatus | undefined {
    const run = this.runs.get(name);
    return run && this.snapshot(run);
  }

  private snapshot(run: Run): ScenarioRunStatus {
    const { name, description, file, state, startedAt, steps, log } = run;
    return { name, description, file, state, startedAt, steps, log: [...log] };
  }

  /** Runs every step that is due, then waits for the next one. */
  private advance(run: Run): void {
    run.timer = null;
    const { steps } = run.loaded.scenario;
    while (run.state === 'running' && run.next < steps.length) {
      const step = steps[run.next]!;
      const dueIn = run.startedReal + this.control.clock.realMs(step.at) - this.realNow();
      if (dueIn > 0) {
        run.timer = setTimeout(() => this.advance(run), dueIn);
        return;
      }
      run.log.push(this.runStep(run, step, run.next));
      run.next += 1;
    }
    if (run.state === 'running') {
      run.state = 'finished';
      this.logger.info({ scenario: run.name }, 'scenario finished');
    }
  }

  private runStep(run: Run, step: ScenarioStep, index: number): StepLog {
    const { control } = this;
    const now = control.clock.now();
    const log: StepLog = { step: index + 1, atMinutes: step.at / 60_000, ranAt: iso(now) };
    if (step.note) log.note = step.note;
    try {
      if (step.clock) {
        const moment = resolveClockTarget(step.clock, now, control.center);
        setFleetClock(control, moment);
        log.clock = iso(moment);
      }
      if (step.action) {
        // Seeded by scenario and step: a share picks the same devices on every run of the same fleet.
        const result = runAction(control, step.action, `scenario:${run.name}:${index}`);
        const { action, matched, applied, skipped } = result;
        log.result = { action, matched, applied: applied.length, skipped: skipped.length };
      }
    } catch (error) {
      log.error = error instanceof Error ? error.message : String(error);
    }
    this.logger.info({ scenario: run.name, ...log }, 'scenario step');
    return log;
  }
}
