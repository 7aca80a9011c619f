import { parentPort } from 'node:worker_threads';
import { scheduleChecks, type YearPreview, yearEnergy, yearPreview } from '@farola/protocol/schedule-engine';
import type { PreviewReply, PreviewRequest } from './preview-thread';

/**
 * Year previews in their own thread: each costs about 0.4 s of CPU (53,000 calendar-engine calls),
 * which on the server's event loop would hold up sockets and MQTT meanwhile. The last few are kept:
 * a group's preview dialog asks for the heatmap and the energy of the same year at the same place.
 */
const KEPT = 8;
const recent = new Map<string, YearPreview>();

function previewOf({ schedule, place, year }: PreviewRequest): YearPreview {
  const key = JSON.stringify([schedule, place, year]);
  const kept = recent.get(key);
  const preview = kept ?? yearPreview(schedule, place, year);
  // Newest last: a Map iterates in insertion order, so the first key is the one used longest ago.
  recent.delete(key);
  recent.set(key, preview);
  if (recent.size > KEPT) recent.delete(recent.keys().next().value!);
  return preview;
}

const port = parentPort!;
port.on('message', (request: PreviewRequest) => {
  const { id, energy } = request;
  let reply: PreviewReply;
  try {
    const preview = previewOf(request);
    reply = energy
      ? {
          id,
          energy: { ...yearEnergy(preview, energy.ratedPowerW, energy.pricePerKWh), checks: scheduleChecks(preview) },
        }
      : { id, preview };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
