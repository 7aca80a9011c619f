import type { Logger } from 'pino';
import { parseTopic, topics } from '@farola/protocol';
import { cabinetAlarmsDue, markCabinetReset } from './cabinet-alarms';
import { markConnected } from './cellular';
import { SimClock } from './clock';
import { createCommandHandlers } from './command-handlers';
import type { FleetControl } from './control/control-actions';
import { takeForcedFailure } from './control/command-failures';
import { CommandRunner } from './command-runner';
import type { Cabinet, SimDevice } from './device-state';
import type { FleetOptions } from './fleet-options';
import { advanceDevice } from './device';
import { parseDownMessage } from './down-message';
import { announce, bindDevice, farewellOf, type FleetDevice, publishChanges, raiseAlarm, report } from './fleet-device';
import { createLinks, type LinkAuth, startLoop, TICK_MS } from './fleet-loop';
import type { MqttLink } from './link';
import { seededRandom } from './random';
import { reportTransition, TransitionWatcher, WATCH_ROUND_MS } from './transition-watcher';

type Farewell = ReturnType<typeof farewellOf>;

/** A running fleet: its devices bound to their links, the command runner, and the timers that stop() cancels. */
export class FleetRuntime {
  /** Resolves once every device has connected and sent its first report. */
  readonly ready: Promise<void>;
  private readonly entries = new Map<string, FleetDevice>();
  private readonly entryOf = new WeakMap<SimDevice, FleetDevice>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly runner: CommandRunner;
  private readonly links: MqttLink[];
  private readonly loop: NodeJS.Timeout;
  private readonly watcher: TransitionWatcher;
  private stopped = false;
  /** Devices that lost their connection (`drop-connection`), with what brings each back before it is due. */
  private readonly lostConnections = new Map<FleetDevice, () => void>();
  private firstReports = 0;
  private markReady: () => void = () => undefined;

  constructor(
    private readonly options: FleetOptions,
    private readonly logger: Logger,
    devices: readonly SimDevice[],
    auth: LinkAuth | null = null,
    /** Simulated time, SIM_SPEED times faster than the wall clock. */
    readonly clock: SimClock = new SimClock(options.speed),
  ) {
    this.ready = new Promise<void>((resolve) => (this.markReady = resolve));
    this.runner = this.createRunner();
    this.links = createLinks(
      options,
      devices,
      logger,
      (link) => this.onConnect(link),
      (topic, payload) => this.handleDownMessage(topic, payload),
      auth,
    );
    this.bindDevices(devices);
    if (this.entries.size === 0) this.markReady();
    this.watcher = new TransitionWatcher(
      [...this.entries.values()],
      (entry) => this.publishTransition(entry),
      WATCH_ROUND_MS / TICK_MS,
    );
    this.loop = startLoop({
      options,
      clock: this.clock,
      links: this.links,
      entries: [...this.entries.values()],
      isStopped: () => this.stopped,
      random: seededRandom(`${options.seed}:fleet`),
      watcher: this.watcher,
    });
  }

  /** Announces every device as disconnected and closes all connections cleanly. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.loop);
    for (const timer of this.timers) clearTimeout(timer);
    const byLink = this.farewellsByLink();
    await Promise.all(this.links.map((link) => link.stop(byLink.get(link) ?? [])));
  }

  /** A tracked timer, so stop() can cancel it; once stopped it never resolves, and the work waiting on it ends. */
  private delay(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!this.stopped) resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private bindDevices(devices: readonly SimDevice[]): void {
    const bySerial = new Map(devices.map((device) => [device.spec.serialNumber, device]));
    for (const link of this.links) {
      for (const serial of link.options.serials) {
        const device = bySerial.get(serial);
        if (!device) continue;
        const entry = bindDevice(device, link);
        this.entries.set(serial, entry);
        this.entryOf.set(device, entry);
      }
    }
  }

  private onConnect(link: MqttLink): void {
    for (const serial of link.options.serials) {
      const entry = this.entries.get(serial);
      if (entry && !entry.rebooting) this.bringOnline(entry);
    }
  }

  private bringOnline(entry: FleetDevice): void {
    entry.online = true;
    this.lostConnections.delete(entry);
    if (entry.device.kind === 'light-point') {
      // A first connection or a restart attaches to the network anew; a dropped session only reconnects.
      markConnected(entry.device, this.clock.now(), entry.reports === 0 || entry.reattachPending === true);
    }
    delete entry.reattachPending;
    announce(entry, true);
    if (entry.reports === 0) this.firstReports += 1;
    report(entry, this.clock, true);
    const { device } = entry;
    if (device.kind === 'cabinet') {
      if (entry.resetPending) markCabinetReset(device, this.clock.now());
      entry.resetPending = false;
      // With any alarm that came or went while it was away.
      this.publishCabinetAlarms(entry, device);
    }
    if (this.firstReports === this.entries.size) this.markReady();
  }

  /** What the control interface and scenarios act through. */
  get control(): FleetControl {
    return {
      clock: this.clock,
      seed: this.options.seed,
      center: this.options.center,
      entries: () => this.entries.values(),
      entry: (serial) => this.entries.get(serial),
      reboot: (entry) => void this.reboot(entry.device),
      loseConnection: (entry, seconds) => void this.loseConnection(entry, seconds),
      restoreConnection: (entry) => {
        const restore = this.lostConnections.get(entry);
        restore?.();
        return restore !== undefined;
      },
      failNextCommand: (entry, failure) => {
        entry.failNext = failure;
      },
      setCommandFailureRate: (entry, failures) => {
        if (failures) entry.failureRate = failures;
        else delete entry.failureRate;
      },
      publishChanges: (entry) => this.publishChangesOf(entry.device),
      publishReport: (entry) => report(entry, this.clock, true),
      changeReports: () => this.watcher.changes,
    };
  }

  /**
   * Communication loss: a device alone on its connection drops it without a farewell (the broker
   * fires its will); one behind a gateway is reported gone by the gateway. Back `seconds` later,
   * or when the control interface restores it.
   */
  private async loseConnection(entry: FleetDevice, seconds: number): Promise<void> {
    const backInMs = this.clock.realMs(seconds * 1000);
    if (entry.link.options.serials.length === 1) {
      this.lostConnections.set(entry, () => entry.link.reconnectNow());
      entry.link.dropAbruptly(backInMs);
      return;
    }
    entry.online = false;
    entry.rebooting = true;
    announce(entry, false);
    await new Promise<void>((resolve) => {
      this.lostConnections.set(entry, resolve);
      void this.delay(backInMs).then(resolve);
    });
    this.lostConnections.delete(entry);
    entry.rebooting = false;
    if (!entry.online && entry.link.connected) this.bringOnline(entry);
  }

  private async reboot(device: SimDevice): Promise<void> {
    const entry = this.entryOf.get(device);
    if (!entry || this.stopped) return;
    entry.online = false;
    entry.resetPending = device.kind === 'cabinet';
    entry.reattachPending = true;
    // Whatever the device was doing is lost; the server's retry runs it again.
    this.runner.abortAll(device);
    const backInMs = this.clock.realMs(device.random.between(3000, 8000));
    // A device alone on its connection reboots by dropping it; on a shared gateway the others stay up.
    if (entry.link.options.serials.length === 1) {
      await entry.link.restart([farewellOf(entry)], backInMs);
      return;
    }
    entry.rebooting = true;
    announce(entry, false);
    await this.delay(backInMs);
    entry.rebooting = false;
    // The gateway may have reconnected meanwhile; if it is down, its next connection brings the device back.
    if (!entry.online && entry.link.connected) this.bringOnline(entry);
  }

  private handleDownMessage(topic: string, payload: Buffer): void {
    const parsed = parseTopic(topic);
    const entry = parsed?.kind === 'device-down' ? this.entries.get(parsed.serialNumber) : undefined;
    if (!entry) return;
    const message = parseDownMessage(topic, payload, this.logger);
    if (!message) return;
    if ('cancel' in message) this.runner.cancel(entry.device, message.requestId);
    else if (entry.online) this.runner.handle(entry.device, message);
  }

  private createRunner(): CommandRunner {
    return new CommandRunner({
      errorRate: this.options.errorRate,
      clock: this.clock,
      handlers: createCommandHandlers({
        installation: { failureRate: this.options.installFailureRate },
        reboot: (device) =>
          this.reboot(device).catch((error: unknown) => this.logger.warn({ err: error }, 'reboot failed')),
      }),
      send: (device, message) => {
        const entry = this.entryOf.get(device);
        // A device that lost its connection cannot answer; the server's retry asks again.
        if (entry?.online) entry.link.publish(topics.up(device.spec.serialNumber, 'commands'), message);
      },
      sendLog: (device, message) => {
        const entry = this.entryOf.get(device);
        if (entry?.online) entry.link.publish(topics.up(device.spec.serialNumber, 'logs'), message);
      },
      takeForcedFailure: (device, command) => {
        const entry = this.entryOf.get(device);
        return entry && takeForcedFailure(entry, command);
      },
      publishChanges: (device) => this.publishChangesOf(device),
      delay: (ms) => this.delay(ms),
      onFailure: (error, request) => this.logger.error({ err: error, request }, 'command handler failed'),
    });
  }

  /**
   * A cabinet's command can change what its light points measure, so those that are online report
   * too. They go first: the cabinet's power is the sum of theirs, which must be up to date.
   */
  private publishChangesOf(device: SimDevice): void {
    if (device.kind === 'cabinet') {
      const now = this.clock.now();
      for (const lightPoint of device.lightPoints) {
        const fed = this.entryOf.get(lightPoint);
        if (fed?.online) publishChanges(fed, this.clock);
        else advanceDevice(lightPoint, now);
      }
    }
    const entry = this.entryOf.get(device);
    if (!entry) return;
    publishChanges(entry, this.clock);
    // A command can start or end a condition too: maintenance through setConfiguration, say.
    if (device.kind === 'cabinet') this.publishCabinetAlarms(entry, device);
  }

  /** A change of state the watcher found; a cabinet's alarms go with it, as after a command. */
  private publishTransition(entry: FleetDevice): void {
    reportTransition(entry, this.clock, (device) => this.entryOf.get(device));
    if (entry.device.kind === 'cabinet') this.publishCabinetAlarms(entry, entry.device);
  }

  private publishCabinetAlarms(entry: FleetDevice, cabinet: Cabinet): void {
    for (const { type, active } of cabinetAlarmsDue(cabinet, this.clock.now())) raiseAlarm(entry, type, active);
  }

  private farewellsByLink(): Map<MqttLink, Farewell[]> {
    const byLink = new Map<MqttLink, Farewell[]>();
    for (const entry of this.entries.values()) {
      const farewells = byLink.get(entry.link) ?? [];
      farewells.push(farewellOf(entry));
      byLink.set(entry.link, farewells);
    }
    return byLink;
  }
}
