import { describe, expect, it } from 'vitest';
import { BulkActionRequestSchema, BulkCheckRequestSchema } from './bulk';
import { LIFECYCLE_MOVES, lifecycleTarget } from './lifecycle';

const deviceIds = ['7d1d7c34-5d0f-4a43-9a51-2f7f0e4a1c01'];

describe('a bulk action request', () => {
  it('takes an action with its parameters', () => {
    const body = BulkActionRequestSchema.parse({ action: 'setOperateMode', params: { operateMode: '013' }, deviceIds });
    expect(body).toMatchObject({ action: 'setOperateMode', params: { operateMode: '013' } });
  });

  it('defaults absent parameters to none', () => {
    expect(BulkActionRequestSchema.parse({ action: 'switchOff', deviceIds }).params).toEqual({});
  });

  it('refuses parameters the action does not take', () => {
    const result = BulkActionRequestSchema.safeParse({ action: 'reboot', params: { now: true }, deviceIds });
    expect(result.success).toBe(false);
  });

  it.each(['disable', 'resetInstallation'] as const)(
    "refuses %s unless 'I understand the consequences of this action' is ticked",
    (action) => {
      const params = action === 'resetInstallation' ? { installationDate: '2026-03-01' } : {};
      const refused = BulkActionRequestSchema.safeParse({ action, params, deviceIds });
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]?.path).toEqual(['consequencesAccepted']);
      expect(BulkActionRequestSchema.safeParse({ action, params, deviceIds, consequencesAccepted: true }).success).toBe(
        true,
      );
      expect(BulkCheckRequestSchema.safeParse({ action, params, deviceIds }).success).toBe(true);
    },
  );

  it('needs at least one device and at most 100,000', () => {
    expect(BulkActionRequestSchema.safeParse({ action: 'switchOn', deviceIds: [] }).success).toBe(false);
    const tooMany = Array.from({ length: 100_001 }, () => deviceIds[0]);
    expect(BulkActionRequestSchema.safeParse({ action: 'switchOn', deviceIds: tooMany }).success).toBe(false);
  });
});

describe('the lifecycle moves', () => {
  it('send a ready device to revision or maintenance, not to installation', () => {
    expect(lifecycleTarget('sendToRevision', 'ready')).toBe('revision');
    expect(lifecycleTarget('sendToMaintenance', 'ready')).toBe('maintenance');
    expect(lifecycleTarget('sendToInstallation', 'ready')).toBeNull();
  });

  it('retire a device from any status but retired', () => {
    expect(LIFECYCLE_MOVES.sendToRetired.from).not.toContain('retired');
    expect(lifecycleTarget('sendToRetired', 'provisioned')).toBe('retired');
    expect(lifecycleTarget('sendToRetired', 'retired')).toBeNull();
  });
});
