/**
 * The map at 100,000 devices: starts the realtime-server on the embedded defaults with a simulated
 * fleet of BENCH_MAP_DEVICES (100,000) on gateway connections of 2,000 reporting every 300 s, waits
 * until every device is registered and stored (the write-behind keeping up), then opens the built
 * console's map (apps/console/dist: run `npm run build` first) in headless Chromium
 * (/usr/bin/chromium, software rendering) and prints:
 * - the fleet's initial load: bytes on the wire of `GET /fleet/columns` (compressed) and uncompressed;
 * - navigation → every device drawn and identified, by the page's clock (the console's `farola:fleet-…` performance
 *   marks and the fleet's resource timing): in BENCH_MAP_FRESH_BROWSERS (5) fresh browsers, one
 *   after the other (their median is the figure: one load alone says more about the machine's
 *   moment than about the console), as many again with the page's CPU slowed BENCH_MAP_CPU_SLOWDOWN
 *   (2) times (a slower machine: the figures must hold there too), then in one browser first and BENCH_MAP_WARM_NAVIGATIONS (3)
 *   times more with the console's files cached, each with where the time went;
 * - pan and zoom redraw: what the layer's draw takes (`data-draw-ms`: layout, hit index, painting)
 *   after keyboard pans and zooms;
 * - live: BENCH_MAP_CHANGES_PER_S (10,000) state changes a second for BENCH_MAP_LIVE_S (10 s),
 *   applied to the console's fleet store in animation-frame batches as the fleet sync applies them,
 *   with every frame's length from requestAnimationFrame (longest, over 50 ms) and the draws' times;
 * - browser memory: the page's JS heap (CDP Performance.getMetrics) and the renderer's RSS.
 *
 * The live changes are injected into the page's fleet store (the module the console itself loaded),
 * not sent through MQTT: 10,000 messages a second is ten times what the embedded broker and the
 * server ingest on this machine (the ingest bench), so the browser's share is measured on its own.
 *
 * Environment: BENCH_MAP_DEVICES (100000), BENCH_MAP_CHANGES_PER_S (10000), BENCH_MAP_LIVE_S (10),
 * BENCH_MAP_FRESH_BROWSERS (5), BENCH_MAP_CPU_SLOWDOWN (2), BENCH_MAP_WARM_NAVIGATIONS (3), BENCH_MAP_TIMEOUT_S (900),
 * CHROMIUM (/usr/bin/chromium), and those of bench-stack.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_EXECUTABLE, HEADLESS_CHROMIUM_ARGS } from '../headless-chromium';
import { BenchStack, numberEnv, percentile, printRows, processUsage, runBench, waitFor } from './bench-stack';

const DEVICES = numberEnv('BENCH_MAP_DEVICES', 100_000);
const CHANGES_PER_S = numberEnv('BENCH_MAP_CHANGES_PER_S', 10_000);
const LIVE_S = numberEnv('BENCH_MAP_LIVE_S', 10);
const TIMEOUT_S = numberEnv('BENCH_MAP_TIMEOUT_S', 900);
const WARM_NAVIGATIONS = numberEnv('BENCH_MAP_WARM_NAVIGATIONS', 3);
const FRESH_BROWSERS = numberEnv('BENCH_MAP_FRESH_BROWSERS', 5);
/**
 * The page's CPU slowed this many times (CDP `Emulation.setCPUThrottlingRate`) for a second set of
 * fresh browsers: a slower machine than this one (a reviewer's ran the same build 2× slower). 1 skips it.
 */
const CPU_SLOWDOWN = numberEnv('BENCH_MAP_CPU_SLOWDOWN', 2);
const dist = fileURLToPath(new URL('../../apps/console/dist', import.meta.url));

const stack = new BenchStack({ http: 18170, mqtt: 18875 });

/** The chunks of the built console, to find the module that holds the fleet store. */
function consoleChunks(): string[] {
  const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const files = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
  // The map's and the fleet's chunks first: they are loaded already, and one of them exports the store.
  const likely = (file: string) => (/fleet|map/.test(file) ? 0 : 1);
  return files.sort((a, b) => likely(a) - likely(b));
}

/** Where a navigation's first draw went, in ms since the navigation started (the page's own clock). */
interface FirstDraw {
  /** The console's first-screen script ran (domInteractive). */
  interactive: number;
  /** The fleet's request went out (with the page, preloaded, when authentication is off), the
   * console asked for it, its first byte came and its last. */
  requested: number;
  asked: number;
  /** The console's shell first showed (the app rendered after start-up). */
  appShown: number;
  firstByte: number;
  /** What the server said of its time on the fleet read (`Server-Timing`: read, deflate). */
  server: string;
  lastByte: number;
  /** What the map draws parsed and validated; poured into the store; every device drawn; the
   * identities (ids, serial numbers, names: read after the draw) in the store. */
  received: number;
  stored: number;
  drawn: number;
  identified: number;
}

/** One fleet answer as the browser received it: bytes on the wire and decoded, and how it ended. */
interface FleetAnswer {
  encoded: number;
  decoded: number;
  ended: 'no' | 'finished' | 'failed';
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

function whereItWent(draw: FirstDraw): string {
  return `fleet requested ${ms(draw.requested)} · script ran ${ms(draw.interactive)} · fleet asked ${ms(draw.asked)} · app shown ${ms(draw.appShown)} · first byte ${ms(draw.firstByte)} (server: ${draw.server || 'not told'}) · last ${ms(draw.lastByte)} · parsed and checked ${ms(draw.received)} · stored ${ms(draw.stored)} · drawn ${ms(draw.drawn)} · identified ${ms(draw.identified)}`;
}

/** Reads a navigation's first-draw marks (`farola:fleet-…`, set by the console) and the fleet's resource timing. */
async function firstDrawOf(page: Page): Promise<FirstDraw> {
  return page.evaluate(() => {
    const mark = (name: string) => performance.getEntriesByName(`farola:fleet-${name}`)[0]?.startTime ?? Number.NaN;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fleet = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/fleet/columns')) as
      PerformanceResourceTiming | undefined;
    return {
      interactive: navigation.domInteractive,
      requested: fleet?.startTime ?? Number.NaN,
      asked: mark('asked'),
      appShown: performance.getEntriesByName('farola:app-shown')[0]?.startTime ?? Number.NaN,
      firstByte: fleet?.responseStart ?? Number.NaN,
      server: (fleet?.serverTiming ?? []).map((phase) => `${phase.name} ${Math.round(phase.duration)} ms`).join(', '),
      lastByte: fleet?.responseEnd ?? Number.NaN,
      received: mark('received'),
      stored: mark('stored'),
      drawn: mark('drawn'),
      identified: mark('identified'),
    };
  });
}

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-gl=swiftshader',
      '--disable-background-networking',
      ...HEADLESS_CHROMIUM_ARGS,
    ],
  });
}

/**
 * Waits until every device is drawn and the fleet's identities are in (they are read after the
 * draw). The page is not watched while it loads: Playwright's locators and waitForFunction evaluate
 * its injected script in the page and poll, tens of milliseconds of the page's thread (and the
 * harness's CPU) inside the very load being measured. The context's init script (`newEnglishContext`)
 * keeps a promise of the identities' mark, awaited here with one DevTools evaluation; the layer's
 * device count is checked once it has resolved.
 */
async function everyDeviceDrawn(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Runtime.evaluate', { expression: 'globalThis.farolaBenchIdentified', awaitPromise: true });
  } finally {
    await cdp.detach();
  }
  await page
    .getByTestId('fleet-layer')
    .and(page.locator(`[data-devices="${DEVICES}"]`))
    .waitFor({ timeout: 120_000 });
}

/**
 * In every page, before its scripts: a promise of the console's `farola:fleet-identified` mark
 * (source text: tsx would wrap a compiled function's inner functions in a helper the page lacks).
 */
const WATCH_FOR_IDENTITIES = `globalThis.farolaBenchIdentified = new Promise((resolve) => {
  new PerformanceObserver((marks, observer) => {
    if (performance.getEntriesByName('farola:fleet-identified').length === 0) return;
    observer.disconnect();
    resolve();
  }).observe({ type: 'mark' });
});`;

/** A new browser context at the bench's viewport, in English. */
async function newEnglishContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
  await context.addInitScript({ content: WATCH_FOR_IDENTITIES });
  return context;
}

/** Opens the map in a new page of `browser` and waits until every device is drawn. */
async function openMapPage(browser: Browser, cpuSlowdown = 1): Promise<Page> {
  const context = await newEnglishContext(browser);
  const page = await context.newPage();
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  await page.goto(`${stack.httpUrl}/lighting/map`);
  await everyDeviceDrawn(page);
  // tsx names the functions it compiles with a helper the page lacks.
  await page.evaluate('globalThis.__name = (fn) => fn');
  return page;
}

/** The machine's processes by role: the stack's two, this bench, each kind of Chromium process, the rest. */
type ProcessRole = 'server' | 'simulator' | 'bench' | 'renderer' | 'browser' | 'network' | 'gpu' | 'other';

const chromiumOf = (type: string) => (command: string) => command.includes('chromium') && command.includes(type);
/** How a process's command line tells its role; the first that matches. */
const PROCESS_ROLES: [ProcessRole, (command: string) => boolean][] = [
  ['server', (command) => command.includes('apps/realtime-server/')],
  ['simulator', (command) => command.includes('apps/fleet-simulator/')],
  ['bench', (command) => command.includes('tests/bench/map.bench')],
  ['renderer', chromiumOf('--type=renderer')],
  ['network', chromiumOf('--utility-sub-type=network')],
  ['gpu', chromiumOf('--type=gpu-process')],
  ['browser', (command) => command.includes('chromium') && !command.includes('--type=')],
];

/**
 * CPU seconds used so far by the processes alive now, by role (one browser runs at a time). A
 * fresh load's share per role is the difference of two readings: on 2 cores everything running
 * shares them, so a page waits on the server, the simulator and Chromium's other processes too.
 */
function cpuByRole(): Map<ProcessRole, number> {
  const byRole = new Map<ProcessRole, number>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let command: string;
    let cpuSeconds: number;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      cpuSeconds = processUsage(Number(pid)).cpuSeconds;
    } catch {
      continue; // gone meanwhile
    }
    const role = PROCESS_ROLES.find(([, test]) => test(command))?.[0] ?? 'other';
    byRole.set(role, (byRole.get(role) ?? 0) + cpuSeconds);
  }
  return byRole;
}

/** Waits until the layer has drawn and returns its attributes. */
async function layerState(page: Page) {
  return page.getByTestId('fleet-layer').evaluate((canvas) => ({ ...(canvas as HTMLCanvasElement).dataset }));
}

/** The draw time of the next draw after `act`, in ms. */
async function nextDraw(page: Page, act: () => Promise<void>): Promise<number> {
  const before = (await layerState(page))['view'];
  await act();
  await waitFor(
    'a redraw',
    async () => {
      const state = await layerState(page);
      return state['view'] !== before;
    },
    10,
  );
  // Leaflet's zoom animation ends in a draw at the final view: let it settle.
  await page.waitForTimeout(400);
  return Number((await layerState(page))['drawMs']);
}

async function main(): Promise<void> {
  if (!existsSync(`${dist}/.vite/manifest.json`)) throw new Error('Build the console first: npm run build');
  await stack.startServer();
  stack.startFleet({ devices: DEVICES, gatewaySize: 2000, intervalS: 300 });
  console.log(`Registering ${DEVICES} devices…`);
  await waitFor('the fleet', async () => ((await stack.health())?.connectedDevices ?? 0) >= DEVICES, TIMEOUT_S);
  // The map is measured on a server in service, not one still storing 100,000 fresh registrations:
  // wait until the write-behind keeps up (its oldest unwritten row under a second old: the fleet's
  // reports never stop) for three readings in a row.
  let quiet = 0;
  await waitFor(
    'the registrations to be stored',
    async () => {
      const backlog = (await stack.health())?.storage?.backlog;
      quiet = backlog && backlog.oldestMs < 1000 ? quiet + 1 : 0;
      return quiet >= 3;
    },
    TIMEOUT_S,
  );

  // Navigation → every device drawn in fresh browsers, one after the other, nothing else attached;
  // then as many again with the page's CPU slowed down.
  /** CPU seconds per role over the fresh loads at 1× (from navigation to identities), and their wall time. */
  const loadCpu = { seconds: new Map<ProcessRole, number>(), wallSeconds: 0 };
  const freshDrawsAt = async (cpuSlowdown: number): Promise<FirstDraw[]> => {
    const draws: FirstDraw[] = [];
    for (let run = 0; run < FRESH_BROWSERS; run += 1) {
      const fresh = await launchBrowser();
      try {
        const before = cpuByRole();
        const started = performance.now();
        const page = await openMapPage(fresh, cpuSlowdown);
        if (cpuSlowdown === 1) {
          loadCpu.wallSeconds += (performance.now() - started) / 1000;
          for (const [role, seconds] of cpuByRole()) {
            loadCpu.seconds.set(role, (loadCpu.seconds.get(role) ?? 0) + seconds - (before.get(role) ?? 0));
          }
        }
        draws.push(await firstDrawOf(page));
      } finally {
        await fresh.close();
      }
    }
    return draws;
  };
  const freshDraws = await freshDrawsAt(1);
  const slowDraws = CPU_SLOWDOWN > 1 ? await freshDrawsAt(CPU_SLOWDOWN) : [];

  const browser = await launchBrowser();
  try {
    const context = await newEnglishContext(browser);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    /**
     * Each whole-fleet read of this browser by CDP request id, in order: one per navigation, any more
     * are reloads (resyncs).
     */
    const answers = new Map<string, FleetAnswer>();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (request.url.includes('/fleet/columns')) answers.set(requestId, { encoded: 0, decoded: 0, ended: 'no' });
    });
    // The console reads the answer as it arrives, the identities after the first draw: the bytes are
    // counted as they come, and the total once the answer is finished.
    cdp.on('Network.dataReceived', ({ requestId, dataLength, encodedDataLength }) => {
      const answer = answers.get(requestId);
      if (!answer) return;
      answer.decoded += dataLength;
      answer.encoded += encodedDataLength;
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const answer = answers.get(requestId);
      if (!answer) return;
      answer.encoded = Math.max(answer.encoded, encodedDataLength);
      answer.ended = 'finished';
    });
    cdp.on('Network.loadingFailed', ({ requestId }) => {
      const answer = answers.get(requestId);
      if (answer) answer.ended = 'failed';
    });

    // Navigation → every device drawn: the first time in a fresh browser (nothing cached), then
    // WARM_NAVIGATIONS times more in the same tab (the console's files from the HTTP cache).
    const firstDraws: FirstDraw[] = [];
    for (let navigation = 0; navigation <= WARM_NAVIGATIONS; navigation += 1) {
      await page.goto(`${stack.httpUrl}/lighting/map`);
      await everyDeviceDrawn(page);
      await page.evaluate('globalThis.__name = (fn) => fn');
      firstDraws.push(await firstDrawOf(page));
    }
    // Chromium sometimes reports an answer the console read to its end as cancelled (seen in the
    // warm navigations: its completion not yet told when the body was drained), its last bytes on the
    // wire uncounted: the figure is a finished answer's, or at least the largest count seen.
    const newest = () => [...answers.values()].at(-1);
    await waitFor('the last fleet answer ended', () => Promise.resolve(newest()?.ended !== 'no'), 30);
    const read = [...answers.values()];
    const finished = read.filter((answer) => answer.ended === 'finished');
    const largest = (list: FleetAnswer[]) => list.reduce((a, b) => (b.encoded > a.encoded ? b : a));
    const fleetBytes = largest(finished.length > 0 ? finished : read);
    const fleetBytesNote = finished.length > 0 ? '' : ' (at least: no answer was told finished)';
    const firstDraw = await layerState(page);

    // Pan and zoom: Leaflet's keyboard handling on the focused map.
    await page.locator('.leaflet-container').focus();
    const pans: number[] = [];
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
      pans.push(await nextDraw(page, () => page.keyboard.press(key)));
    }
    const zooms: number[] = [];
    for (const key of ['Equal', 'Equal', 'Minus', 'Minus'])
      zooms.push(await nextDraw(page, () => page.keyboard.press(key)));

    // Live: find the console's fleet store among its modules and change CHANGES_PER_S devices a second.
    // (tsx names functions with a helper the page lacks.)
    await page.evaluate('globalThis.__name = (fn) => fn');
    const live = await page.evaluate(
      async ({ chunks, changesPerS, seconds }) => {
        interface Store {
          size: number;
          ids: string[];
          flags: Uint8Array;
          version: number;
          apply(changes: { deviceId: string; on?: boolean; connected?: boolean }[]): string[];
        }
        const isStore = (value: unknown): value is Store =>
          typeof value === 'object' &&
          value !== null &&
          'flags' in value &&
          (value as Store).flags instanceof Uint8Array &&
          typeof (value as Store).apply === 'function' &&
          Array.isArray((value as Store).ids);
        let store: Store | undefined;
        for (const chunk of chunks) {
          const module = (await import(/* @vite-ignore */ `/lighting/${chunk}`)) as Record<string, unknown>;
          store = Object.values(module).find(isStore);
          if (store) break;
        }
        if (!store) throw new Error('the fleet store was not found among the console chunks');
        const fleet = store;
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="fleet-layer"]')!;
        const frames: number[] = [];
        const draws: number[] = [];
        let applied = 0;
        let last = performance.now();
        const end = last + seconds * 1000;
        let next = 0;
        await new Promise<void>((resolve) => {
          const frame = (now: number) => {
            frames.push(now - last);
            const due = Math.round(((now - (end - seconds * 1000)) / 1000) * changesPerS) - applied;
            const changes = [];
            for (let k = 0; k < due; k += 1) {
              const i = (next = (next + 7919) % fleet.size);
              changes.push({ deviceId: fleet.ids[i]!, on: (fleet.flags[i]! & 2) === 0 });
            }
            fleet.apply(changes);
            applied += due;
            last = now;
            draws.push(Number(canvas.dataset['drawMs']));
            if (now < end) requestAnimationFrame(frame);
            else resolve();
          };
          requestAnimationFrame(frame);
        });
        return { frames: frames.slice(1), draws, applied };
      },
      { chunks: consoleChunks(), changesPerS: CHANGES_PER_S, seconds: LIVE_S },
    );

    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    const frames = [...live.frames].sort((a, b) => a - b);
    const draws = [...live.draws].sort((a, b) => a - b);
    const median = (draws: FirstDraw[], key: 'drawn' | 'identified') =>
      percentile(
        draws.map((draw) => draw[key]).sort((a, b) => a - b),
        50,
      );
    const freshRows = (draws: FirstDraw[], label: string): [string, string][] => [
      [
        `navigation → all drawn, ${label}`,
        `median ${ms(median(draws, 'drawn'))} of ${draws.length} (${draws.map((draw) => ms(draw.drawn)).join(' · ')}) (target < 1,500 ms)`,
      ],
      [
        `navigation → identified, ${label}`,
        `median ${ms(median(draws, 'identified'))} (${draws.map((draw) => ms(draw.identified)).join(' · ')}) (target < 2,000 ms)`,
      ],
      ...draws.map((draw, index): [string, string] => [`  ${label} ${index + 1}: where it went`, whereItWent(draw)]),
    ];
    printRows('Farola map benchmark', [
      ['devices', `${DEVICES} (${firstDraw['drawn']} marks drawn at the fleet's view: devices and clusters)`],
      [
        'fleet load (GET /fleet/columns)',
        `${(fleetBytes.encoded / 1e6).toFixed(2)} MB on the wire, ${(fleetBytes.decoded / 1e6).toFixed(2)} MB uncompressed${fleetBytesNote} (target < 4 MB)`,
      ],
      ...freshRows(freshDraws, 'fresh browser'),
      ...freshRows(slowDraws, `fresh browser, CPU ${CPU_SLOWDOWN}× slower`),
      [
        'CPU during the fresh loads',
        `${[...loadCpu.seconds]
          .filter(([, seconds]) => seconds > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([role, seconds]) => `${role} ${ms((seconds * 1000) / FRESH_BROWSERS)}`)
          .join(
            ' · ',
          )} per load of ${ms((loadCpu.wallSeconds * 1000) / FRESH_BROWSERS)} (2 cores: ${ms((loadCpu.wallSeconds * 2000) / FRESH_BROWSERS)} of CPU)`,
      ],
      [
        'navigation → all drawn, one browser',
        `${ms(firstDraws[0]!.drawn)} first, then ${firstDraws
          .slice(1)
          .map((draw) => ms(draw.drawn))
          .join(' · ')} (the console's files cached)`,
      ],
      ...firstDraws.map((draw, index): [string, string] => [
        `  navigation ${index + 1}: where it went`,
        whereItWent(draw),
      ]),
      ['  whole-fleet reads', `${answers.size} for ${firstDraws.length} navigations (any more are resyncs)`],
      ['pan redraw', `${pans.map((value) => value.toFixed(1)).join(' · ')} ms (target < 100 ms)`],
      ['zoom redraw', `${zooms.map((value) => value.toFixed(1)).join(' · ')} ms (target < 100 ms)`],
      ['live changes applied', `${live.applied} in ${LIVE_S} s (${CHANGES_PER_S}/s)`],
      [
        'live frames',
        `${frames.length} · p50 ${ms(percentile(frames, 50))} · p99 ${ms(percentile(frames, 99))} · max ${ms(frames.at(-1) ?? Number.NaN)} · over 50 ms: ${frames.filter((value) => value > 50).length}`,
      ],
      ['live draws', `p50 ${percentile(draws, 50).toFixed(1)} ms · max ${(draws.at(-1) ?? Number.NaN).toFixed(1)} ms`],
      ['browser JS heap', `${(heap / 1024 / 1024).toFixed(0)} MiB (target < 300 MB)`],
    ]);
  } finally {
    await browser.close();
  }
}

runBench(stack, main);
