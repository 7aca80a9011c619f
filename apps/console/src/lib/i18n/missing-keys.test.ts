import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n';

beforeAll(async () => {
  await initI18n({ language: 'fr', fallback: 'en' });
});

afterEach(() => {
  delete window.farolaMissingKeys;
  vi.restoreAllMocks();
});

describe('the missing translation recorder', () => {
  it('records and logs a key found in no language, once', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const t = i18next.getFixedT('fr', ['map', 'device']);
    expect(t('device:field.deviceType')).toBe('field.deviceType');
    t('device:field.deviceType');
    expect(window.farolaMissingKeys).toEqual(['device:field.deviceType']);
    expect(error).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledWith('Missing translation: device:field.deviceType');
  });

  it('records a plural key missing everywhere', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    i18next.getFixedT('fr', 'map')('summary.nothing', { count: 3 });
    expect(window.farolaMissingKeys).toContain('map:summary.nothing_other');
  });

  it('leaves out keys the language or its fallback has', () => {
    const t = i18next.getFixedT('fr', 'map');
    expect(t('filters.deviceType')).toBe("Type d'appareil");
    t('summary.devices', { count: 2 });
    expect(window.farolaMissingKeys).toBeUndefined();
  });
});
