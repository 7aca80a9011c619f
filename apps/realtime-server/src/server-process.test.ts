import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from './testing/harness';

describe('the server process', () => {
  let dir: string;
  let h: Harness;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'farola-start-'));
    const consoleDir = path.join(dir, 'console');
    await mkdir(path.join(consoleDir, 'assets'), { recursive: true });
    await writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><title>Farola</title>');
    await writeFile(path.join(consoleDir, 'assets', 'app-1234.js'), 'console.log(1)');
    h = await startHarness({ DATA_DIR: path.join(dir, 'pglite'), CONSOLE_DIR: consoleDir, MAP_ZOOM: '12' });
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves index.html for a console deep link and caches hashed assets for good', async () => {
    const deepLink = await fetch(`${h.server.httpUrl}/lighting/map/devices/abc?tab=details`);
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<title>Farola</title>');
    const asset = await fetch(`${h.server.httpUrl}/lighting/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const root = await fetch(`${h.server.httpUrl}/`, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/lighting/');
    const unknownApi = await fetch(`${h.server.httpUrl}/lighting/api/v1/nothing-here`);
    expect(await unknownApi.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('tells browsers and proxies to keep no copy of API answers', async () => {
    for (const path of ['health', 'v1/fleet/columns', 'v1/devices?limit=1', 'v1/nothing-here']) {
      const answer = await fetch(`${h.server.httpUrl}/lighting/api/${path}`);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it("serves the console's runtime configuration uncached", async () => {
    const answer = await fetch(`${h.server.httpUrl}/lighting/src/config.js?v=1`);
    expect(answer.headers.get('content-type')).toContain('application/javascript');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const script = await answer.text();
    const window: { __FAROLA_CONFIG__?: Record<string, string> } = {};
    new Function('window', script)(window);
    expect(window.__FAROLA_CONFIG__).toMatchObject({
      AUTH_DISABLED: 'true',
      MAP_ZOOM: '12',
      MAP_CENTER: '41.3874,2.1686',
    });
  });

  it('publishes an OpenAPI document naming every route and the error body', async () => {
    const { body } = await h.api('/v1/openapi.json');
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/devices',
        '/v1/devices/{id}/commands',
        '/v1/queued-requests/{id}/cancel',
        '/v1/fleet',
      ]),
    );
    expect(body.components.schemas.FleetList.properties.streams).toBeDefined();
    expect(body.components.schemas.ErrorBody.properties.error).toBeDefined();
  });

  it('writes every accepted report before closing, and finds it again after a restart', async () => {
    const serial = uniqueSerial('CLOSE');
    const id = await h.register(serial);
    const accepted = h.server.metrics.accepted;
    for (let i = 0; i < 20; i += 1) {
      await h.publish(serial, 'attributes', { ts: new Date(Date.now() + i).toISOString(), values: { dimming: i } });
    }
    await expect.poll(() => h.server.metrics.accepted).toBe(accepted + 20);
    await h.close();
    h = await startHarness({ DATA_DIR: path.join(dir, 'pglite') });
    const events = await h.api(`/v1/devices/${id}/events?type=DeviceAttributeValueUpdated&limit=100`);
    expect(events.body.total).toBe(20);
    expect((await h.api(`/v1/devices/${id}`)).body.attributes.dimming).toBe(19);
    expect((await h.api('/health')).body.devices).toBeGreaterThanOrEqual(1);
  });

  it("keeps each device's compact fleet state across a restart", async () => {
    const lamp = uniqueSerial('LAMP');
    const cabinet = uniqueSerial('CAB');
    const lampId = await h.register(lamp);
    const cabinetId = await h.register(cabinet, { deviceType: 'cabinet-controller' });
    const silentId = await h.register(uniqueSerial('SILENT'));
    await h.publish(lamp, 'attributes', { ts: new Date().toISOString(), values: { poweredOn: false } });
    await h.publish(cabinet, 'attributes', {
      ts: new Date().toISOString(),
      values: { outputs: [{ index: 1, on: true }] },
    });
    await h.publish(lamp, 'connection', { connected: false, ts: new Date().toISOString() });
    await expect.poll(async () => (await h.api(`/v1/fleet?deviceId=${lampId}`)).body.items[0].connected).toBe(false);
    await h.close();
    h = await startHarness({ DATA_DIR: path.join(dir, 'pglite') });
    const { body } = await h.api(`/v1/fleet?deviceId=${lampId}&deviceId=${cabinetId}&deviceId=${silentId}`);
    const state = (id: string) => body.items.find((item: { deviceId: string }) => item.deviceId === id);
    expect(state(lampId)).toMatchObject({ connected: false, on: false });
    expect(state(cabinetId)).toMatchObject({ connected: true, on: true, deviceType: 'cabinet-controller' });
    expect(state(silentId)).toMatchObject({ connected: true, on: null });
  });
});
