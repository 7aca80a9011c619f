import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES as IDP_VARIABLES } from '../../apps/identity-provider/src/config';
import { ENV_VARIABLES as SIMULATOR_VARIABLES } from '../../apps/fleet-simulator/src/config';
import { ENV_VARIABLES as SERVER_VARIABLES } from '../../apps/realtime-server/src/config';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** The variables a Markdown table names in its first column (`NAME`, `A`, `B` …), in every table of the text. */
function documented(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const [, name] of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(name!);
  }
  return names;
}

// The schemas that read the environment are the one source; the documents must say the same.
describe('the environment variables in the documentation', () => {
  const all = new Set([...SERVER_VARIABLES, ...SIMULATOR_VARIABLES, ...IDP_VARIABLES]);
  const configuration = documented(read('docs/configuration.md'));

  it('docs/configuration.md lists every variable the server, the simulator and the identity provider read', () => {
    expect([...all].filter((name) => !configuration.has(name)).sort()).toEqual([]);
  });

  it('docs/configuration.md lists no variable that nothing reads', () => {
    expect([...configuration].filter((name) => !all.has(name)).sort()).toEqual([]);
  });

  it.each([
    ['apps/realtime-server/README.md', SERVER_VARIABLES],
    ['apps/fleet-simulator/README.md', SIMULATOR_VARIABLES],
    ['apps/identity-provider/README.md', IDP_VARIABLES],
  ] as const)('%s names every variable of its app', (file, variables) => {
    const text = read(file);
    expect(variables.filter((name) => !text.includes(`\`${name}\``)).sort()).toEqual([]);
  });
});
