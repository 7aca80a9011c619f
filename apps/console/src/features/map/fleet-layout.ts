import type { FleetStore } from './fleet-store';

/**
 * What part of the world the map shows: Web Mercator coordinates in [0, 1) times `scale`
 * (256·2^zoom) are world pixels, and world pixels minus `left`/`top` are container pixels.
 */
export interface MapView {
  left: number;
  top: number;
  width: number;
  height: number;
  scale: number;
}

/**
 * What one frame draws: devices, and clusters of devices that would overlap (at low zoom), each
 * with its container position. A device item has `device` = its store slot; a cluster has -1 and
 * counts its members by state. Typed arrays, reused from frame to frame.
 */
export class DrawList {
  count = 0;
  x = new Float32Array(0);
  y = new Float32Array(0);
  device = new Int32Array(0);
  size = new Uint32Array(0);
  on = new Uint32Array(0);
  disconnected = new Uint32Array(0);
  alarm = new Uint32Array(0);
  /** Per store slot: the item that draws the device, or -1 (filtered out or out of view). */
  itemOfSlot = new Int32Array(0);

  reset(capacity: number): void {
    this.count = 0;
    if (capacity <= this.x.length) return;
    const n = Math.max(capacity, this.x.length * 2);
    this.x = new Float32Array(n);
    this.y = new Float32Array(n);
    this.device = new Int32Array(n);
    this.size = new Uint32Array(n);
    this.on = new Uint32Array(n);
    this.disconnected = new Uint32Array(n);
    this.alarm = new Uint32Array(n);
  }
}

/** How far outside the container an item is still drawn (half a marker, so edges are not cut). */
const MARGIN = 16;

/**
 * Lays out the devices that pass the store's filters and fall in the view. With `cell` > 0 they are
 * gathered into a grid of `cell`-pixel squares fixed to the world (so clusters do not jump while
 * panning): a square holding one device draws it, a square holding more draws one cluster at its
 * members' mean position. With `cell` = 0 every device is drawn.
 */
export function layoutFleet(fleet: FleetStore, view: MapView, cell: number, out: DrawList = new DrawList()): DrawList {
  const { left, top, width, height, scale } = view;
  const minX = left - MARGIN;
  const maxX = left + width + MARGIN;
  const minY = top - MARGIN;
  const maxY = top + height + MARGIN;
  const xs = fleet.x;
  const ys = fleet.y;
  if (out.itemOfSlot.length < fleet.size) out.itemOfSlot = new Int32Array(fleet.flags.length);
  const itemOfSlot = out.itemOfSlot;
  itemOfSlot.fill(-1);
  if (cell <= 0) {
    out.reset(Math.min(fleet.size, 1024));
    for (let i = 0; i < fleet.size; i += 1) {
      const wx = xs[i]! * scale;
      const wy = ys[i]! * scale;
      // NaN (no location) fails every comparison and is skipped.
      if (!(wx >= minX && wx <= maxX && wy >= minY && wy <= maxY) || !fleet.passes(i)) continue;
      if (out.count === out.x.length) grow(out);
      itemOfSlot[i] = out.count;
      push(out, wx - left, wy - top, i, fleet);
    }
    return out;
  }
  const firstCol = Math.floor(minX / cell);
  const firstRow = Math.floor(minY / cell);
  const cols = Math.floor(maxX / cell) - firstCol + 1;
  const rows = Math.floor(maxY / cell) - firstRow + 1;
  const cells = cols * rows;
  // Per cell: the item it became (-1: none yet).
  const itemOf = new Int32Array(cells).fill(-1);
  out.reset(Math.min(cells, fleet.size));
  for (let i = 0; i < fleet.size; i += 1) {
    const wx = xs[i]! * scale;
    const wy = ys[i]! * scale;
    if (!(wx >= minX && wx <= maxX && wy >= minY && wy <= maxY) || !fleet.passes(i)) continue;
    const c = (Math.floor(wx / cell) - firstCol) * rows + (Math.floor(wy / cell) - firstRow);
    const item = itemOf[c]!;
    if (item < 0) {
      if (out.count === out.x.length) grow(out);
      itemOf[c] = out.count;
      itemOfSlot[i] = out.count;
      push(out, wx - left, wy - top, i, fleet);
      continue;
    }
    itemOfSlot[i] = item;
    // Positions accumulate as sums; `finishClusters` turns them into means.
    const n = out.size[item]!;
    out.device[item] = -1;
    out.x[item] = out.x[item]! + (wx - left);
    out.y[item] = out.y[item]! + (wy - top);
    out.size[item] = n + 1;
    if (fleet.isSwitchedOn(i)) out.on[item] = out.on[item]! + 1;
    if (!fleet.isConnected(i)) out.disconnected[item] = out.disconnected[item]! + 1;
    if (fleet.hasAlarm(i)) out.alarm[item] = out.alarm[item]! + 1;
  }
  for (let item = 0; item < out.count; item += 1) {
    const n = out.size[item]!;
    if (n > 1) {
      out.x[item] = out.x[item]! / n;
      out.y[item] = out.y[item]! / n;
    }
  }
  return out;
}

/**
 * Takes the devices' states again into a layout made by `layoutFleet` whose devices have not moved
 * nor changed their place under the filters (the store's `layoutVersion` tells): a live frame's
 * work, one pass over a slot → item array instead of laying the fleet out again.
 */
export function restateFleet(fleet: FleetStore, list: DrawList): void {
  const count = list.count;
  list.on.fill(0, 0, count);
  list.disconnected.fill(0, 0, count);
  list.alarm.fill(0, 0, count);
  const itemOfSlot = list.itemOfSlot;
  const size = Math.min(fleet.size, itemOfSlot.length);
  for (let i = 0; i < size; i += 1) {
    const item = itemOfSlot[i]!;
    if (item < 0) continue;
    if (fleet.isSwitchedOn(i)) list.on[item] = list.on[item]! + 1;
    if (!fleet.isConnected(i)) list.disconnected[item] = list.disconnected[item]! + 1;
    if (fleet.hasAlarm(i)) list.alarm[item] = list.alarm[item]! + 1;
  }
}

function push(out: DrawList, x: number, y: number, slot: number, fleet: FleetStore): void {
  const item = out.count;
  out.x[item] = x;
  out.y[item] = y;
  out.device[item] = slot;
  out.size[item] = 1;
  out.on[item] = fleet.isSwitchedOn(slot) ? 1 : 0;
  out.disconnected[item] = fleet.isConnected(slot) ? 0 : 1;
  out.alarm[item] = fleet.hasAlarm(slot) ? 1 : 0;
  out.count = item + 1;
}

function grow(out: DrawList): void {
  const keep = out.count;
  const copy = {
    x: out.x,
    y: out.y,
    device: out.device,
    size: out.size,
    on: out.on,
    disconnected: out.disconnected,
    alarm: out.alarm,
  };
  out.reset(Math.max(64, out.x.length * 2));
  out.x.set(copy.x);
  out.y.set(copy.y);
  out.device.set(copy.device);
  out.size.set(copy.size);
  out.on.set(copy.on);
  out.disconnected.set(copy.disconnected);
  out.alarm.set(copy.alarm);
  out.count = keep;
}

/** Grid cell of the hit index, in container pixels. */
const HIT_CELL = 32;

/**
 * A spatial grid over one frame's draw list, so a click or a hover finds the item under the
 * pointer by looking at the few items of the neighbouring cells, not at every item.
 */
export class HitIndex {
  private cols = 0;
  private rows = 0;
  private start = new Int32Array(1);
  private items = new Int32Array(0);
  private list: DrawList = new DrawList();

  build(list: DrawList, width: number, height: number): void {
    this.list = list;
    this.cols = Math.max(1, Math.ceil(width / HIT_CELL));
    this.rows = Math.max(1, Math.ceil(height / HIT_CELL));
    const cells = this.cols * this.rows;
    const counts = new Int32Array(cells + 1);
    const cellOf = new Int32Array(list.count);
    for (let item = 0; item < list.count; item += 1) {
      const c = this.cellAt(list.x[item]!, list.y[item]!);
      cellOf[item] = c;
      if (c >= 0) counts[c + 1] = counts[c + 1]! + 1;
    }
    for (let c = 0; c < cells; c += 1) counts[c + 1] = counts[c + 1]! + counts[c]!;
    this.start = counts;
    this.items = new Int32Array(list.count);
    const fill = counts.slice(0, cells);
    for (let item = 0; item < list.count; item += 1) {
      const c = cellOf[item]!;
      if (c < 0) continue;
      this.items[fill[c]!] = item;
      fill[c] = fill[c]! + 1;
    }
  }

  /** The draw-list item nearest to (x, y) within `radius` pixels, or -1. */
  at(x: number, y: number, radius: number): number {
    const list = this.list;
    let best = -1;
    let bestDistance = radius * radius;
    const col0 = Math.max(0, Math.floor((x - radius) / HIT_CELL));
    const col1 = Math.min(this.cols - 1, Math.floor((x + radius) / HIT_CELL));
    const row0 = Math.max(0, Math.floor((y - radius) / HIT_CELL));
    const row1 = Math.min(this.rows - 1, Math.floor((y + radius) / HIT_CELL));
    for (let col = col0; col <= col1; col += 1) {
      for (let row = row0; row <= row1; row += 1) {
        const c = col * this.rows + row;
        for (let k = this.start[c]!; k < this.start[c + 1]!; k += 1) {
          const item = this.items[k]!;
          const dx = list.x[item]! - x;
          const dy = list.y[item]! - y;
          const distance = dx * dx + dy * dy;
          if (distance <= bestDistance) {
            best = item;
            bestDistance = distance;
          }
        }
      }
    }
    return best;
  }

  private cellAt(x: number, y: number): number {
    const col = Math.floor(x / HIT_CELL);
    const row = Math.floor(y / HIT_CELL);
    if (col < 0 || row < 0 || col >= this.cols || row >= this.rows) return -1;
    return col * this.rows + row;
  }
}

/** The slots of the devices that pass the filters and sit inside a container rectangle. */
export function devicesInRectangle(
  fleet: FleetStore,
  view: MapView,
  rectangle: { x0: number; y0: number; x1: number; y1: number },
): number[] {
  const minX = view.left + Math.min(rectangle.x0, rectangle.x1);
  const maxX = view.left + Math.max(rectangle.x0, rectangle.x1);
  const minY = view.top + Math.min(rectangle.y0, rectangle.y1);
  const maxY = view.top + Math.max(rectangle.y0, rectangle.y1);
  const found: number[] = [];
  for (let i = 0; i < fleet.size; i += 1) {
    const wx = fleet.x[i]! * view.scale;
    const wy = fleet.y[i]! * view.scale;
    if (wx >= minX && wx <= maxX && wy >= minY && wy <= maxY && fleet.passes(i)) found.push(i);
  }
  return found;
}
