import { describe, expect, it } from 'vitest';
import { toFieldIssues } from './errors';
import {
  DeviceRegistrationSchema,
  DownCommandMessageSchema,
  GatewayConnectionMessageSchema,
  UpCommandMessageSchema,
  UpConnectionMessageSchema,
} from './mqtt';

const requestId = '3f1c2a6e-8d4b-4c1a-9e2f-1a2b3c4d5e6f';

describe('device messages', () => {
  it('accepts a connection message carrying a registration', () => {
    const message = {
      connected: true,
      ts: '2026-11-21T18:00:00.000Z',
      registration: { deviceType: 'light-point-controller', vendor: 'orion', latitude: 41.39, longitude: 2.17 },
    };
    expect(UpConnectionMessageSchema.parse(message)).toEqual(message);
  });

  it('refuses a registration of an unknown vendor family at its field', () => {
    const result = UpConnectionMessageSchema.safeParse({
      connected: true,
      ts: '2026-11-21T18:00:00Z',
      registration: { deviceType: 'light-point-controller', vendor: 'acme' },
    });
    expect(toFieldIssues(result.error!)[0]).toMatchObject({ path: 'registration.vendor', rule: 'enum' });
  });

  it('holds a registration to the stored device bounds, and refuses empty text', () => {
    const base = { deviceType: 'cabinet-controller', vendor: 'vega' };
    const accepted = {
      ...base,
      name: 'n'.repeat(120),
      modelNumber: 'm'.repeat(60),
      firmwareVersion: 'f'.repeat(40),
      imei: '356938035643809',
      latitude: -90,
      longitude: 180,
    };
    expect(DeviceRegistrationSchema.parse(accepted)).toEqual(accepted);
    const refused = {
      ...base,
      name: 'n'.repeat(121),
      modelNumber: '',
      firmwareVersion: 'f'.repeat(41),
      imei: '35693803564380',
      ip: null,
      latitude: 90.5,
      longitude: -181,
    };
    const paths = toFieldIssues(DeviceRegistrationSchema.safeParse(refused).error!).map((issue) => issue.path);
    expect(paths).toEqual(['name', 'modelNumber', 'firmwareVersion', 'imei', 'ip', 'latitude', 'longitude']);
  });

  it('accepts command progress and a final error with its code', () => {
    expect(UpCommandMessageSchema.parse({ requestId, status: 'IN_PROGRESS', progress: 40 }).progress).toBe(40);
    const error = { requestId, status: 'ERROR', progress: 10, error: { code: 'METHOD_NOT_ALLOWED' } };
    expect(UpCommandMessageSchema.parse(error).error?.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('refuses an ERROR status without the error', () => {
    const result = UpCommandMessageSchema.safeParse({ requestId, status: 'ERROR', progress: 10 });
    expect(toFieldIssues(result.error!)[0]).toMatchObject({ path: 'error' });
  });

  it('accepts a last will without a timestamp, for a device and for a gateway', () => {
    expect(UpConnectionMessageSchema.parse({ connected: false })).toEqual({ connected: false });
    const will = { connected: false, devices: ['OR-LP-000001', 'OR-LP-000002'] };
    expect(GatewayConnectionMessageSchema.parse(will)).toEqual(will);
  });

  it('refuses an error on a DONE answer at the error field', () => {
    const result = UpCommandMessageSchema.safeParse({
      requestId,
      status: 'DONE',
      progress: 100,
      error: { code: 'NOT_FOUND' },
    });
    expect(toFieldIssues(result.error!).map((issue) => issue.path)).toEqual(['error']);
  });

  it('accepts a DONE answer whatever progress it reports, so a completed request is never lost', () => {
    expect(UpCommandMessageSchema.safeParse({ requestId, status: 'DONE', progress: 80 }).success).toBe(true);
  });

  it('accepts the command answers of the device protocol document', () => {
    const examples = [
      { requestId, status: 'IN_PROGRESS', progress: 50 },
      { requestId, status: 'DONE', progress: 100 },
      { requestId, status: 'ERROR', progress: 0, error: { code: 'METHOD_NOT_ALLOWED', message: 'not here' } },
    ];
    for (const example of examples) expect(UpCommandMessageSchema.safeParse(example).success).toBe(true);
  });

  it('refuses progress over 100 and a request id that is not a UUID', () => {
    const result = UpCommandMessageSchema.safeParse({ requestId: '42', status: 'DONE', progress: 101 });
    expect(toFieldIssues(result.error!).map((issue) => issue.path)).toEqual(['requestId', 'progress']);
  });

  it('refuses a down command with a timestamp that is not ISO-8601', () => {
    const result = DownCommandMessageSchema.safeParse({
      requestId,
      command: 'reboot',
      params: {},
      attempt: 1,
      ts: 'yesterday',
    });
    expect(toFieldIssues(result.error!)[0]).toMatchObject({ path: 'ts', rule: 'format' });
  });
});
