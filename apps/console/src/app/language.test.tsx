import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@/lib/i18n/locale-order';
import { createDemoUser } from './auth/demo-user';
import { renderAppAt } from './testing/render-app';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the language select', () => {
  it('lists the seven languages by their own names', async () => {
    await renderAppAt('/', createDemoUser());
    const options = [...screen.getByTestId('language-select').querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['Deutsch', 'English', 'Español', 'Français', 'Italiano', 'Polski', 'Português']);
  });

  it('switches the interface, sets <html lang> and stores defaultLocale', async () => {
    await renderAppAt('/no/such/screen', createDemoUser());
    await act(async () => fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'de' } }));
    // The language's texts are fetched on first use (one chunk per language), then it switches.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' }, { timeout: 10_000 }),
    ).toBeDefined();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
  });
});
