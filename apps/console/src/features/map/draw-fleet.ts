import { KINDS, READY_STATUS, type FleetStore } from './fleet-store';
import type { DrawList } from './fleet-layout';

/** The colours the canvas draws with, resolved from the theme's CSS variables. */
export interface FleetPalette {
  on: string;
  off: string;
  disconnected: string;
  alarm: string;
  selected: string;
  /** Text and outlines over the map (the theme's foreground). */
  foreground: string;
  /** The theme's background, for cluster bubbles and halos. */
  background: string;
}

const CABINET = KINDS.indexOf('cabinet-controller');
const LIGHT_POINT_RADIUS = 5;
const CABINET_HALF_SIDE = 7;

/** The radius of a cluster's bubble: grows with the log of its size. */
export function clusterRadius(size: number): number {
  return Math.min(30, 12 + 3.2 * Math.log10(size) * 2);
}

type Shape = (context: CanvasRenderingContext2D, x: number, y: number, grow: number) => void;

const circle: Shape = (context, x, y, grow) => {
  const r = LIGHT_POINT_RADIUS + grow;
  context.moveTo(x + r, y);
  context.arc(x, y, r, 0, Math.PI * 2);
};
const square: Shape = (context, x, y, grow) => {
  const h = CABINET_HALF_SIDE + grow;
  context.rect(x - h, y - h, h * 2, h * 2);
};

/**
 * Draws a frame's devices and clusters. A device's look (map-legend.tsx explains it):
 * - fill: switched on (warm), switched off (grey); disconnected: an empty ring of its own colour;
 * - shape: light point a circle, cabinet controller a square;
 * - in alarm: a thick ring around it; not in operation (lifecycle status other than ready): a
 *   dashed ring; selected: a ring of the selection colour; the device whose panel is open: larger.
 * Devices of one look are drawn as one path, so a frame costs a few fills, not one per device.
 */
export function drawFleet(
  context: CanvasRenderingContext2D,
  fleet: FleetStore,
  list: DrawList,
  options: { palette: FleetPalette; selected: Uint8Array; focused: number },
): void {
  const { palette, selected, focused } = options;
  const shapeOf = (slot: number): Shape => (fleet.kind[slot] === CABINET ? square : circle);
  const each = (wanted: (slot: number) => boolean, draw: (slot: number, x: number, y: number) => void) => {
    for (let item = 0; item < list.count; item += 1) {
      const slot = list.device[item]!;
      if (slot >= 0 && wanted(slot)) draw(slot, list.x[item]!, list.y[item]!);
    }
  };
  const path = (wanted: (slot: number) => boolean, grow: number) => {
    context.beginPath();
    each(wanted, (slot, x, y) => shapeOf(slot)(context, x, y, grow + (slot === focused ? 3 : 0)));
  };

  // A halo of the background colour keeps every mark readable on any tile.
  context.lineWidth = 3;
  context.strokeStyle = palette.background;
  path(() => true, 1);
  context.stroke();

  context.fillStyle = palette.on;
  path((slot) => fleet.isSwitchedOn(slot), 0);
  context.fill();
  context.fillStyle = palette.off;
  path((slot) => fleet.isConnected(slot) && !fleet.isSwitchedOn(slot), 0);
  context.fill();
  context.lineWidth = 2.5;
  context.strokeStyle = palette.disconnected;
  path((slot) => !fleet.isConnected(slot), -1);
  context.stroke();

  context.lineWidth = 2;
  context.strokeStyle = palette.foreground;
  context.setLineDash([3, 2]);
  path((slot) => fleet.status[slot] !== READY_STATUS, 4);
  context.stroke();
  context.setLineDash([]);

  context.lineWidth = 3;
  context.strokeStyle = palette.alarm;
  path((slot) => fleet.hasAlarm(slot), 3);
  context.stroke();

  context.lineWidth = 3;
  context.strokeStyle = palette.selected;
  path((slot) => selected[slot] === 1 || slot === focused, 7);
  context.stroke();

  drawClusters(context, list, palette);
}

function drawClusters(context: CanvasRenderingContext2D, list: DrawList, palette: FleetPalette): void {
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = '600 12px "Segoe UI", system-ui, sans-serif';
  for (let item = 0; item < list.count; item += 1) {
    if (list.device[item]! >= 0) continue;
    const x = list.x[item]!;
    const y = list.y[item]!;
    const size = list.size[item]!;
    const r = clusterRadius(size);
    context.beginPath();
    context.arc(x, y, r, 0, Math.PI * 2);
    context.fillStyle = palette.background;
    context.fill();
    // The ring tells the cluster's make-up: switched on, switched off, disconnected.
    const on = list.on[item]!;
    const disconnected = list.disconnected[item]!;
    const parts: [number, string][] = [
      [on, palette.on],
      [size - on - disconnected, palette.off],
      [disconnected, palette.disconnected],
    ];
    let start = -Math.PI / 2;
    context.lineWidth = 5;
    for (const [count, colour] of parts) {
      if (count <= 0) continue;
      const end = start + (count / size) * Math.PI * 2;
      context.beginPath();
      context.arc(x, y, r - 2.5, start, end);
      context.strokeStyle = colour;
      context.stroke();
      start = end;
    }
    if (list.alarm[item]! > 0) {
      context.beginPath();
      context.arc(x, y, r + 2, 0, Math.PI * 2);
      context.lineWidth = 3;
      context.strokeStyle = palette.alarm;
      context.stroke();
    }
    context.fillStyle = palette.foreground;
    context.fillText(size >= 10_000 ? `${Math.round(size / 1000)}k` : String(size), x, y);
  }
}
