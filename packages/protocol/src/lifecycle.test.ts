import { describe, expect, it } from 'vitest';
import { LIFECYCLE_ACTIONS, lifecycleTarget } from './lifecycle';

describe('the status actions', () => {
  it('retry only an installation that failed, and keep the device in installation', () => {
    expect(lifecycleTarget('retryInstallation', 'installation')).toBeNull();
    expect(lifecycleTarget('retryInstallation', 'installation', true)).toBe('installation');
    expect(lifecycleTarget('retryInstallation', 'ready', true)).toBeNull();
  });

  it('take a device in installation, failed or not, out to revision or retired', () => {
    for (const failed of [false, true]) {
      expect(lifecycleTarget('sendToRevision', 'installation', failed)).toBe('revision');
      expect(lifecycleTarget('sendToRetired', 'installation', failed)).toBe('retired');
    }
  });

  it('offer a failed installation exactly the retry and the ways out', () => {
    const offered = LIFECYCLE_ACTIONS.filter((action) => lifecycleTarget(action, 'installation', true) !== null);
    expect(offered).toEqual(['retryInstallation', 'sendToRevision', 'sendToRetired']);
  });
});
