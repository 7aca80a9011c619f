/**
 * What the city bench sees from the browser's side: a socket as the console's map opens it (the
 * compact fleet state of every project, no subscription) and a socket subscribed to every
 * project's attribute reports (the only stream that carries every report with its device `ts`).
 */
import {
  type ClientToServerEvents,
  DeviceAttributeValueUpdatedSchema,
  type FleetList,
  FleetStateUpdatedSchema,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@farola/protocol';
import { io, type Socket } from 'socket.io-client';

type FarolaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface StateItem {
  stream: string;
  seq: number;
  deviceId: string;
  on: boolean | null;
}

export class CityObserver {
  /** Device report → attributes socket, ms, since the last `resetWindow`. */
  latencies: number[] = [];
  /** `FleetStateUpdated` items the map received since the last `resetWindow`. */
  mapItems = 0;
  /** Light points the map saw switch on since `watchSwitchOns`, with when the first such item arrived. */
  readonly switchedOn = new Map<string, number>();
  /** Switch-on items (a light point's `on` from false or unknown to true) since `watchSwitchOns`. */
  switchOnEvents = 0;
  /** The `ts` of each light point's first report with `poweredOn: true` since `watchSwitchOns`. */
  readonly switchOnReports = new Map<string, number>();
  /** Latencies of the reports that arrived while switch-ons are watched. */
  burstLatencies: number[] = [];
  private readonly map: FarolaSocket;
  private readonly attributes: FarolaSocket;
  private readonly lightPoints = new Set<string>();
  /** The map's view: each device's `on`, as the console's map holds it. */
  private readonly on = new Map<string, boolean | null>();
  private positions: Record<string, number> | null = null;
  private early: StateItem[] = [];
  private watching = false;

  constructor(httpUrl: string) {
    const options = { path: SOCKET_PATH, transports: ['websocket'], reconnection: false };
    this.map = io(httpUrl, options);
    this.attributes = io(httpUrl, options);
    this.map.on('FleetStateUpdated', (batch) => {
      for (const item of [batch].flat()) this.onState(FleetStateUpdatedSchema.parse(item));
    });
    this.attributes.on('DeviceAttributeValueUpdated', (batch) => {
      const now = Date.now();
      for (const payload of [batch].flat()) {
        const event = DeviceAttributeValueUpdatedSchema.parse(payload);
        const ts = Date.parse(event.ts);
        this.latencies.push(now - ts);
        if (!this.watching) continue;
        this.burstLatencies.push(now - ts);
        if (event.values.poweredOn === true && !this.switchOnReports.has(event.deviceId)) {
          this.switchOnReports.set(event.deviceId, ts);
        }
      }
    });
  }

  /** Subscribes the attributes socket to every project, then takes the fleet's state as the map loads it. */
  async start(httpUrl: string, projectIds: string[]): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.attributes.emit('subscribe', { projectIds }, (answer) =>
        answer.ok ? resolve() : reject(new Error(answer.error.message)),
      ),
    );
    const fleet = (await (await fetch(`${httpUrl}/lighting/api/v1/fleet`)).json()) as FleetList;
    for (const device of fleet.items) {
      this.on.set(device.deviceId, device.on);
      if (device.deviceType === 'light-point-controller') this.lightPoints.add(device.deviceId);
    }
    this.positions = fleet.streams;
    for (const item of this.early) this.onState(item);
    this.early = [];
  }

  /** Light points the map shows switched on. */
  lightPointsOn(): number {
    let count = 0;
    for (const id of this.lightPoints) if (this.on.get(id) === true) count += 1;
    return count;
  }

  resetWindow(): void {
    this.latencies = [];
    this.mapItems = 0;
  }

  watchSwitchOns(on: boolean): void {
    this.watching = on;
  }

  close(): void {
    this.map.close();
    this.attributes.close();
  }

  private onState(item: StateItem): void {
    this.mapItems += 1;
    if (!this.positions) {
      this.early.push(item);
      return;
    }
    // Items the fleet read already holds are not applied again, as the console does.
    if (item.seq <= (this.positions[item.stream] ?? 0)) return;
    const before = this.on.get(item.deviceId);
    this.on.set(item.deviceId, item.on);
    const arrived = Date.now();
    if (this.watching && item.on === true && before !== true && this.lightPoints.has(item.deviceId)) {
      this.switchOnEvents += 1;
      if (!this.switchedOn.has(item.deviceId)) this.switchedOn.set(item.deviceId, arrived);
    }
  }
}
