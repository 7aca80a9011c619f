import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDemoUser } from '../auth/demo-user';
import { SignedInUserProvider } from '../auth/user-context';
import { IDLE_TIMEOUT_MS } from './use-inactivity-logout';
import { InactivityWatcher } from './inactivity-watcher';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderWatched() {
  const logout = vi.fn();
  const user = { ...createDemoUser(), logout };
  render(
    <SignedInUserProvider user={user}>
      <InactivityWatcher>
        <p>screen</p>
      </InactivityWatcher>
    </SignedInUserProvider>,
  );
  return logout;
}

describe('the inactivity watcher', () => {
  it('logs the user out after five minutes without mouse or keyboard', () => {
    const logout = renderWatched();
    act(() => vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1));
    expect(logout).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('starts the five minutes again on every mouse movement or key press', () => {
    const logout = renderWatched();
    act(() => vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000));
    fireEvent.mouseMove(window);
    act(() => vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000));
    fireEvent.keyDown(window, { key: 'a' });
    act(() => vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000));
    expect(logout).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(logout).toHaveBeenCalledTimes(1);
  });
});
