import type { QueuedRequest } from '@farola/protocol';

/**
 * The requests in progress this process follows, by id and by device: a cache of the database's
 * `IN_PROGRESS` rows, so that a device's connection change finds its requests without a query.
 */
export class ActiveRequests {
  private readonly byId = new Map<string, QueuedRequest>();
  private readonly byDevice = new Map<string, Set<string>>();

  get(id: string): QueuedRequest | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Adds a request, or replaces it with a later state of itself (its device never changes). */
  set(request: QueuedRequest): void {
    if (!this.byId.has(request.id)) {
      const ids = this.byDevice.get(request.deviceId) ?? new Set<string>();
      ids.add(request.id);
      this.byDevice.set(request.deviceId, ids);
    }
    this.byId.set(request.id, request);
  }

  delete(id: string): void {
    const request = this.byId.get(id);
    if (!request) return;
    this.byId.delete(id);
    const ids = this.byDevice.get(request.deviceId);
    ids?.delete(id);
    if (ids?.size === 0) this.byDevice.delete(request.deviceId);
  }

  /** The ids of the device's requests in progress (a copy: callers may change the set meanwhile). */
  idsOf(deviceId: string): string[] {
    return [...(this.byDevice.get(deviceId) ?? [])];
  }

  values(): IterableIterator<QueuedRequest> {
    return this.byId.values();
  }
}
