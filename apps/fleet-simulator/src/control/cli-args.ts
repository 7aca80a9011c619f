import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** What a command line asks of the control interface, and how to show the answer. */
export interface CliRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  show: 'help' | 'fleet' | 'device' | 'clock' | 'action' | 'scenarios' | 'scenario' | 'run';
  json: boolean;
}

/** A command line that cannot be understood (exit code 2). */
export class UsageError extends Error {}

export const USAGE = `Usage: npm run sim -- <command> [options]

Talks to the simulator's control interface at SIM_CONTROL_URL (default http://127.0.0.1:8090,
the port npm start gives it). Times are simulated: the fleet's clock runs SIM_SPEED times faster.

Commands:
  help                        this text, and the actions the simulator offers
  fleet                       devices, how many are online, the clock
  device <serial>             a device's spec, state and injected failures (JSON)
  clock                       the simulated time and speed
  clock set <time>            ISO-8601, 'sunset-20s', 'sunrise+1h' (the next one) or '+2h'
  clock advance <minutes>     moves the clock ahead (negative: back)
  act <action> [target] [--param key=value ...]
                              runs an action on the devices the target names; the target:
      --serial S (repeat it)  --kind light-point|cabinet  --vendor orion|vega  --district D
      --cabinet S (it and the light points it feeds)  --street S  --operate-mode 005
      --share 0.1 (a seeded random part)  --limit N (the first N)
    --param key=value         a parameter, read as JSON when it parses, else as text;
                              a dotted key nests: --param params.closed=true
  scenario list               the shipped scenarios and the runs
  scenario <name>             runs a shipped scenario
  scenario <file.json>        runs a scenario file of yours (see docs/simulator.md)
  scenario show <name>        a scenario's steps and its latest run
  scenario stop <name>        stops a running scenario

Options:
  --json                      prints the simulator's answer as it is (with npm run -s)

Examples:
  npm run sim -- clock set sunset-20s
  npm run sim -- act inject-fault --street "Avinguda Diagonal" --limit 3 --param fault=lampFailure
  npm run sim -- act set-condition --kind cabinet --district Gràcia --param condition=batteryMode --param on=true --param minutes=40
  npm run sim -- act set-command-failure-rate --share 0.2 --param rate=1 --param 'commands=["upgrade"]'
  npm run sim -- scenario storm-outage

Exit codes: 0 done; 1 the simulator refused the request (its message is shown) or did not answer;
2 the command line is wrong.`;

const OPTIONS = {
  serial: { type: 'string', multiple: true },
  kind: { type: 'string' },
  vendor: { type: 'string' },
  district: { type: 'string' },
  cabinet: { type: 'string' },
  street: { type: 'string' },
  'operate-mode': { type: 'string' },
  share: { type: 'string' },
  limit: { type: 'string' },
  param: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

const ACT_ONLY = [
  'serial',
  'kind',
  'vendor',
  'district',
  'cabinet',
  'street',
  'operate-mode',
  'share',
  'limit',
  'param',
];

function numberOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new UsageError(`--${name} takes a number, not '${text}'`);
  return value;
}

/** `key=value`: the value as JSON when it parses ('true', '40', '["upgrade"]'), else as text. */
function readParam(params: Record<string, unknown>, pair: string): void {
  const equals = pair.indexOf('=');
  if (equals <= 0) throw new UsageError(`--param takes key=value, not '${pair}'`);
  const keys = pair.slice(0, equals).split('.');
  const text = pair.slice(equals + 1);
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the text itself.
  }
  let holder = params;
  for (const key of keys.slice(0, -1)) {
    const inner = holder[key];
    holder = typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : (holder[key] = {});
  }
  holder[keys.at(-1)!] = value;
}

function targetOf(values: Values): Record<string, unknown> {
  const target: Record<string, unknown> = {
    serials: values.serial,
    kind: values.kind,
    vendor: values.vendor,
    district: values.district,
    cabinet: values.cabinet,
    street: values.street,
    operateMode: values['operate-mode'],
    share: numberOption('share', values.share),
    limit: numberOption('limit', values.limit),
  };
  return Object.fromEntries(Object.entries(target).filter(([, value]) => value !== undefined));
}

function actRequest(args: string[], values: Values): Omit<CliRequest, 'json'> {
  const [name, ...extra] = args;
  if (!name) throw new UsageError('act needs an action: npm run sim -- help lists them');
  if (extra.length > 0) throw new UsageError(`act takes one action; unexpected '${extra.join(' ')}'`);
  const params: Record<string, unknown> = {};
  for (const pair of values.param ?? []) readParam(params, pair);
  return { method: 'POST', path: '/actions', body: { action: name, target: targetOf(values), params }, show: 'action' };
}

function clockRequest(args: string[]): Omit<CliRequest, 'json'> {
  const [verb, value, ...extra] = args;
  if (extra.length > 0) throw new UsageError(`clock: unexpected '${extra.join(' ')}'`);
  if (verb === undefined) return { method: 'GET', path: '/clock', show: 'clock' };
  if (value === undefined) throw new UsageError(`clock ${verb} needs a value`);
  if (verb === 'set') return { method: 'PUT', path: '/clock', body: { time: value }, show: 'clock' };
  if (verb === 'advance') {
    return { method: 'PUT', path: '/clock', body: { advanceMinutes: numberOption('advance', value) }, show: 'clock' };
  }
  throw new UsageError(`clock takes set <time> or advance <minutes>, not '${verb}'`);
}

function scenarioRequest(args: string[]): Omit<CliRequest, 'json'> {
  const [first, second, ...extra] = args;
  if (extra.length > 0) throw new UsageError(`scenario: unexpected '${extra.join(' ')}'`);
  if (first === undefined)
    throw new UsageError('scenario needs a name, a .json file, list, show <name> or stop <name>');
  const named = (verb: string) => {
    if (second === undefined) throw new UsageError(`scenario ${verb} needs a scenario name`);
    return `/scenarios/${encodeURIComponent(second)}`;
  };
  if (first === 'list' && second === undefined) return { method: 'GET', path: '/scenarios', show: 'scenarios' };
  if (first === 'show') return { method: 'GET', path: named('show'), show: 'scenario' };
  if (first === 'stop') return { method: 'DELETE', path: named('stop'), show: 'run' };
  if (second !== undefined) throw new UsageError(`scenario ${first}: unexpected '${second}'`);
  if (!first.endsWith('.json')) return { method: 'POST', path: `/scenarios/${encodeURIComponent(first)}`, show: 'run' };
  let scenario: unknown;
  try {
    scenario = JSON.parse(readFileSync(first, 'utf8'));
  } catch (error) {
    throw new UsageError(`Cannot read the scenario ${first}: ${(error as Error).message}`);
  }
  const name = path.basename(first, '.json').toLowerCase();
  return { method: 'POST', path: '/scenarios', body: { name, ...(scenario as object) }, show: 'run' };
}

/**
 * Reads a command line (the arguments after `npm run sim --`) into the request it stands for.
 * Throws UsageError when it cannot.
 *
 * @example
 * parseCommand(['act', 'reboot', '--district', 'Gràcia', '--share', '0.1']);
 * // { method: 'POST', path: '/actions', body: { action: 'reboot', target: { district: 'Gràcia', share: 0.1 }, params: {} }, … }
 */
export function parseCommand(argv: readonly string[]): CliRequest {
  // A negative number of minutes is no option: after '--' it stays a positional argument.
  const negative = argv.findIndex((arg, i) => argv[i - 1] === 'advance' && /^-\d+(\.\d+)?$/.test(arg));
  const args = negative < 0 ? [...argv] : [...argv.filter((_, i) => i !== negative), '--', argv[negative]!];
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command = 'help', ...rest] = values.help ? ['help'] : positionals;
  const json = values.json ?? false;
  if (command !== 'act') {
    const misplaced = ACT_ONLY.find((name) => values[name as keyof Values] !== undefined);
    if (misplaced) throw new UsageError(`--${misplaced} goes with act only`);
  }
  const noArgs = (request: Omit<CliRequest, 'json'>) => {
    if (rest.length > 0) throw new UsageError(`${command} takes no arguments; unexpected '${rest.join(' ')}'`);
    return { ...request, json };
  };
  switch (command) {
    case 'help':
      return { method: 'GET', path: '/', show: 'help', json };
    case 'fleet':
      return noArgs({ method: 'GET', path: '/fleet', show: 'fleet' });
    case 'device': {
      const [serial, ...extra] = rest;
      if (!serial || extra.length > 0) throw new UsageError('device takes one serial number');
      return { method: 'GET', path: `/devices/${encodeURIComponent(serial)}`, show: 'device', json };
    }
    case 'clock':
      return { ...clockRequest(rest), json };
    case 'act':
      return { ...actRequest(rest, values), json };
    case 'scenario':
      return { ...scenarioRequest(rest), json };
    default:
      throw new UsageError(`Unknown command '${command}'`);
  }
}
