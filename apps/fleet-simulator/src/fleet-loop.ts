import type { MqttCredentials } from '@farola/protocol';
import type { Logger } from 'pino';
import { cabinetAlarmsDue } from './cabinet-alarms';
import type { SimClock } from './clock';
import { planConnections } from './connections';
import type { SimDevice } from './device-state';
import type { FleetOptions } from './fleet-options';
import { ConnectionRamp } from './connection-ramp';
import { type FleetDevice, raiseAlarm, report } from './fleet-device';
import { MqttLink } from './link';
import type { Random } from './random';
import { ReportWheel } from './report-wheel';
import type { TransitionWatcher } from './transition-watcher';

export const TICK_MS = 100;

/** How the links sign in: credentials by user name (a serial number or gateway id), and what to do when refused. */
export interface LinkAuth {
  credentials: ReadonlyMap<string, MqttCredentials>;
  onRefused: (link: MqttLink) => void;
}

/** One link per connection of `planConnections`: a device alone, or a gateway carrying several. */
export function createLinks(
  options: FleetOptions,
  devices: readonly SimDevice[],
  logger: Logger,
  onConnect: (link: MqttLink) => void,
  onMessage: (topic: string, payload: Buffer) => void,
  auth: LinkAuth | null = null,
): MqttLink[] {
  const links: MqttLink[] = [];
  const plans = planConnections(
    options,
    devices.map((device) => device.spec),
  );
  for (const [index, { gatewayId, devices: carried }] of plans.entries()) {
    const serials = carried.map((spec) => spec.serialNumber);
    const username = gatewayId ?? serials[0] ?? '';
    links.push(
      new MqttLink({
        url: options.mqttUrl,
        clientId: `farola-sim-${options.serialPrefix}-${index + 1}`,
        gatewayId,
        serials,
        logger,
        onConnect,
        onMessage,
        ...(auth ? { credentials: auth.credentials.get(username) ?? null, onRefused: auth.onRefused } : {}),
      }),
    );
  }
  return links;
}

interface LoopState {
  options: FleetOptions;
  clock: SimClock;
  links: readonly MqttLink[];
  entries: readonly FleetDevice[];
  isStopped: () => boolean;
  /** Fleet-wide draws: report slots and connection drops. */
  random: Random;
  /** Reports changes of state between the periodic reports, a share of the fleet per tick. */
  watcher: TransitionWatcher;
}

/**
 * Publishes a cabinet's alarms raised or cleared since its last report: conditions set through the
 * control functions of cabinet-alarms.ts, ended ones, and rare random ones at SIM_CABINET_EVENT_RATE.
 */
function publishCabinetAlarms(entry: FleetDevice, options: FleetOptions, nowMs: number): void {
  // `nowMs` is simulated time.
  if (entry.device.kind !== 'cabinet') return;
  for (const { type, active } of cabinetAlarmsDue(entry.device, nowMs, options.cabinetEventRate)) {
    raiseAlarm(entry, type, active);
  }
}

export type DroppableLink = Pick<MqttLink, 'connected' | 'dropAbruptly'>;

/**
 * Abrupt drops: per connected link, SIM_DROP_RATE_PER_HOUR per simulated hour; back 5–60 s later.
 * Each link drops this tick with probability p = 1 − e^(−hazard). Rather than one draw per link,
 * the gaps between dropped links are drawn (geometric skipping): the same distribution, at a couple
 * of draws per drop instead of one per link (100,000 links make 1M draws a second otherwise).
 */
export function injectDrops(
  links: readonly DroppableLink[],
  options: Pick<FleetOptions, 'dropRatePerHour' | 'speed'>,
  elapsedMs: number,
  rng: Random,
): void {
  const hazard = (options.dropRatePerHour * elapsedMs * options.speed) / 3_600_000;
  if (!(hazard > 0)) return;
  // Links passed over before the next drop: floor(ln U / ln(1 − p)), where ln(1 − p) = −hazard.
  const gap = () => Math.floor(-Math.log(1 - rng.next()) / hazard);
  for (let index = gap(); index < links.length; index += 1 + gap()) {
    const link = links[index];
    if (link?.connected) link.dropAbruptly(rng.between(5000, 60_000) / options.speed);
  }
}

/**
 * The fleet's single timer: opens connections at the broker's pace (`ConnectionRamp`), then on every tick reports the devices
 * whose slot came round, reports the changes of state the watcher finds, and injects connection drops.
 */
export function startLoop({ options, clock, links, entries, isStopped, random, watcher }: LoopState): NodeJS.Timeout {
  let lastTick = Date.now();
  const wheel = new ReportWheel<FleetDevice>(options.reportIntervalSeconds * 1000, lastTick, TICK_MS);
  entries.forEach((entry, index) => wheel.add(entry, (index + random.next()) / entries.length));
  const ramp = new ConnectionRamp(links);
  return setInterval(() => {
    if (isStopped()) return;
    const now = Date.now();
    ramp.tick(now);
    for (const entry of wheel.due(now)) {
      // A device's first report goes out when it connects; the wheel takes over from there.
      if (!entry.online || entry.reports === 0 || !entry.link.connected) continue;
      // Alarms first, so that the report shows what they changed (outputs dropped on battery, say).
      publishCabinetAlarms(entry, options, clock.now());
      report(entry, clock);
    }
    watcher.tick(clock.now());
    injectDrops(links, options, now - lastTick, random);
    lastTick = now;
  }, TICK_MS);
}
