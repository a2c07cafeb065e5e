import { useEffect, useState } from 'preact/hooks';

/** Slider input is debounced before it reaches the worker (the house style's ~250 ms). */
export const DEBOUNCE_MS = 250;

/** `value`, once it has stayed the same for `ms` milliseconds. */
export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
