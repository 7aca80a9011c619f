import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../testing/harness';

// Another site's page must not open a socket on a user's behalf; the console's own page and
// integrations (which send no Origin) may.
describe('the origin of a socket handshake', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const handshake = (headers: Record<string, string>) =>
    fetch(`${h.server.httpUrl}/lighting/socket.io/?EIO=4&transport=polling`, { headers });

  it("refuses a page of another site, and lets the console's own page and an integration in", async () => {
    const host = new URL(h.server.httpUrl).host;
    expect((await handshake({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await handshake({ origin: `http://${host}.evil.example` })).status).toBe(403);
    expect((await handshake({ origin: 'null' })).status).toBe(403);
    const own = await handshake({ origin: `http://${host}` });
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/"sid"/);
    expect((await handshake({})).status).toBe(200);
  });
});
