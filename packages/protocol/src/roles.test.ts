import { describe, expect, it } from 'vitest';
import { hasAnyRole } from './roles';

describe('hasAnyRole', () => {
  it('opens a route that declares no roles', () => {
    expect(hasAnyRole([], [])).toBe(true);
  });

  it('passes with any one of the declared roles', () => {
    expect(hasAnyRole(['view-alarms'], ['manage-alarms', 'view-alarms'])).toBe(true);
  });

  it('refuses a user holding none of them', () => {
    expect(hasAnyRole(['view-devices'], ['manage-alarms', 'view-alarms'])).toBe(false);
  });

  it('lets admin pass every check', () => {
    expect(hasAnyRole(['admin'], ['view-traceability'])).toBe(true);
  });
});
