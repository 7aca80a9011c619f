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

// jsdom's Blob lacks text(), with which the console reads a chosen file (a TALQ import).
Blob.prototype.text ??= function text(this: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(this);
  });
};

// jsdom lacks ResizeObserver, which Fluent's MessageBar measures itself with.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom has no 2D canvas (`getContext` answers null and logs "not implemented"); the chart library
// then throws from a later animation frame, into whichever test runs at the time. A context that
// draws nothing lets charts run; what they draw is checked in the browser tests.
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement, kind: string) {
  return kind === '2d' ? silentContext(this) : null;
} as typeof HTMLCanvasElement.prototype.getContext;

function silentContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state = new Map<PropertyKey, unknown>([['canvas', canvas]]);
  const answers: Record<string, () => unknown> = {
    measureText: () => ({ width: 6, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 }),
    getImageData: () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 }),
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
    getLineDash: () => [],
    isPointInPath: () => false,
  };
  return new Proxy({} as CanvasRenderingContext2D, {
    get: (_target, key) =>
      state.has(key) ? state.get(key) : typeof key === 'string' && key in answers ? answers[key] : () => undefined,
    set: (_target, key, value) => state.set(key, value).has(key),
  });
}
