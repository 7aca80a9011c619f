import { describe, expect, it } from 'vitest';
import { buildRequest } from '@/lib/api/data-generators';
import { isCalendarManaged, latestScheduleRequest } from '@/lib/requests/schedule-requests';

const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 12, minutes)).toISOString();

describe("the device's latest schedule request", () => {
  it('finds a calendar applied long ago, beyond the recent requests, and says a calendar manages the device', () => {
    const calendar = buildRequest({ seed: 1, command: 'createCalendar', status: 'DONE', createdAt: at(0) });
    const recent = Array.from({ length: 20 }, (_, i) =>
      buildRequest({ seed: 10 + i, command: 'switchOn', status: 'DONE', createdAt: at(10 + i) }),
    );
    const latest = latestScheduleRequest(calendar, recent);
    expect(latest?.id).toBe(calendar.id);
    expect(isCalendarManaged(latest)).toBe(true);
  });

  it('takes a schedule request sent since over the stored one, and the live copy of the same request', () => {
    const stored = buildRequest({ seed: 1, command: 'setSchedule', status: 'IN_PROGRESS', createdAt: at(0) });
    const live = { ...stored, status: 'DONE' as const };
    expect(latestScheduleRequest(stored, [live])?.status).toBe('DONE');

    const cleared = buildRequest({ seed: 2, command: 'clearSchedule', status: 'DONE', createdAt: at(5) });
    const latest = latestScheduleRequest(stored, [cleared, live]);
    expect(latest?.id).toBe(cleared.id);
    expect(isCalendarManaged(latest)).toBe(false);
  });

  it('has none for a device never scheduled, and no calendar while one is still being sent', () => {
    expect(latestScheduleRequest(null, [buildRequest({ seed: 3, command: 'reboot' })])).toBeNull();
    expect(isCalendarManaged(null)).toBe(false);
    expect(isCalendarManaged(buildRequest({ seed: 4, command: 'setSchedule', status: 'IN_PROGRESS' }))).toBe(false);
  });
});
