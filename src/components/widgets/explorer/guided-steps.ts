/**
 * A chapter's guided experiment: steps shown as buttons above a search explorer, each setting the
 * explorer up with one click (position, A's and B's options, side by side or not, depth), with a
 * sentence on what to look for. What a step sets up is worked out here, without any DOM, so that
 * the explorer and the tests that run each step's searches in Node read the steps the same way.
 */
import type { SearchOptions } from '../../../engine/search/options';
import { err, ok, type Result } from '../../../engine/types';
import { resolvePartial } from './options-model';

export interface GuidedStep {
  /** The button's words: what the step does. */
  label: string;
  /** What to look for once it has searched. */
  note: string;
  position?: string | undefined;
  /** A's options over the chapter's (`options`); a step without them restores the chapter's. */
  a?: Readonly<Record<string, unknown>> | undefined;
  /** B's options over the chapter's A, when the step compares. */
  b?: Readonly<Record<string, unknown>> | undefined;
  compare?: boolean | undefined;
  depth?: number | undefined;
}

/**
 * A chapter's guided experiment as one value, for a chapter whose steps live in a module (so that
 * a test can run them): the explorer's `options` (A's, over the defaults) and its `steps`.
 */
export interface Guide {
  options: Readonly<Record<string, unknown>>;
  steps: readonly GuidedStep[];
}

/** What one step sets the explorer to. */
export interface StepSetup {
  /** The position to search, or undefined to keep the one on the board. */
  position: string | undefined;
  a: SearchOptions;
  /** B's options when the step gives them; otherwise B stays as it is. */
  b: SearchOptions | null;
  compare: boolean;
  /** The depth to search to, or undefined to keep the one set. */
  depth: number | undefined;
}

/**
 * The explorer's set-up for `step`, given the chapter's options for A: A is the chapter's options
 * with the step's `a` over them, B the chapter's options with the step's `b` over them. An error
 * names the option that does not fit.
 */
export function stepSetup(
  step: GuidedStep,
  chapterOptions: Readonly<Record<string, unknown>> | undefined,
): Result<StepSetup> {
  const a = resolvePartial({ ...chapterOptions, ...step.a });
  if (!a.ok) return err(`step "${step.label}", A: ${a.error}`);
  const b = step.b ? resolvePartial({ ...chapterOptions, ...step.b }) : null;
  if (b && !b.ok) return err(`step "${step.label}", B: ${b.error}`);
  return ok({
    position: step.position,
    a: a.value,
    b: b?.ok ? b.value : null,
    compare: step.compare ?? false,
    depth: step.depth,
  });
}
