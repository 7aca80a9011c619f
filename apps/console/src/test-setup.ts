// jsdom lacks matchMedia, which Fluent UI and the theme preference read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lacks ResizeObserver, which Fluent's MessageBar measures itself with.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
