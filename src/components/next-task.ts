/**
 * Resolves in a later task, so that the work after it does not share a task with the work before
 * it: on a two-core machine, evaluating a large module and then building what it exports were
 * one 55–65 ms task (the notebook's editor); split, each stays under the 50 ms a long task starts
 * at. `scheduler.yield()` where the browser has it (it keeps the page's place in the queue),
 * otherwise a zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
