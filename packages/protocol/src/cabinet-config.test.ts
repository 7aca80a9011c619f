import { describe, expect, it } from 'vitest';
import { AttributeValuesSchema } from './attributes';
import {
  type CabinetConfiguration,
  CabinetConfigurationPatchSchema,
  CabinetConfigurationSchema,
  DEFAULT_CABINET_CONFIGURATION,
  MASKED_SECRET,
  maskCabinetConfiguration,
  mergeCabinetConfiguration,
} from './cabinet-config';
import { toFieldIssues } from './errors';
import { isNetMask, sameSubnet } from './ipv4';

const withPatch = (patch: unknown) =>
  CabinetConfigurationSchema.safeParse(
    mergeCabinetConfiguration(DEFAULT_CABINET_CONFIGURATION, CabinetConfigurationPatchSchema.parse(patch)),
  );

const issuePaths = (result: { error?: Parameters<typeof toFieldIssues>[0] | undefined }) =>
  result.error ? toFieldIssues(result.error).map((issue) => issue.path) : [];

describe('the cabinet controller configuration', () => {
  it('accepts the factory defaults', () => {
    expect(CabinetConfigurationSchema.parse(DEFAULT_CABINET_CONFIGURATION)).toEqual(DEFAULT_CABINET_CONFIGURATION);
  });

  it('refuses malformed addresses, naming the field', () => {
    expect(issuePaths(CabinetConfigurationPatchSchema.safeParse({ headEnd: { ipAddress: '10.0.0.300' } }))).toEqual([
      'headEnd.ipAddress',
    ]);
    expect(issuePaths(CabinetConfigurationPatchSchema.safeParse({ headEnd: { netMask: '255.0.255.0' } }))).toEqual([
      'headEnd.netMask',
    ]);
    expect(
      issuePaths(CabinetConfigurationPatchSchema.safeParse({ plcHeadEnd: { macAddress: '00:11:22:33:44' } })),
    ).toEqual(['plcHeadEnd.macAddress']);
  });

  it('bounds the numbers as the device does', () => {
    const bad = CabinetConfigurationPatchSchema.safeParse({
      power: { maxCurrent: 4 },
      timing: { intensityStepPercent: 0, sensorDelayOffSeconds: -5 },
      time: { sunsetOffsetMinutes: 181 },
    });
    expect(issuePaths(bad).sort()).toEqual([
      'power.maxCurrent',
      'time.sunsetOffsetMinutes',
      'timing.intensityStepPercent',
      'timing.sensorDelayOffSeconds',
    ]);
    expect(CabinetConfigurationPatchSchema.safeParse({ power: { maxCurrent: 4000, phase: 'single' } }).success).toBe(
      true,
    );
  });

  it('takes IANA time zone names only', () => {
    expect(CabinetConfigurationPatchSchema.safeParse({ time: { timezone: 'America/New_York' } }).success).toBe(true);
    expect(CabinetConfigurationPatchSchema.safeParse({ time: { timezone: 'UTC' } }).success).toBe(true);
    expect(CabinetConfigurationPatchSchema.safeParse({ time: { timezone: 'Mars/Olympus' } }).success).toBe(false);
    expect(CabinetConfigurationPatchSchema.safeParse({ time: { timezone: '+01:00' } }).success).toBe(false);
  });

  it('refuses unknown parameters, so a misspelt one does not pass silently', () => {
    expect(issuePaths(CabinetConfigurationPatchSchema.safeParse({ time: { sunsetOffset: 10 } }))).toEqual([
      'time.sunsetOffset',
    ]);
  });

  it('checks the rules that span fields once the change is merged', () => {
    expect(issuePaths(withPatch({ headEnd: { gateway: '10.1.1.1' } }))).toEqual(['headEnd.gateway']);
    expect(withPatch({ headEnd: { mode: 'dhcp', gateway: '10.1.1.1' } }).success).toBe(true);
    expect(issuePaths(withPatch({ other: { networkConnectionTime: '06:00' } }))).toEqual([
      'other.networkDisconnectionTime',
    ]);
    const table = [
      { level: 50, watts: 60 },
      { level: 50, watts: 120 },
    ];
    expect(issuePaths(withPatch({ other: { powerTable: table } }))).toEqual(['other.powerTable']);
  });

  it('merges a change group by group and removes a password set to null', () => {
    const withSecret = mergeCabinetConfiguration(DEFAULT_CABINET_CONFIGURATION, {
      mobile: { username: 'cabinet', password: 's3cret' },
      time: { sunsetOffsetMinutes: -15 },
    });
    expect(withSecret.time).toEqual({ ...DEFAULT_CABINET_CONFIGURATION.time, sunsetOffsetMinutes: -15 });
    expect(withSecret.mobile).toMatchObject({ apn: 'internet', username: 'cabinet', password: 's3cret' });
    const cleared = mergeCabinetConfiguration(withSecret, { mobile: { password: null } });
    expect(cleared.mobile).not.toHaveProperty('password');
    expect(DEFAULT_CABINET_CONFIGURATION.time.sunsetOffsetMinutes).toBe(0);
  });

  it('reports a password as a mask, and the attribute schema refuses it in clear', () => {
    const config: CabinetConfiguration = mergeCabinetConfiguration(DEFAULT_CABINET_CONFIGURATION, {
      mobile: { password: 's3cret' },
    });
    const reported = maskCabinetConfiguration(config);
    expect(reported.mobile.password).toBe(MASKED_SECRET);
    expect(JSON.stringify(reported)).not.toContain('s3cret');
    expect(AttributeValuesSchema.safeParse({ configuration: reported }).success).toBe(true);
    expect(AttributeValuesSchema.safeParse({ configuration: config }).success).toBe(false);
    expect(maskCabinetConfiguration(DEFAULT_CABINET_CONFIGURATION).mobile).not.toHaveProperty('password');
  });

  it('tells net masks and subnets apart', () => {
    expect(isNetMask('255.255.240.0')).toBe(true);
    expect(isNetMask('255.0.255.0')).toBe(false);
    expect(sameSubnet('192.168.1.100', '192.168.1.1', '255.255.255.0')).toBe(true);
    expect(sameSubnet('192.168.1.100', '192.168.2.1', '255.255.255.0')).toBe(false);
    expect(sameSubnet('200.1.2.3', '200.1.9.9', '255.255.0.0')).toBe(true);
  });
});
