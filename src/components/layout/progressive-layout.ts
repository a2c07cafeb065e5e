/**
 * A long page laid out a piece at a time: a chapter (about 90 blocks and 3,000–5,000 elements)
 * and the Lab (about 30 sections and 7,500 elements). Laid out at once, on a two-core machine,
 * that was the page's longest task at load (150–300 ms).
 *
 * The container's blocks start with `content-visibility: auto` (the `lays-out` class, in
 * global.css): the browser lays out only those near the screen, and guesses the others' heights.
 * After load, in idle time, this lays the others out from the top down, a few hundred elements
 * per task, and then marks the container laid out, so the page ends with every block's true
 * height: the reading tracker, the contents and a search of the page all see it whole. A block
 * the reader jumps to (a link to one of its headings) is laid out at once by the browser, which
 * keeps it in view while the blocks above it take their heights (reading.test.ts holds the Lab
 * to that).
 * Without script the blocks stay as the browser handles `content-visibility: auto`.
 */

/** Elements laid out per step: about 10–20 ms of layout here. */
export const ELEMENTS_PER_STEP = 400;
/**
 * The container's class (global.css gives its blocks `content-visibility: auto` until they are
 * laid out), each block's class once it is, and the container's attribute once all are. The
 * container keeps its class: taking it away at the end restyled every element of the page
 * (33 ms on the Lab in one trace), where the blocks' own classes had already said it all.
 */
export const LAYING_OUT = 'lays-out';
export const LAID = 'laid';
export const LAID_OUT = 'data-laid-out';
/** A container still being laid out (what the browser tests wait on, too). */
export const STILL_LAYING_OUT = `.${LAYING_OUT}:not([${LAID_OUT}])`;
/** The event the container sends when it is laid out whole. */
export const LAID_OUT_EVENT = 'yomi:laid-out';

/** The blocks' sizes in elements, cut into steps of about `budget` elements (at least one block). */
export function steps(sizes: readonly number[], budget: number): number[][] {
  const out: number[][] = [];
  let step: number[] = [];
  let total = 0;
  sizes.forEach((size, i) => {
    if (step.length > 0 && total + size > budget) {
      out.push(step);
      step = [];
      total = 0;
    }
    step.push(i);
    total += size;
  });
  if (step.length > 0) out.push(step);
  return out;
}

/** Whether `container` is still being laid out (the reading tracker waits for it). */
export const layingOut = (container: Element): boolean => container.matches(STILL_LAYING_OUT);

type Idle = (then: () => void) => void;
const whenIdle: Idle =
  typeof requestIdleCallback === 'function'
    ? (then) => requestIdleCallback(then, { timeout: 500 })
    : (then) => setTimeout(then, 16);

/** Lays out `container`'s blocks a step at a time, once the page has loaded. */
export function layOutProgressively(container: HTMLElement): void {
  if (!layingOut(container)) return;
  const start = (): void => {
    const blocks = [...container.children] as HTMLElement[];
    const plan = steps(
      blocks.map((b) => b.getElementsByTagName('*').length + 1),
      ELEMENTS_PER_STEP,
    );
    let next = 0;
    const step = (): void => {
      const indices = plan[next++];
      if (indices === undefined) {
        container.setAttribute(LAID_OUT, '');
        container.dispatchEvent(new Event(LAID_OUT_EVENT));
        return;
      }
      for (const i of indices) blocks[i]!.classList.add(LAID);
      // Lay them out now, in this idle task, rather than in the next frame with its other work.
      void container.offsetHeight;
      whenIdle(step);
    };
    whenIdle(step);
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
