import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * How many of a one-line list's items fit its width, the list's last child being the 'More' that
 * takes the others: all items when they all fit, else as many as fit beside 'More'. Measured again
 * whenever the list is resized or `contentKey` (what the items say: a new language) changes; every
 * item keeps its width while out of sight (see `MainNav`).
 */
export function useFittingCount(list: RefObject<HTMLElement | null>, contentKey: string): number {
  const [count, setCount] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return undefined;
    const measure = () => {
      const children = [...element.children] as HTMLElement[];
      const more = children.pop()?.offsetWidth ?? 0;
      const style = getComputedStyle(element);
      const gap = parseFloat(style.columnGap) || 0;
      const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      // The right end of each item, laid out one after the other.
      const ends: number[] = [];
      for (const item of children) ends.push((ends.at(-1) ?? -gap) + gap + item.offsetWidth);
      if ((ends.at(-1) ?? 0) <= room) setCount(children.length);
      else setCount(ends.filter((end) => end + gap + more <= room).length);
    };
    // A new observation reports the list's size at once, before the next paint: the first measure.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [list, contentKey]);
  return count;
}
