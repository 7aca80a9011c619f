import { parseStream, type StreamScope, SUBSCRIPTION_FIELDS, type Subscription } from '@farola/protocol';

/** The `subscribe` (or `unsubscribe`) body naming detailed streams: each id in its kind's scope's field. */
export function subscriptionOf(addresses: readonly string[]): Subscription {
  const body: Partial<Record<(typeof SUBSCRIPTION_FIELDS)[StreamScope], string[]>> = {};
  for (const address of addresses) {
    const parsed = parseStream(address);
    if (!parsed) continue;
    (body[SUBSCRIPTION_FIELDS[parsed.definition.scope]] ??= []).push(parsed.id);
  }
  return body as Subscription;
}

/**
 * The detailed streams the views hold, counted: one is subscribed on the server when the first
 * view holds it and unsubscribed when the last one lets go. Streams that are not detailed (the
 * socket is in them from connect) are not counted.
 *
 * @example
 * const holds = new StreamHolds({ subscribe: (addresses) => send('subscribe', addresses), unsubscribe });
 * holds.hold(streams.device(id)); // subscribes
 * holds.hold(streams.device(id)); // already subscribed
 */
export class StreamHolds {
  private readonly held = new Map<string, number>();

  constructor(
    private readonly server: {
      subscribe(addresses: readonly string[]): void;
      unsubscribe(address: string): void;
    },
  ) {}

  hold(address: string): void {
    if (!parseStream(address)?.definition.detailed) return;
    const holders = this.held.get(address) ?? 0;
    this.held.set(address, holders + 1);
    if (holders === 0) this.server.subscribe([address]);
  }

  release(address: string): void {
    const holders = this.held.get(address);
    if (holders === undefined) return;
    if (holders > 1) return void this.held.set(address, holders - 1);
    this.held.delete(address);
    this.server.unsubscribe(address);
  }

  /** The streams held now. */
  addresses(): string[] {
    return [...this.held.keys()];
  }
}
