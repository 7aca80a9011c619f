import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, SUPPORTED_COMMANDS, supportsCommand } from './commands';

/** The support matrix as docs/api.md shows it, rendered from SUPPORTED_COMMANDS. */
function supportTable(): string {
  const columns = [
    ['orion', 'light-point-controller'],
    ['orion', 'cabinet-controller'],
    ['vega', 'light-point-controller'],
    ['vega', 'cabinet-controller'],
  ] as const;
  const rows = COMMAND_NAMES.map(
    (command) =>
      `| \`${command}\` | ${columns.map(([vendor, type]) => (supportsCommand(vendor, type, command) ? 'yes' : '—')).join(' | ')} |`,
  );
  return [
    '| command | Orion light point | Orion cabinet | Vega light point | Vega cabinet |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

describe('the documented command support', () => {
  it('is SUPPORTED_COMMANDS, command by command', () => {
    const docs = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    expect(Object.keys(SUPPORTED_COMMANDS)).toEqual(['orion', 'vega']);
    expect(docs).toContain(supportTable());
  });
});
