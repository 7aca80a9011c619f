import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { DEMO_PROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, subscribe, uniqueSerial } from '../testing/harness';

/** One masked WebSocket text frame, as a client must send it. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const length =
    payload.length < 126
      ? Buffer.from([0x80 | payload.length])
      : Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x81]), length, mask, masked]);
}

/**
 * A Socket.IO client on a raw WebSocket that subscribes to a whole project and then never reads
 * again, like a stalled integration: what the server sends it piles up on the server.
 */
async function clientThatNeverReads(httpUrl: string): Promise<net.Socket> {
  const { port } = new URL(httpUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const until = async (text: string) => {
    const deadline = Date.now() + 5000;
    while (!received.includes(text)) {
      if (Date.now() > deadline) throw new Error(`no ${text} from the server`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  socket.write(
    `GET /lighting/socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
      'Sec-WebSocket-Version: 13\r\n\r\n',
  );
  await until('"sid"');
  socket.write(textFrame('40'));
  await until('session');
  socket.write(textFrame(`421["subscribe",{"projectIds":["${DEMO_PROJECT_ID}"]}]`));
  await until('431[');
  socket.pause();
  return socket;
}

describe('a Socket.IO client that never reads', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ SOCKET_MAX_BUFFERED_BYTES: String(64 * 1024) });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is disconnected once its outgoing buffer passes the cap, while a reading client stays', async () => {
    const serial = uniqueSerial('FLOOD');
    await h.register(serial);
    const reader = await h.socket();
    await subscribe(reader, { projectIds: [DEMO_PROJECT_ID] });
    let readerDropped = false;
    reader.on('disconnect', () => {
      readerDropped = true;
    });
    const stalled = await clientThatNeverReads(h.server.httpUrl);
    const health = async () => (await h.api('/health')).body;
    const others = (await health()).sockets - 2; // the harness's own watcher
    expect(others).toBeGreaterThanOrEqual(0);

    // About 700 bytes per report: a few megabytes fill the kernel's socket buffers, then the server's.
    const values = { apn: 'x'.repeat(100), ipAddresses: Array.from({ length: 8 }, () => '2001:db8::'.padEnd(60, 'f')) };
    let rounds = 0;
    while ((await health()).realtime.slowConsumersDisconnected === 0) {
      rounds += 1;
      if (rounds > 60) throw new Error('the stalled client was never disconnected');
      for (let i = 0; i < 500; i += 1) {
        void h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { ...values, dimming: i % 100 } });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await expect.poll(async () => (await health()).sockets).toBe(others + 1);
    expect(readerDropped).toBe(false);
    expect(reader.connected).toBe(true);
    stalled.destroy();
  });
});
