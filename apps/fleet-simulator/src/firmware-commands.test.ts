import { randomUUID } from 'node:crypto';
import type { DownCommandMessage } from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { commandBench as bench } from './testing/command-bench';

describe('firmware on a simulated device', () => {
  it('upgrades to the next version with progress, then restarts on it', async () => {
    const { find, send, final, of, restarts } = bench();
    const device = find('orion', 'light-point');
    const before = device.firmwareVersion;
    const request = send(device, 'upgrade');
    expect(await final(request)).toMatchObject({ status: 'DONE', progress: 100 });
    const progress = of(request).map((a) => a.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBeGreaterThan(8);
    expect(device.firmwareVersion).not.toBe(before);
    expect(device.previousFirmware).toBe(before);
    await expect.poll(() => restarts).toEqual([device]);
  });

  it('leaves the device as it was when the upgrade is cancelled on the way, and answers no more', async () => {
    const { runner, find, send, of, progressed, settle, restarts } = bench();
    const device = find('orion', 'cabinet');
    const before = device.firmwareVersion;
    const request = send(device, 'upgrade');
    await progressed(request, 30);
    runner.cancel(device, request.requestId);
    const answered = of(request).length;
    await settle();
    expect(of(request)).toHaveLength(answered);
    expect(of(request).every((a) => a.status === 'IN_PROGRESS')).toBe(true);
    expect(device.firmwareVersion).toBe(before);
    expect(device.previousFirmware).toBeNull();
    expect(restarts).toEqual([]);
    // The server re-sending the cancelled request does not start it again.
    runner.handle(device, { ...request, attempt: 2 });
    await settle();
    expect(of(request)).toHaveLength(answered);
    expect(device.firmwareVersion).toBe(before);
  });

  it('never runs a command whose cancellation overtook it', async () => {
    const { runner, find, of, settle } = bench();
    const device = find('vega', 'light-point');
    const request: DownCommandMessage = {
      requestId: randomUUID(),
      command: 'upgrade',
      params: {},
      attempt: 1,
      ts: new Date().toISOString(),
    };
    runner.cancel(device, request.requestId);
    runner.handle(device, request);
    await settle();
    expect(of(request)).toEqual([]);
  });

  it('downloads an update, keeps it, and applies it on request', async () => {
    const { find, send, final, restarts } = bench();
    const device = find('vega', 'cabinet');
    const before = device.firmwareVersion;
    expect(await final(send(device, 'downloadUpdate'))).toMatchObject({ status: 'DONE' });
    expect(device.firmwareVersion).toBe(before);
    const kept = device.downloadedFirmware;
    expect(kept).toBeDefined();
    expect(await final(send(device, 'applyUpdate'))).toMatchObject({ status: 'DONE' });
    expect(device.firmwareVersion).toBe(kept);
    expect(device.downloadedFirmware).toBeUndefined();
    await expect.poll(() => restarts).toEqual([device]);
  });

  it('stops a download under way on cancelDownload; applying then finds nothing', async () => {
    const { find, send, final, progressed, settle } = bench();
    const device = find('orion', 'light-point');
    const before = device.firmwareVersion;
    const downloading = send(device, 'downloadUpdate');
    await progressed(downloading, 30);
    expect(await final(send(device, 'cancelDownload'))).toMatchObject({ status: 'DONE' });
    expect(await final(downloading)).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_ACCEPTABLE', message: 'Download cancelled on the device' },
    });
    await settle();
    expect(device.downloadedFirmware).toBeUndefined();
    expect(await final(send(device, 'applyUpdate'))).toMatchObject({ status: 'ERROR', error: { code: 'NOT_FOUND' } });
    expect(device.firmwareVersion).toBe(before);
  });

  it('refuses what the family lacks and versions that do not exist', async () => {
    const { find, send, final } = bench();
    const vega = find('vega', 'light-point');
    expect(await final(send(vega, 'cancelDownload'))).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } });
    expect(await final(send(vega, 'downloadUpdate', { version: '9.9.9' }))).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    expect(await final(send(vega, 'upgrade', { version: vega.firmwareVersion }))).toMatchObject({
      error: { code: 'NOT_ACCEPTABLE' },
    });
    expect(await final(send(find('orion', 'cabinet'), 'cancelDownload'))).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'There is no download to cancel' },
    });
  });

  it('forgets what it was doing when it restarts, so the server retry runs it again', async () => {
    const { runner, find, send, final, progressed } = bench();
    const device = find('orion', 'cabinet');
    const request = send(device, 'downloadUpdate');
    await progressed(request, 30);
    runner.abortAll(device);
    runner.handle(device, { ...request, attempt: 2 } as DownCommandMessage);
    expect(await final(request)).toMatchObject({ status: 'DONE' });
    expect(device.downloadedFirmware).toBeDefined();
  });
});
