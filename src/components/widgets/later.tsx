/**
 * Parts of an island that hydrate after the rest of it, each in a task of its own.
 *
 * An island hydrates in one task: Preact walks every element the server drew and attaches its
 * event handlers. On the Analyse page that was one task of 30-75 ms here (the explorer's board,
 * options, statistics and tree and the record panel: about 640 elements), over 50 ms on a slower
 * or busier machine, and the reader's first click waits for it. (The island's modules are
 * evaluated in a task before it: `client:loadsplit`, src/directives/load-split.ts.)
 *
 * `Later` leaves the server's HTML of its part as it is while the island hydrates: Preact does
 * not walk the children of an element it hydrates with `dangerouslySetInnerHTML`, and keeps
 * them. Once its stage has come (`useStages`: one stage a task, each after the last one's render
 * and effects), the part is drawn anew from its props, in a task of its own; from then on it is an
 * ordinary part of the island. The reader sees the server's HTML throughout, so nothing moves;
 * only the part's controls wait a few milliseconds more. On the server the part is drawn at
 * once; in an island the server did not render, it would be empty until its stage, so it is
 * for server-rendered islands only.
 *
 * Preact numbers `useId`'s ids in render order, and a part kept as the server drew it takes
 * none while the island hydrates: so a `Later` part must come after every hydrated component
 * that uses `useId`, and the later parts must be drawn in the order of the page, or their ids
 * would differ from the server's (a label's `for` would then name an id the control it labels no
 * longer has, or one another control still has; the accessibility test finds that). On the
 * Analyse page only the game's navigation hydrates at once; the explorer's board, its limits and
 * results, options, statistics and tree, then the record panel, are later parts in that order.
 * On the Play page and in the move evaluator the board comes first, so every part after it that
 * uses `useId` is a later part too.
 *
 * test/browser/later.test.ts checks each page's later parts: the server's text until drawn, the
 * same text after, drawn once each at its own time, no layout shift, and controls that work.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { nextTask } from '../next-task';

/** Nothing to set as HTML: the element's server-drawn children stay as they are. */
const KEEP = { __html: '' };

export type LaterProps = JSX.HTMLAttributes<HTMLDivElement> & {
  /** Draw the children now (else keep what the server drew). */
  ready: boolean;
  children: ComponentChildren;
};

/**
 * A `div` whose children are the server's until `ready`, then the island's own. Until then it
 * carries `data-later` (the browser tests wait for none to be left before they click).
 */
export function Later({ ready, children, ...attributes }: LaterProps): JSX.Element {
  if (ready) return <div {...attributes}>{children}</div>;
  if (typeof document === 'undefined')
    return (
      <div {...attributes} data-later="">
        {children}
      </div>
    );
  return <div {...attributes} data-later="" dangerouslySetInnerHTML={KEEP} />;
}

/**
 * The stage an island has reached: `count` at once when `enabled` is false, else 0 at first and
 * one more in each task after the island's effects have run, up to `count`.
 */
export function useStages(count: number, enabled: boolean): number {
  const [stage, setStage] = useState(enabled ? 0 : count);
  useEffect(() => {
    if (stage >= count) return;
    let live = true;
    void nextTask().then(() => {
      if (live) setStage((s) => s + 1);
    });
    return () => {
      live = false;
    };
  }, [stage]);
  return stage;
}
