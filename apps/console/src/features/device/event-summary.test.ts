import type { DeviceEvent, DeviceLifecycleChanged } from '@farola/protocol';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { eventSummary } from './event-summary';

const DEVICE = '00000000-0000-4000-8000-0000000000aa';
const PROJECT = '00000000-0000-4000-8000-000000000001';
const FORMAT = { language: 'en', yes: 'Yes', no: 'No', outputOn: 'on', outputOff: 'off' };

function lifecycle(change: Partial<DeviceLifecycleChanged>): DeviceEvent {
  const ts = '2026-03-02T10:00:00.000Z';
  const payload: DeviceLifecycleChanged = {
    deviceId: DEVICE,
    projectId: PROJECT,
    ts,
    cause: 'sendToRevision',
    from: 'installation',
    to: 'installation',
    disabled: false,
    changedBy: null,
    bulkJobId: null,
    ...change,
  };
  return { id: '1', type: 'DeviceLifecycleChanged', deviceId: DEVICE, ts, payload };
}

describe('the event history line of a lifecycle change', () => {
  beforeAll(async () => {
    await initI18n({ language: 'en', fallback: 'en' });
  });
  const summary = (event: DeviceEvent) => eventSummary(event, i18next.getFixedT('en', 'device'), FORMAT);

  it('says why an installation failed', () => {
    const failed = lifecycle({
      cause: 'installationFailed',
      installationFailure: { code: 'INSTALLATION_MIN_POWER_NOT_REACHED', at: '2026-03-02T10:00:00.000Z' },
    });
    expect(summary(failed)).toBe('Installation failed: Min power not reached');
  });

  it('names a retry and who asked for it', () => {
    expect(summary(lifecycle({ cause: 'retryInstallation', changedBy: 'ana' }))).toBe('Installation retried by ana');
  });

  it("gives a reset installation's day as that day, in any time zone", () => {
    const reset = lifecycle({
      cause: 'installationReset',
      from: 'ready',
      to: 'ready',
      installationDate: '2026-03-01T00:00:00.000Z',
    });
    expect(summary(reset)).toBe('Installation date reset to Mar 1, 2026');
  });

  it('shows any other move as the statuses it went between', () => {
    expect(summary(lifecycle({ cause: 'sendToRevision', to: 'revision' }))).toBe('Installing → On revision');
  });
});
