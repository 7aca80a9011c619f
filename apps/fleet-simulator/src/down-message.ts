import type { Logger } from 'pino';
import { type DownMessage, DownMessageSchema } from '@farola/protocol';

/**
 * Parses and validates a down message's payload. A malformed one is logged and dropped rather than
 * thrown, because one bad publish on the broker must not take a simulated device down.
 */
export function parseDownMessage(topic: string, payload: Buffer, logger: Logger): DownMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    logger.warn({ topic }, 'ignored a down message that is not JSON');
    return undefined;
  }
  const message = DownMessageSchema.safeParse(json);
  if (!message.success) {
    logger.warn({ topic, issues: message.error.issues }, 'ignored an invalid down message');
    return undefined;
  }
  return message.data;
}
