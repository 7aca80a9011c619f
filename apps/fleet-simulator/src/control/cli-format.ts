/** How the CLI shows the control interface's answers to a person. */

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are JSON, read field by field
type Answer = Record<string, any>;

const MAX_CHOICES = 8;

function choices(values: unknown[]): string {
  const shown = values.slice(0, MAX_CHOICES).map(String).join('|');
  return values.length > MAX_CHOICES ? `${shown}|…` : shown;
}

function typeOf(schema: JsonSchema, consts: unknown[]): string {
  if (consts.length > 0) return choices(consts);
  if (schema.enum) return choices(schema.enum);
  if (schema.type === 'array' && schema.items) return `[${typeOf(schema.items, [])}, …]`;
  if (schema.type === 'number' || schema.type === 'integer') {
    const min = schema.minimum ?? schema.exclusiveMinimum;
    return min === undefined && schema.maximum === undefined
      ? schema.type
      : `${schema.type} ${min ?? ''}–${schema.maximum ?? ''}`;
  }
  return schema.type ?? 'any';
}

/** One line per parameter: name (? when optional), its values or range, its default. */
export function describeParams(schema: JsonSchema): string[] {
  const variants = schema.oneOf ?? schema.anyOf ?? [schema];
  const names = [...new Set(variants.flatMap((variant) => Object.keys(variant.properties ?? {})))];
  return names.map((name) => {
    const forms = variants.flatMap((variant) => (variant.properties?.[name] ? [variant.properties[name]] : []));
    const consts = forms.flatMap((form) => (form.const === undefined ? [] : [form.const]));
    const required = variants.every((variant) => variant.required?.includes(name));
    const first = forms[0]!;
    const fallback = first.default === undefined ? '' : ` (default ${JSON.stringify(first.default)})`;
    return `${name}${required ? '' : '?'}: ${typeOf(first, consts)}${fallback}`;
  });
}

function showActions(index: Answer): string {
  const lines = [`Actions (simulated time now ${index['clock']['now']}, ${index['clock']['speed']}× the wall clock):`];
  for (const action of index['actions'] as Answer[]) {
    lines.push(`  ${action['name']} [${(action['kinds'] as string[]).join(', ')}]`, `      ${action['summary']}`);
    const params = describeParams(action['params'] as JsonSchema);
    if (params.length > 0) lines.push(`      --param ${params.join('\n      --param ')}`);
  }
  return lines.join('\n');
}

const MAX_SKIPPED_SHOWN = 10;

function showAction(result: Answer): string {
  const { action, matched, applied, skipped } = result;
  const lines = [`${action}: ${matched} matched, ${applied.length} applied, ${skipped.length} skipped`];
  for (const { serialNumber, reason } of (skipped as Answer[]).slice(0, MAX_SKIPPED_SHOWN)) {
    lines.push(`  skipped ${serialNumber}: ${reason}`);
  }
  if (skipped.length > MAX_SKIPPED_SHOWN) lines.push(`  … and ${skipped.length - MAX_SKIPPED_SHOWN} more skipped`);
  return lines.join('\n');
}

function showStep(step: Answer): string {
  const parts = [`  step ${step['step']} at +${step['atMinutes']}m (simulated ${step['ranAt']})`];
  if (step['clock']) parts.push(`clock set to ${step['clock']}`);
  const result = step['result'];
  if (result)
    parts.push(`${result.action}: ${result.matched} matched, ${result.applied} applied, ${result.skipped} skipped`);
  if (step['error']) parts.push(`failed: ${step['error']}`);
  return `${parts.join('; ')}${step['note'] ? ` (${step['note']})` : ''}`;
}

function showRun(run: Answer): string {
  const log = run['log'] as Answer[];
  const head = `${run['name']}: ${run['state']}, ${log.length} of ${run['steps']} steps run (started at simulated ${run['startedAt']})`;
  return [head, ...log.map(showStep)].join('\n');
}

function showScenarios(answer: Answer): string {
  const lines = ['Scenarios:'];
  for (const scenario of answer['scenarios'] as Answer[]) {
    if (scenario['error']) {
      lines.push(`  ${scenario['name']}: does not validate: ${scenario['error']}`);
      continue;
    }
    lines.push(`  ${scenario['name']} (${scenario['steps']} steps over ${scenario['lastsMinutes']} simulated minutes)`);
    lines.push(`      ${scenario['description']}`);
  }
  const runs = answer['runs'] as Answer[];
  if (runs.length > 0) lines.push('Runs:', ...runs.map((run) => `  ${showRun(run).split('\n')[0]}`));
  return lines.join('\n');
}

function showScenario(answer: Answer): string {
  const lines: string[] = [];
  if (answer['scenario']) lines.push(JSON.stringify(answer['scenario'], null, 2));
  lines.push(answer['run'] ? showRun(answer['run']) : `${answer['name']}: not run yet`);
  return lines.join('\n');
}

const clockLine = (clock: Answer) => `simulated time ${clock['now']}, running at ${clock['speed']}× the wall clock`;

/** The answer to show for a request, as text. */
export function format(show: string, answer: Answer): string {
  switch (show) {
    case 'help':
      return showActions(answer);
    case 'fleet':
      return [
        `${answer['devices']} devices (${answer['lightPoints']} light points, ${answer['cabinets']} cabinets), ${answer['online']} online`,
        clockLine(answer['clock']),
      ].join('\n');
    case 'clock':
      return clockLine(answer);
    case 'action':
      return showAction(answer);
    case 'scenarios':
      return showScenarios(answer);
    case 'scenario':
      return showScenario(answer);
    case 'run':
      return showRun(answer);
    default:
      return JSON.stringify(answer, null, 2);
  }
}
