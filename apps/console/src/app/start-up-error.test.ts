import { describe, expect, it } from 'vitest';
import { startUpErrorText } from './start-up-error';

describe('the start-up alert text', () => {
  it("names an error by its message alone, so the alert does not read 'Authentication error: Error: …'", () => {
    expect(startUpErrorText(new Error('Timeout when waiting for 3rd party check iframe message.'))).toBe(
      'Timeout when waiting for 3rd party check iframe message.',
    );
    expect(startUpErrorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it("reads keycloak-js's OAuth errors and plain values", () => {
    expect(startUpErrorText({ error: 'access_denied', error_description: 'User denied access' })).toBe(
      'User denied access',
    );
    expect(startUpErrorText({ error: 'login_required' })).toBe('login_required');
    expect(startUpErrorText('HTTP 503')).toBe('HTTP 503');
    expect(startUpErrorText(undefined)).toBe('undefined');
  });
});
