/**
 * A timer wheel: one slot per tick of the report interval. Each device sits in one slot, chosen
 * by its phase, so that a whole fleet reports evenly over the interval from a single timer
 * instead of one setInterval per device.
 */
export class ReportWheel<T> {
  private readonly slots: T[][];
  private nextSlotAt: number;
  private cursor = 0;

  constructor(
    private readonly intervalMs: number,
    startMs: number,
    private readonly tickMs = 100,
  ) {
    this.slots = Array.from({ length: Math.max(1, Math.round(intervalMs / tickMs)) }, () => []);
    this.nextSlotAt = startMs;
  }

  /** `phase` in [0, 1) places the item within the interval. */
  add(item: T, phase: number): void {
    const index = Math.min(this.slots.length - 1, Math.floor(phase * this.slots.length));
    this.slots[index]?.push(item);
  }

  /** The items whose slot came round since the last call (several slots if the loop ran late). */
  due(nowMs: number): T[] {
    const slotMs = this.intervalMs / this.slots.length;
    const due: T[] = [];
    // Never catch up more than one full turn: a stalled process reports each device once.
    let budget = this.slots.length;
    while (this.nextSlotAt <= nowMs && budget > 0) {
      due.push(...(this.slots[this.cursor] ?? []));
      this.cursor = (this.cursor + 1) % this.slots.length;
      this.nextSlotAt += slotMs;
      budget -= 1;
    }
    if (budget === 0) this.nextSlotAt = nowMs + slotMs;
    return due;
  }
}
