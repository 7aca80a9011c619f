import type { Path } from 'leaflet';
import { useLayoutEffect, useRef, type RefObject } from 'react';

function classesOf(className: string): string[] {
  return className.split(/\s+/).filter(Boolean);
}

/**
 * Keeps a Leaflet path's class in step with `className`. Leaflet reads `className` only when it
 * creates the path (setStyle ignores it), so the classes are swapped on the drawn element in place
 * instead of remounting the layer. Returns the ref to give the path component.
 */
export function usePathClassName<T extends Path>(className: string): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const applied = useRef(className);
  useLayoutEffect(() => {
    const layer = ref.current;
    if (!layer || applied.current === className) return;
    // Also for the renderer: it reads the option again if the path is ever redrawn from scratch.
    layer.options.className = className;
    const element = layer.getElement();
    element?.classList.remove(...classesOf(applied.current));
    element?.classList.add(...classesOf(className));
    applied.current = className;
  }, [className]);
  return ref;
}
