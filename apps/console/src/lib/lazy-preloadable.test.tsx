import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPreloadable } from './lazy-preloadable';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A component whose code arrives when the test says so, and counts how often it was asked for. */
function deferredGreeting() {
  let arrive: (component: typeof Greeting) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const asked = { count: 0 };
  const Component = lazyPreloadable(() => {
    asked.count += 1;
    return new Promise<typeof Greeting>((resolve, reject) => {
      arrive = resolve;
      fail = reject;
    });
  });
  return { Component, asked, arrive: () => arrive(Greeting), fail: (error: Error) => fail(error) };
}

describe('a preloadable lazy component', () => {
  it('renders at once, with no fallback, when its code was loaded ahead', async () => {
    const { Component, arrive } = deferredGreeting();
    const preloaded = Component.preload();
    arrive();
    await preloaded;
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Component name="Lucía" />
      </Suspense>,
    );
    // Synchronously: React.lazy would show the fallback here, even with its code already in.
    expect(screen.getByText('Hello, Lucía')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('suspends like React.lazy while its code is still loading, and asks for it once', async () => {
    const { Component, asked, arrive } = deferredGreeting();
    void Component.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Component name="Marta" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('Hello, Marta')).toBeTruthy();
    expect(asked.count).toBe(1);
  });

  it('asks for its code again after a failed load', async () => {
    const { Component, asked, fail } = deferredGreeting();
    const first = Component.preload();
    fail(new Error('chunk not found'));
    await expect(first).rejects.toThrow('chunk not found');
    void Component.preload();
    expect(asked.count).toBe(2);
  });
});
