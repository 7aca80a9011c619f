import { Layer, type LeafletEvent, type LeafletMouseEvent, type Map as LeafletMap, type ZoomAnimEvent } from 'leaflet';
import type { FleetStore } from './fleet-store';
import { DrawList, HitIndex, layoutFleet, restateFleet, type MapView } from './fleet-layout';
import { drawFleet, type FleetPalette } from './draw-fleet';

/** Below this zoom, devices closer than a cluster cell are drawn as one cluster. */
export const CLUSTER_BELOW_ZOOM = 17;
/** The side of a cluster cell, in pixels. */
export const CLUSTER_CELL = 44;
/** How near (pixels) a click or hover must be to a device or cluster to hit it. */
const HIT_RADIUS = 12;
/** Zoom levels a click on a cluster zooms in. */
const CLUSTER_ZOOM_STEP = 2;
/**
 * Live state changes in a view that did not move are painted at most this often (20 a second):
 * each paint hands the browser's compositor the whole map-sized canvas, which on a software-rendered
 * 2-core machine made the page wait 10–48 ms a frame under 10,000 changes a second. Painted 20
 * times a second instead of 60, 590–599 of 600 frames came in time (529–576 before) and the
 * 99th percentile frame took 17–33 ms (33–50 ms). Pans, zooms, filters, the selection, the open
 * device and the theme are drawn on the next frame, as before.
 */
const RESTATE_EVERY_MS = 50;

export interface FleetCanvasLayerOptions {
  fleet: FleetStore;
  /** The theme's colours, read when the layer draws. */
  palette: () => FleetPalette;
  /** A click on a device. */
  onDeviceClick: (slot: number, event: MouseEvent) => void;
  /** The text of a device's tooltip. */
  describe: (slot: number) => string;
  /** The text of a cluster's tooltip. */
  describeCluster: (size: number) => string;
  /** The map's cursor with the pointer over a device or cluster (`hit`) or not. */
  cursor: (hit: boolean) => string;
}

/** The map's view in world pixels, from Leaflet's state. */
export function viewOf(map: LeafletMap): MapView {
  const size = map.getSize();
  const zoom = map.getZoom();
  const topLeft = map.containerPointToLayerPoint([0, 0]).add(map.getPixelOrigin());
  return { left: topLeft.x, top: topLeft.y, width: size.x, height: size.y, scale: 256 * 2 ** zoom };
}

/** Whether this page has marked its first draw of devices (`farola:fleet-drawn`, read by the map bench). */
let firstDrawMarked = false;

/**
 * Every device of the fleet store on one <canvas> laid over the map: no DOM node and no React
 * component per device. It redraws at most once per animation frame, when the view moved or the
 * store's version changed; at low zoom nearby devices are drawn as clusters (a grid over the typed
 * arrays). Clicks and hovers are hit-tested on a grid index of what was drawn. After each draw the
 * canvas carries `data-fleet-version` (the store version drawn), `data-drawn` (marks drawn: devices
 * and clusters), `data-devices` (devices in view, clustered or not), `data-view` (the view drawn) and
 * `data-draw-ms` (what the draw took: layout, hit index and painting). A frame that only changed
 * states (the store's `layoutVersion` unchanged, the view the same) keeps the layout and repaints,
 * at most every RESTATE_EVERY_MS.
 */
export class FleetCanvasLayer extends Layer {
  private readonly fleetOptions: FleetCanvasLayerOptions;
  private canvas: HTMLCanvasElement | null = null;
  private tooltip: HTMLDivElement | null = null;
  private frame = 0;
  /** A state-only paint waiting for RESTATE_EVERY_MS to pass since the last draw. */
  private restateTimer = 0;
  private drawnAt = Number.NEGATIVE_INFINITY;
  /** The next draw is the user's doing (selection, open device, theme): painted at once. */
  private urgent = false;
  private drawnVersion = -1;
  private drawnLayoutVersion = -1;
  private drawnViewKey = '';
  private list = new DrawList();
  private readonly hits = new HitIndex();
  private selected: Uint8Array = new Uint8Array(0);
  private focused = -1;
  private unsubscribe: (() => void) | null = null;

  constructor(options: FleetCanvasLayerOptions) {
    super();
    this.fleetOptions = options;
  }

  override onAdd(map: LeafletMap): this {
    const canvas = document.createElement('canvas');
    canvas.className = 'farola-fleet-layer';
    canvas.dataset['testid'] = 'fleet-layer';
    Object.assign(canvas.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      zIndex: '450',
      pointerEvents: 'none',
      transformOrigin: '0 0',
    });
    const tooltip = document.createElement('div');
    tooltip.className = 'leaflet-tooltip farola-fleet-tooltip';
    tooltip.setAttribute('role', 'tooltip');
    Object.assign(tooltip.style, { display: 'none', zIndex: '650', pointerEvents: 'none', whiteSpace: 'nowrap' });
    map.getContainer().append(canvas, tooltip);
    this.canvas = canvas;
    this.tooltip = tooltip;
    this.unsubscribe = this.fleetOptions.fleet.subscribe(() => this.schedule());
    this.schedule();
    return this;
  }

  override onRemove(map: LeafletMap): this {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    clearTimeout(this.restateTimer);
    this.restateTimer = 0;
    this.unsubscribe?.();
    this.canvas?.remove();
    this.tooltip?.remove();
    this.canvas = null;
    this.tooltip = null;
    map.getContainer().style.cursor = '';
    return this;
  }

  override getEvents() {
    return {
      move: this.schedule,
      zoom: this.schedule,
      viewreset: this.schedule,
      resize: this.schedule,
      zoomanim: this.animateZoom,
      click: this.onClick,
      mousemove: this.onMouseMove,
      mouseout: this.hideTooltip,
    } as unknown as Record<string, (event: LeafletEvent) => void>;
  }

  /** Sets the selected devices (by store slot), drawn with a ring. */
  setSelection(slots: readonly number[]): void {
    const selected = new Uint8Array(this.fleetOptions.fleet.size);
    for (const slot of slots) selected[slot] = 1;
    this.selected = selected;
    this.drawnVersion = -1;
    this.urgent = true;
    this.schedule();
  }

  /** Sets the device whose panel is open (-1: none), drawn highlighted. */
  setFocused(slot: number): void {
    if (slot === this.focused) return;
    this.focused = slot;
    this.drawnVersion = -1;
    this.urgent = true;
    this.schedule();
  }

  /** Draws again on the next frame (the theme changed, say). */
  redraw(): this {
    this.drawnVersion = -1;
    this.urgent = true;
    this.schedule();
    return this;
  }

  private readonly schedule = () => {
    if (this.frame !== 0 || !this.canvas) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  };

  /** Draws now if the store or the view changed since the last draw. */
  draw(): void {
    const map = this._map as LeafletMap | undefined;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const fleet = this.fleetOptions.fleet;
    const view = viewOf(map);
    const viewKey = `${view.left},${view.top},${view.width},${view.height},${view.scale}`;
    if (fleet.version === this.drawnVersion && viewKey === this.drawnViewKey) return;
    const restating = viewKey === this.drawnViewKey && fleet.layoutVersion === this.drawnLayoutVersion;
    const wait = this.drawnAt + RESTATE_EVERY_MS - performance.now();
    if (restating && !this.urgent && wait > 0) {
      this.restateTimer ||= window.setTimeout(() => {
        this.restateTimer = 0;
        this.schedule();
      }, wait);
      return;
    }
    this.urgent = false;
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(view.width * ratio) || canvas.height !== Math.round(view.height * ratio)) {
      canvas.width = Math.round(view.width * ratio);
      canvas.height = Math.round(view.height * ratio);
      canvas.style.width = `${view.width}px`;
      canvas.style.height = `${view.height}px`;
    }
    canvas.style.transition = '';
    canvas.style.transform = '';
    const started = performance.now();
    this.drawnAt = started;
    if (restating) {
      // Only states changed (a live frame): same marks at the same places, new colours.
      restateFleet(fleet, this.list);
    } else {
      const cell = map.getZoom() < CLUSTER_BELOW_ZOOM ? CLUSTER_CELL : 0;
      this.list = layoutFleet(fleet, view, cell, this.list);
      this.hits.build(this.list, view.width, view.height);
    }
    const context = canvas.getContext('2d');
    if (context) {
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, view.width, view.height);
      drawFleet(context, fleet, this.list, {
        palette: this.fleetOptions.palette(),
        selected: this.selected,
        focused: this.focused,
      });
    }
    this.drawnVersion = fleet.version;
    this.drawnLayoutVersion = fleet.layoutVersion;
    this.drawnViewKey = viewKey;
    canvas.dataset['fleetVersion'] = String(fleet.version);
    canvas.dataset['drawMs'] = (performance.now() - started).toFixed(1);
    canvas.dataset['drawn'] = String(this.list.count);
    let devices = 0;
    for (let item = 0; item < this.list.count; item += 1) devices += this.list.size[item]!;
    canvas.dataset['devices'] = String(devices);
    if (devices > 0 && !firstDrawMarked) {
      firstDrawMarked = true;
      performance.mark('farola:fleet-drawn');
    }
    canvas.dataset['view'] = `${Math.round(view.left)},${Math.round(view.top)},${map.getZoom()}`;
  }

  /** Follows Leaflet's zoom animation by scaling the last frame, as its own canvas renderer does. */
  private readonly animateZoom = (event: LeafletEvent) => {
    const map = this._map as LeafletMap | undefined;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const { center, zoom } = event as ZoomAnimEvent;
    const scale = map.getZoomScale(zoom, map.getZoom());
    const view = viewOf(map);
    const target = map.project(center, zoom).subtract(map.getSize().divideBy(2));
    const x = view.left * scale - target.x;
    const y = view.top * scale - target.y;
    canvas.style.transition = 'transform 0.25s cubic-bezier(0,0,0.25,1)';
    canvas.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
  };

  /** The draw-list item under a container point, or -1. */
  itemAt(x: number, y: number): number {
    return this.hits.at(x, y, HIT_RADIUS);
  }

  private readonly onClick = (event: LeafletEvent) => {
    const map = this._map as LeafletMap | undefined;
    const { containerPoint, originalEvent, latlng } = event as LeafletMouseEvent;
    const item = this.itemAt(containerPoint.x, containerPoint.y);
    if (!map || item < 0) return;
    const slot = this.list.device[item]!;
    if (slot >= 0) this.fleetOptions.onDeviceClick(slot, originalEvent);
    else {
      const point = map.containerPointToLatLng([this.list.x[item]!, this.list.y[item]!]);
      map.setView(point ?? latlng, Math.min(map.getZoom() + CLUSTER_ZOOM_STEP, map.getMaxZoom()));
    }
  };

  private readonly onMouseMove = (event: LeafletEvent) => {
    const map = this._map as LeafletMap | undefined;
    const tooltip = this.tooltip;
    if (!map || !tooltip) return;
    const { containerPoint } = event as LeafletMouseEvent;
    const item = this.itemAt(containerPoint.x, containerPoint.y);
    map.getContainer().style.cursor = this.fleetOptions.cursor(item >= 0);
    if (item < 0) {
      this.hideTooltip();
      return;
    }
    const slot = this.list.device[item]!;
    tooltip.textContent =
      slot >= 0 ? this.fleetOptions.describe(slot) : this.fleetOptions.describeCluster(this.list.size[item]!);
    tooltip.style.display = 'block';
    tooltip.style.left = `${this.list.x[item]! + HIT_RADIUS}px`;
    tooltip.style.top = `${this.list.y[item]! - HIT_RADIUS}px`;
  };

  private readonly hideTooltip = () => {
    if (this.tooltip) this.tooltip.style.display = 'none';
  };
}
