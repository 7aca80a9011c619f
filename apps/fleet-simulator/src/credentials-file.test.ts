import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CredentialsFile } from './credentials-file';

const THIS_DATABASE = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const OTHER_DATABASE = '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';
const credentialsOf = (username: string, password = `${username}-secret`) => ({ username, password });

describe('the credentials file', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sim-credentials-'));
    file = path.join(dir, 'nested', 'simulator-credentials.json');
  });

  const written = async () =>
    JSON.parse(await readFile(file, 'utf8')) as { installationId?: string; credentials: Record<string, unknown> };

  it('reuses the credentials a previous start saved for the same database', async () => {
    const first = await CredentialsFile.open(file, THIS_DATABASE);
    first.set('SIM-OR-LP-000001', credentialsOf('SIM-OR-LP-000001'));
    await first.save();

    const again = await CredentialsFile.open(file, THIS_DATABASE);
    expect(again.get('SIM-OR-LP-000001')).toEqual(credentialsOf('SIM-OR-LP-000001'));
    expect(again.stale).toBeNull();
  });

  it('leaves unused the credentials of a file made for another database, says so, and replaces it', async () => {
    const old = await CredentialsFile.open(file, OTHER_DATABASE);
    old.set('SIM-OR-LP-000001', credentialsOf('SIM-OR-LP-000001', 'from-the-old-database'));
    old.set('SIM-GW-0001', credentialsOf('SIM-GW-0001'));
    await old.save();

    const store = await CredentialsFile.open(file, THIS_DATABASE);
    expect(store.get('SIM-OR-LP-000001')).toBeUndefined();
    expect(store.get('SIM-GW-0001')).toBeUndefined();
    expect(store.stale).toEqual({ madeFor: OTHER_DATABASE, count: 2 });

    store.set('SIM-OR-LP-000001', credentialsOf('SIM-OR-LP-000001', 'fresh'));
    await store.save();
    expect(await written()).toEqual({
      installationId: THIS_DATABASE,
      credentials: { 'SIM-OR-LP-000001': credentialsOf('SIM-OR-LP-000001', 'fresh') },
    });
  });

  it('leaves unused a file that names no database, as simulators wrote before they knew it', async () => {
    const older = path.join(dir, 'older.json');
    await writeFile(older, JSON.stringify({ credentials: { A: credentialsOf('A') } }));
    const store = await CredentialsFile.open(older, THIS_DATABASE);
    expect(store.get('A')).toBeUndefined();
    expect(store.stale).toEqual({ madeFor: null, count: 1 });
  });

  it('starts empty, with nothing to report, from a missing or unreadable file', async () => {
    expect((await CredentialsFile.open(file, THIS_DATABASE)).stale).toBeNull();
    const garbled = path.join(dir, 'garbled.json');
    await writeFile(garbled, '{"credentials": ');
    const store = await CredentialsFile.open(garbled, THIS_DATABASE);
    expect(store.get('A')).toBeUndefined();
    expect(store.stale).toBeNull();
  });

  it('completes saves asked for at once, one after another, and the file holds the last state', async () => {
    const store = await CredentialsFile.open(file, THIS_DATABASE);
    const saves: Promise<void>[] = [];
    for (let n = 1; n <= 20; n += 1) {
      store.set(`SIM-OR-LP-${n}`, credentialsOf(`SIM-OR-LP-${n}`));
      if (n % 3 === 0) store.delete(`SIM-OR-LP-${n - 1}`);
      saves.push(store.save());
      // Let some saves start before the next change, as renewals that finish at different times do.
      if (n % 4 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all(saves)).resolves.toBeDefined();

    const deleted = new Set([2, 5, 8, 11, 14, 17]);
    const expected = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => i + 1)
        .filter((n) => !deleted.has(n))
        .map((n) => [`SIM-OR-LP-${n}`, credentialsOf(`SIM-OR-LP-${n}`)]),
    );
    expect(await written()).toEqual({ installationId: THIS_DATABASE, credentials: expected });
    expect(await readdir(path.dirname(file))).toEqual(['simulator-credentials.json']);
  });

  it('writes the file readable by its owner only', async () => {
    const store = await CredentialsFile.open(file, THIS_DATABASE);
    store.set('A', credentialsOf('A'));
    await store.save();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
