/**
 * `client:loadsplit`: hydrates an island at once, as `client:load` does, but in a task after the
 * one that evaluated its modules.
 *
 * With `client:load` an island's modules are evaluated and the island hydrated in one task. On
 * the Analyse page that was the engine's tables, the explorer's and the record panel's modules
 * (10-30 ms here) and then the first render (30-75 ms): one task of 55-90 ms, over the 50 ms a
 * long task starts at, in which a reader's click waits. Split, each part is a task of its own.
 * The later parts of the island (later.tsx) then hydrate in tasks of their own after that.
 */
import type { ClientDirective } from 'astro';
import { nextTask } from '../components/next-task';

/**
 * Returns its promise, as Astro's own `client:load` does (the island awaits it and logs what it
 * throws), though the `ClientDirective` type says nothing is returned.
 */
async function loadSplit(load: Parameters<ClientDirective>[0]): Promise<void> {
  const hydrate = await load();
  await nextTask();
  await hydrate();
}

export default loadSplit;

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate at once, in a task after the island's modules are evaluated (above). */
    'client:loadsplit'?: boolean;
  }
}
