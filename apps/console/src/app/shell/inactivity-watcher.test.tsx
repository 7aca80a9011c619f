import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDemoUser } from '../auth/demo-user';
import { SignedInUserProvider } from '@/lib/auth/user-context';
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

/** A block body keeps act synchronous: an expression body returning a value makes it return a promise. */
function advanceTime(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('the inactivity watcher', () => {
  it('logs the user out after five minutes without mouse or keyboard', () => {
    const logout = renderWatched();
    advanceTime(IDLE_TIMEOUT_MS - 1);
    expect(logout).not.toHaveBeenCalled();
    advanceTime(1);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('starts the five minutes again on every mouse movement or key press', () => {
    const logout = renderWatched();
    advanceTime(IDLE_TIMEOUT_MS - 1000);
    fireEvent.mouseMove(window);
    advanceTime(IDLE_TIMEOUT_MS - 1000);
    fireEvent.keyDown(window, { key: 'a' });
    advanceTime(IDLE_TIMEOUT_MS - 1000);
    expect(logout).not.toHaveBeenCalled();
    advanceTime(1000);
    expect(logout).toHaveBeenCalledTimes(1);
  });
});
