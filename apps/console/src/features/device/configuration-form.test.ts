import { DEFAULT_CABINET_CONFIGURATION, maskCabinetConfiguration } from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { checkParameters, toParameterValues } from './configuration-form';

const reported = maskCabinetConfiguration({
  ...DEFAULT_CABINET_CONFIGURATION,
  mobile: { ...DEFAULT_CABINET_CONFIGURATION.mobile, username: 'crew', password: 'secret' },
});

describe('the Parameters form', () => {
  it('never shows the password and sends nothing when nothing changed', () => {
    const values = toParameterValues(reported);
    expect(values['mobile.password']).toBe('');
    expect(values['mobile.username']).toBe('crew');
    expect(checkParameters(reported, values)).toEqual({ problems: {}, patch: null });
  });

  it('sends only the changed fields, the password only when typed, a cleared username as removed', () => {
    const values = {
      ...toParameterValues(reported),
      'time.sunsetOffsetMinutes': '-15',
      'mobile.password': 'n3w',
      'mobile.username': '',
      'headEnd.apiEnabled': false,
      'other.switchOffAfterHours': '4',
    };
    expect(checkParameters(reported, values).patch).toEqual({
      time: { sunsetOffsetMinutes: -15 },
      mobile: { password: 'n3w', username: null },
      headEnd: { apiEnabled: false },
      other: { switchOffAfterHours: 4 },
    });
  });

  it("reports each field's rule with its bound and sends nothing while any is wrong", () => {
    const values = {
      ...toParameterValues(reported),
      'timing.sensorLightOutputLevel': '101',
      'power.maxCurrent': '1',
      'time.sunUpdatePeriodHours': '',
      'headEnd.latitude': 'north',
      'headEnd.ipAddress': '10.0.0.300',
    };
    const { problems, patch } = checkParameters(reported, values);
    expect(patch).toBeNull();
    expect(problems['timing.sensorLightOutputLevel']).toEqual({ rule: 'max', limit: 100 });
    expect(problems['power.maxCurrent']).toEqual({ rule: 'min', limit: 5 });
    expect(problems['time.sunUpdatePeriodHours']).toEqual({ rule: 'required' });
    expect(problems['headEnd.latitude']).toEqual({ rule: 'type' });
    expect(problems['headEnd.ipAddress']?.rule).toBe('format');
  });

  it('applies the cross-field rules: a gateway outside the subnet is refused', () => {
    const values = { ...toParameterValues(reported), 'headEnd.gateway': '10.1.1.1' };
    expect(checkParameters(reported, values).problems['headEnd.gateway']?.rule).toBe('invalid');
  });
});
