import { parentPort } from 'node:worker_threads';
import { yearPreview } from '@farola/protocol/schedule-engine';
import type { PreviewReply, PreviewRequest } from './preview-thread';

/**
 * Year previews in their own thread: each costs about 0.4 s of CPU (53,000 calendar-engine calls),
 * which on the server's event loop would hold up sockets and MQTT meanwhile.
 */
const port = parentPort!;
port.on('message', ({ id, schedule, place, year }: PreviewRequest) => {
  let reply: PreviewReply;
  try {
    reply = { id, preview: yearPreview(schedule, place, year) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
