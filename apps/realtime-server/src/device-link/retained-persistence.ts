import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

/** The fields of a stored packet that a retained-message store reads. */
interface StoredPacket {
  topic: string;
  payload: Buffer;
}

/** The part of aedes-persistence's in-memory class overridden here; the package types only its factory. */
interface MemoryPersistence {
  storeRetained(packet: StoredPacket): Promise<void>;
  createRetainedStream(pattern: string): Readable;
  createRetainedStreamCombi(patterns: string[]): Readable;
  destroy(): Promise<void>;
}

const MemoryPersistence = createRequire(import.meta.url)(
  'aedes-persistence/asyncPersistence.js',
) as new () => MemoryPersistence;

/**
 * Whether an MQTT topic filter matches a topic: `+` one level, `#` this level and all below
 * (including the parent: `a/#` matches `a`). Filters starting with a wildcard do not match `$`
 * topics (MQTT 3.1.1, 4.7.2).
 */
export function topicMatches(filter: string, topic: string): boolean {
  if (topic.startsWith('$') && (filter.startsWith('+') || filter.startsWith('#'))) return false;
  const filterLevels = filter.split('/');
  const topicLevels = topic.split('/');
  for (let i = 0; i < filterLevels.length; i += 1) {
    const level = filterLevels[i];
    if (level === '#') return true;
    if (i >= topicLevels.length) return false;
    if (level !== '+' && level !== topicLevels[i]) return false;
  }
  return filterLevels.length === topicLevels.length;
}

const hasWildcard = (filter: string) => filter.includes('+') || filter.includes('#');

/**
 * Aedes' in-memory persistence with retained messages looked up by topic. The stock one scans
 * every retained message once per topic filter of a SUBSCRIBE: with a fleet of 100,000 devices
 * (100,000 retained announcements), a gateway subscribing to its 2,000 devices' command topics,
 * or the server asking for 2,000 missed announcements, meant 200 million topic comparisons on the
 * server's thread. Here a filter without wildcards is one map lookup, and the wildcard filters of
 * a SUBSCRIBE share a single pass; each retained message is delivered once per SUBSCRIBE.
 */
export class RetainedIndexPersistence extends MemoryPersistence {
  private readonly retained = new Map<string, StoredPacket>();

  override storeRetained(packet: StoredPacket): Promise<void> {
    if (packet.payload.length === 0) this.retained.delete(packet.topic);
    else this.retained.set(packet.topic, { ...packet });
    return Promise.resolve();
  }

  override createRetainedStream(pattern: string): Readable {
    return this.createRetainedStreamCombi([pattern]);
  }

  override createRetainedStreamCombi(patterns: string[]): Readable {
    return Readable.from(this.matching(patterns));
  }

  override async destroy(): Promise<void> {
    this.retained.clear();
    await super.destroy();
  }

  /** The number of retained messages held. */
  get retainedCount(): number {
    return this.retained.size;
  }

  private *matching(patterns: string[]): Generator<StoredPacket> {
    const wildcards = patterns.filter(hasWildcard);
    const sent = new Set<string>();
    for (const pattern of patterns) {
      if (hasWildcard(pattern) || sent.has(pattern)) continue;
      const packet = this.retained.get(pattern);
      if (!packet) continue;
      sent.add(pattern);
      yield packet;
    }
    if (wildcards.length === 0) return;
    for (const [topic, packet] of this.retained) {
      if (!sent.has(topic) && wildcards.some((filter) => topicMatches(filter, topic))) yield packet;
    }
  }
}
