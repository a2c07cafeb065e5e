/**
 * The explorer's current position, shared with the other widgets on the page (each island is its
 * own Preact tree, but they share this module). The perft runner reads it to count from the
 * position the reader has set up.
 */
type Listener = (position: string | null) => void;

let current: string | null = null;
const listeners = new Set<Listener>();

/** Publish the explorer's position (a USI position command, so moves played are kept). */
export function publishPosition(position: string | null): void {
  current = position;
  for (const listener of listeners) listener(position);
}

export const sharedPosition = (): string | null => current;

/** Call `listener` on every change; returns the unsubscribe function. */
export function subscribePosition(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
