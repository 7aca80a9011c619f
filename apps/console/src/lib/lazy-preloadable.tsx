import { lazy, type ComponentType, type JSX } from 'react';

/** A lazily loaded component that can be asked for ahead, and renders at once when it was. */
export interface PreloadableComponent<P extends object> {
  (props: P): JSX.Element;
  /** Starts loading the component's code (once); resolves with the component. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * `React.lazy`, except that once its code has loaded (asked for ahead with `preload`, while
 * something else was still loading) it renders at once. A plain lazy component suspends on its
 * first render even when its chunk is already in, and React then shows the fallback and holds
 * the content back for up to 300 ms (how often it reveals Suspense content): on the map, that was
 * a third of a second between the fleet being stored and drawn.
 *
 * @example
 * const DeviceMap = lazyPreloadable(() => import('./device-map').then((m) => m.DeviceMap));
 * void DeviceMap.preload(); // … <DeviceMap /> renders without suspending once it has loaded.
 */
export function lazyPreloadable<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Asked for again by the next preload or render (a chunk can fail on a flaky network).
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  // Before its code is in, it suspends as React.lazy does. The lazy one never commits once
  // `loaded` is set (it resolves after `loaded` is), so the two never swap under a mounted tree.
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
