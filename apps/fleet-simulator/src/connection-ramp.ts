/** What the ramp needs of a link: whether it is connected, and how to open it. */
export interface RampLink {
  readonly connected: boolean;
  start(): void;
}

export interface RampOptions {
  /** Connections opened per tick at most. */
  perTick: number;
  /** Connections opened and not yet connected at most: the broker's pace sets the ramp's. */
  maxOpening: number;
  /** A connection still not up after this long stops counting as opening (it retries on its own). */
  giveUpMs: number;
}

/** 2,000 connections a second at most, 500 waiting for the broker's answer at once. */
export const DEFAULT_RAMP: RampOptions = { perTick: 200, maxOpening: 500, giveUpMs: 15_000 };

/**
 * Opens a fleet's connections when it starts: as fast as the broker accepts them, within bounds.
 * A fixed 25 per 100 ms took 40 s for 10,000 devices that connect alone; keeping at most
 * `maxOpening` handshakes under way instead follows the broker, fast when it is idle, slower when
 * it is busy, and never floods its listen queue.
 */
export class ConnectionRamp {
  private next = 0;
  private opening: { link: RampLink; since: number }[] = [];

  constructor(
    private readonly links: readonly RampLink[],
    private readonly options: RampOptions = DEFAULT_RAMP,
  ) {}

  /** Whether every link was opened. */
  get done(): boolean {
    return this.next >= this.links.length;
  }

  tick(now: number): void {
    if (this.done) return;
    this.opening = this.opening.filter(({ link, since }) => !link.connected && now - since < this.options.giveUpMs);
    const room = Math.min(this.options.perTick, this.options.maxOpening - this.opening.length);
    for (let i = 0; i < room && !this.done; i += 1) {
      const link = this.links[this.next++]!;
      link.start();
      this.opening.push({ link, since: now });
    }
  }
}
