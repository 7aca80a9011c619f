import { act, cleanup, render, screen } from '@testing-library/react';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '@/lib/i18n/i18n';
import { ErrorBoundary } from './error-boundary';
import { LoadFailure } from './load-failure';

beforeAll(async () => {
  await initI18n({ language: 'en', fallback: 'en' });
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

function Broken({ error }: { error: Error }): never {
  throw error;
}

function renderFailing(error: Error) {
  return render(
    <div>
      <header>Farola</header>
      <ErrorBoundary resetKey="a" fallback={(caught) => <LoadFailure error={caught} />}>
        <Broken error={error} />
      </ErrorBoundary>
    </div>,
  );
}

describe('a part of the console that fails to render', () => {
  // React and the boundary report the error on the console; the test only reads what users see.
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('says its code could not be downloaded when a chunk failed, and keeps the rest of the page', () => {
    quiet();
    renderFailing(
      new TypeError('Failed to fetch dynamically imported module: http://localhost/lighting/assets/map-tools-x.js'),
    );
    expect(screen.getByText('Farola')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Its code could not be downloaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('says something unexpected went wrong for any other error, in the user’s language', async () => {
    quiet();
    await act(async () => changeLanguage('es'));
    renderFailing(new Error('undefined is not a function'));
    expect(screen.getByRole('alert').textContent).toContain('Se ha producido un error inesperado');
    expect(screen.getByRole('button', { name: 'Volver a cargar' })).toBeTruthy();
  });

  it('shows its children again once its reset key changes (the next screen)', () => {
    quiet();
    const { rerender } = renderFailing(new Error('boom'));
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <div>
        <header>Farola</header>
        <ErrorBoundary resetKey="b" fallback={(caught) => <LoadFailure error={caught} />}>
          <p>The next screen</p>
        </ErrorBoundary>
      </div>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('The next screen')).toBeTruthy();
  });
});
