import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { topics } from '@farola/protocol';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/database';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';
import { legacyScryptHash } from '../../testing/scrypt-hash';
import { useFreshCluster } from '../../testing/fresh-cluster';

// These tests run the migrations themselves.
useFreshCluster();

/** The stored hashes of these user names, read from the (stopped) server's data folder. */
async function storedHashes(dir: string, usernames: string[]): Promise<Record<string, string>> {
  const db = await openPglite(dir);
  try {
    const rows = await db.query<{ username: string; password_hash: string }>(
      'SELECT username, password_hash FROM device_credentials WHERE username = ANY($1::text[])',
      [usernames],
    );
    return Object.fromEntries(rows.map((row) => [row.username, row.password_hash]));
  } finally {
    await db.close();
  }
}

async function storeHash(dir: string, username: string, passwordHash: string): Promise<void> {
  const db = await openPglite(dir);
  try {
    await db.query('UPDATE device_credentials SET password_hash = $2 WHERE username = $1', [username, passwordHash]);
  } finally {
    await db.close();
  }
}

describe('credentials stored as scrypt hashes before keyed hashes', () => {
  let dir: string;
  let h: Harness | null = null;
  const lightPoint = (serialNumber: string, projectId: string) => ({
    serialNumber,
    deviceType: 'light-point-controller',
    vendor: 'orion',
    projectId,
    name: `Lamp ${serialNumber}`,
  });
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'farola-credentials-'));
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keep verifying, are rehashed on the first sign-in, and the device that signed in stays connected', async () => {
    h = await startHarness({ DATA_DIR: dir });
    const project = (await h.api('/v1/projects')).body.items[0].id as string;
    const serials = [uniqueSerial('OLD'), uniqueSerial('OLD')];
    const { body } = await h.api('/v1/devices/batch', {
      method: 'POST',
      body: JSON.stringify({ devices: serials.map((serial) => lightPoint(serial, project)) }),
    });
    const passwords = body.items.map((item: { credentials: { password: string } }) => item.credentials.password);
    await h.close();
    h = null;
    // A database from before: the passwords' scrypt hashes, as the server stored them then.
    const fresh = await storedHashes(dir, serials);
    expect(fresh[serials[0]!]).toMatch(/^hmac-sha256\$/);
    for (const [i, serial] of serials.entries()) await storeHash(dir, serial, legacyScryptHash(passwords[i]));

    h = await startHarness({ DATA_DIR: dir });
    const device = await mqtt.connectAsync(h.server.mqttUrl, {
      clientId: serials[0]!,
      username: serials[0]!,
      password: passwords[0],
      reconnectPeriod: 0,
    });
    let closed = false;
    device.on('close', () => (closed = true));
    // Past the rehash's write (200 ms), the device still reports on the same connection.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const registration = { deviceType: 'light-point-controller', vendor: 'orion' };
    await device.publishAsync(topics.up(serials[0]!, 'connection'), JSON.stringify({ connected: true, registration }), {
      qos: 1,
    });
    const id = body.items[0].deviceId as string;
    await expect.poll(async () => (await h!.api(`/v1/devices/${id}`)).body.connected).toBe(true);
    expect(closed).toBe(false);
    expect(device.connected).toBe(true);
    await device.endAsync();
    await h.close();
    h = null;

    const upgraded = await storedHashes(dir, serials);
    expect(upgraded[serials[0]!]).toMatch(/^hmac-sha256\$/);
    // A device that has not signed in since keeps its scrypt hash, which still verifies.
    expect(upgraded[serials[1]!]).toMatch(/^scrypt\$/);

    h = await startHarness({ DATA_DIR: dir });
    for (const [i, serial] of serials.entries()) {
      const again = await mqtt.connectAsync(h.server.mqttUrl, {
        clientId: serial,
        username: serial,
        password: passwords[i],
        reconnectPeriod: 0,
      });
      await again.endAsync();
    }
  }, 120_000);
});
