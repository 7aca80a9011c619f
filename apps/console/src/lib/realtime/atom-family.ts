import { atom, type PrimitiveAtom } from 'jotai';

/**
 * One primitive atom per key, created on first use and kept for the session (the keys are
 * device and request ids, which the live views keep coming back to). Jotai's own `atomFamily`
 * is deprecated in Jotai 2 and warns at runtime.
 *
 * @example
 * const deviceAtomFamily = primitiveAtomFamily<Device | null>(() => null);
 * store.set(deviceAtomFamily(id), device);
 */
export function primitiveAtomFamily<T>(initial: (key: string) => T): (key: string) => PrimitiveAtom<T> {
  const atoms = new Map<string, PrimitiveAtom<T>>();
  return (key) => {
    let found = atoms.get(key);
    if (!found) {
      found = atom(initial(key));
      atoms.set(key, found);
    }
    return found;
  };
}
