import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { buildDevice, buildRequest } from '@/lib/api/data-generators';
import { RECENT_REQUESTS } from './api';
import { deviceRequestIdsAtomFamily } from './atoms';
import { putRequests } from './request-writer';

describe('putRequests', () => {
  it("lists only a device's most recent requests, newest first", () => {
    const store = createStore();
    const device = buildDevice({ seed: 821 });
    const requests = Array.from({ length: RECENT_REQUESTS + 5 }, (_, index) =>
      buildRequest({ seed: 900 + index, deviceId: device.id }),
    );
    putRequests(store, requests);
    const ids = store.get(deviceRequestIdsAtomFamily(device.id));
    expect(ids).toHaveLength(RECENT_REQUESTS);
    expect(ids[0]).toBe(requests.at(-1)?.id);
  });
});
