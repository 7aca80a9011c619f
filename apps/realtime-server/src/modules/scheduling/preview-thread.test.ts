import type { Schedule } from '@farola/protocol';
import { scheduleChecks, yearEnergy, yearPreview } from '@farola/protocol/schedule-engine';
import { afterAll, describe, expect, it } from 'vitest';
import { PreviewThread } from './preview-thread';

const PROGRAM_ID = '5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10';
const SCHEDULE: Schedule = {
  calendar: {
    id: 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c55',
    name: 'Every day',
    astronomical: true,
    rules: [{ repetition: 'daily', startDate: '2000-01-01', programId: PROGRAM_ID }],
  },
  programs: [{ id: PROGRAM_ID, name: 'Night', intervals: [{ start: '20:00', dimming: 80, fadingMinutes: 10 }] }],
};
const PLACE = { latitude: 41.39, longitude: 2.17, timezone: 'Europe/Madrid' };

describe('the year-preview thread', () => {
  const thread = new PreviewThread();
  afterAll(() => thread.stop());

  it('answers what the engine computes, and again after its thread was stopped', async () => {
    const expected = yearPreview(SCHEDULE, PLACE, 2027);
    const [first, second] = await Promise.all([
      thread.preview(SCHEDULE, PLACE, 2027),
      thread.preview(SCHEDULE, { ...PLACE, latitude: 60 }, 2027),
    ]);
    expect(first).toEqual(expected);
    expect(second.burnHours).not.toBe(first.burnHours);
    await thread.stop();
    expect(await thread.preview(SCHEDULE, PLACE, 2027)).toEqual(expected);
  });

  it("answers a year's energy from the same preview, for the rated power and price asked", async () => {
    const energy = await thread.energy(SCHEDULE, PLACE, 2027, { ratedPowerW: 250, pricePerKWh: 0.3 });
    const preview = yearPreview(SCHEDULE, PLACE, 2027);
    expect(energy).toEqual({ ...yearEnergy(preview, 250, 0.3), checks: scheduleChecks(preview) });
    expect(energy.energyKWh).toBeGreaterThan(0);
  });
});
