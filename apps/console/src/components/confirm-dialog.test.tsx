import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { ConfirmDialog } from './confirm-dialog';

beforeAll(async () => {
  await initI18n({ language: 'en', fallback: 'en' });
});
afterEach(cleanup);

function renderDialog(open: boolean) {
  const dialog = (isOpen: boolean) => (
    <FluentProvider theme={webLightTheme}>
      <p>Queued requests</p>
      <ConfirmDialog
        open={isOpen}
        title="Cancel requests"
        message="The request is cancelled."
        confirmLabel="Cancel them"
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />
    </FluentProvider>
  );
  const view = render(dialog(open));
  return { reopen: (isOpen: boolean) => view.rerender(dialog(isOpen)) };
}

/** Fluent's focus sentinels: focusable elements hidden from assistive technology (axe: aria-hidden-focus). */
const focusSentinels = () => document.querySelectorAll('[data-tabster-dummy]').length;

describe('a confirmation dialog', () => {
  it('leaves the page without focus sentinels while it is closed', async () => {
    renderDialog(false);
    // Tabster adds its sentinels a moment after the modal handling starts.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(focusSentinels()).toBe(0);
  });

  it('asks its question once opened', async () => {
    const { reopen } = renderDialog(false);
    await act(async () => reopen(true));
    expect(screen.getByRole('alertdialog', { name: 'Cancel requests' })).toBeTruthy();
    await act(async () => reopen(false));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
