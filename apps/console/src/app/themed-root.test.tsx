import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/features/preferences/theme-toggle';
import { initI18n } from '@/lib/i18n/i18n';
import { THEME_STORAGE_KEY } from '@/lib/theme/theme-preference';
import { ThemedRoot } from './themed-root';

beforeEach(async () => {
  localStorage.clear();
  await initI18n({ language: 'en', fallback: 'en' });
});
afterEach(cleanup);

function renderRoot() {
  const view = render(
    <Provider store={createStore()}>
      <ThemedRoot>
        <ThemeToggle />
      </ThemedRoot>
    </Provider>,
  );
  return () => view.container.querySelector('[data-theme]')?.getAttribute('data-theme');
}

describe('the theme', () => {
  it('is dark when no preference is saved', () => {
    expect(renderRoot()()).toBe('dark');
  });

  it('follows a saved light preference', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(renderRoot()()).toBe('light');
  });

  it('switches on the toggle and remembers the choice for the next visit', async () => {
    const theme = renderRoot();
    await act(async () => fireEvent.click(screen.getByTestId('theme-toggle')));
    expect(theme()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    cleanup();
    expect(renderRoot()()).toBe('light');
  });
});
