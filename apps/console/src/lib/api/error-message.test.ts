import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import de from '@/locales/de/errors.json';
import en from '@/locales/en/errors.json';
import { ApiError } from './api-error';
import { errorCodeMessage, errorMessage, fieldRuleMessage, requestErrorMessage, type ErrorsT } from './error-message';

const i18n = i18next.createInstance();
let t: ErrorsT;

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { errors: en }, de: { errors: de } }, ns: ['errors'] });
  t = i18n.getFixedT(null, 'errors');
});

describe('error messages', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the catalogue message of an API error', () => {
    expect(errorMessage(t, new ApiError(404, 'DEVICE_NOT_FOUND', 'Device not found'))).toBe('Device not found');
  });

  it("names what already exists from the error's details", () => {
    const refused = new ApiError(409, 'LUMINAIRE_SERIAL_EXISTS', 'Luminaire serial number L-7 already exists', {
      error: 'L-7',
    });
    expect(errorMessage(t, refused)).toBe('Luminaire serial number L-7 already exists');
  });

  it("shows a device's NOT_FOUND on latitude or longitude as 'No GPS signal'", () => {
    expect(errorCodeMessage(t, 'DEVICE_ERROR_NOT_FOUND', { field: 'latitude' })).toBe('No GPS signal');
    expect(errorCodeMessage(t, 'DEVICE_ERROR_NOT_FOUND', { field: 'dimming' })).toBe(
      'Device reports an error NOT_FOUND',
    );
  });

  it("shows a GPS reading's failure as 'No GPS signal' wherever a request's error is shown", () => {
    expect(requestErrorMessage(t, 'readLocation', 'NO_GPS_SIGNAL')).toBe('No GPS signal');
    expect(requestErrorMessage(t, 'readLocation', 'DEVICE_ERROR_NOT_FOUND')).toBe('No GPS signal');
    expect(requestErrorMessage(t, 'switchOff', 'DEVICE_ERROR_NOT_FOUND')).toBe('Device reports an error NOT_FOUND');
    expect(requestErrorMessage(t, 'readLocation', 'DEVICE_ERROR_NOT_ACCEPTABLE')).toBe(
      'Device reports an error NOT_ACCEPTABLE',
    );
  });

  it("falls back to 'Unknown error' and logs an error for an unknown code", () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(errorCodeMessage(t, 'NOT_A_REAL_CODE')).toBe('Unknown error');
    expect(logged).toHaveBeenCalledOnce();
  });

  it("treats anything thrown that is not an API error as 'Unknown error'", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(errorMessage(t, new TypeError('boom'))).toBe('Unknown error');
  });

  it('fills placeholders and follows the current language', async () => {
    expect(errorCodeMessage(t, 'UNABLE_TO_READ_ATTRIBUTE', { values: { attr: 'voltage' } })).toBe(
      "Unable to read attribute 'voltage'",
    );
    const german = i18n.getFixedT('de', 'errors');
    expect(errorCodeMessage(german, 'DEVICE_NOT_FOUND')).toBe('Gerät nicht gefunden');
  });

  it('words field rules with their bound', () => {
    expect(fieldRuleMessage(t, 'max', 10)).toBe('Maximum value is 10');
    expect(fieldRuleMessage(t, 'min', 1)).toBe('Minimum value is 1');
    expect(fieldRuleMessage(t, 'required')).toBe('Required field');
  });
});
