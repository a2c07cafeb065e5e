/**
 * Search options: every technique is a switch or a number, declared once (the techniques that read
 * the search state in option-decls.ts; tt.ts, trace.ts, eval/ and dtree/ in their own modules)
 * and gathered here into groups.
 * The options type, the defaults, the schema the widgets' panels and the USI `option` lines are
 * built from, and the one validator for values from a URL, a worker message or USI `setoption`
 * are all derived from those declarations (option-spec.ts).
 */
import { EFFECT_EVAL_OPTIONS } from '../eval/effect/evaluators';
import { EVALUATOR_OPTIONS } from '../eval/index';
import { MOVE_EVAL_OPTIONS } from '../eval/move-evaluation';
import {
  defaultsOf,
  flattenDecls,
  getPath,
  type OptionDecls,
  type OptionSpec,
  resolveValues,
  sameValue,
  setPath,
  type ValuesOf,
} from '../option-spec';
import type { Result } from '../types';
import {
  ALPHA_BETA_OPTIONS,
  DUAL_CREDIT_OPTIONS,
  EXTENSION_OPTIONS,
  FORWARD_PRUNING_OPTIONS,
  FUTILITY_OPTIONS,
  LMR_OPTIONS,
  MATE_PROBE_OPTIONS,
  NULL_MOVE_OPTIONS,
  ORDERING_OPTIONS,
  QUIESCENCE_OPTIONS,
  RAZORING_OPTIONS,
} from './option-decls';
import { TRACE_OPTIONS } from './trace';
import { TREE_OPTIONS } from '../dtree/tree-options';
import { TT_OPTIONS } from './tt';

/** The options panel's groups, in the order it shows them; the schema follows the same order. */
export const OPTION_GROUPS = [
  {
    id: 'ordering',
    title: 'Move ordering',
    blurb: 'Which moves α-β tries first.',
    options: ORDERING_OPTIONS,
  },
  {
    id: 'forward',
    title: 'Forward pruning (seed 000)',
    blurb:
      'Skip moves before reading them: those the move evaluation calls useless, or those the decision tree judges not best.',
    options: FORWARD_PRUNING_OPTIONS,
  },
  {
    id: 'backward',
    title: 'Pruning that may change the result',
    blurb: 'Modern engines’ “safe enough” cuts, reductions and margins.',
    options: { ...NULL_MOVE_OPTIONS, ...LMR_OPTIONS, ...FUTILITY_OPTIONS, ...RAZORING_OPTIONS },
  },
  {
    id: 'extensions',
    title: 'Extensions',
    blurb: 'Read some lines deeper than the rest.',
    options: EXTENSION_OPTIONS,
  },
  {
    id: 'mate-probe',
    title: 'Mate search at the leaves (chapter 8)',
    blurb: 'A small df-pn mate search near the horizon, for mates α-β has no depth left to see.',
    options: MATE_PROBE_OPTIONS,
  },
  {
    id: 'dual-credit',
    title: 'Dual Credit (seed 001)',
    blurb: 'Credit for forcing moves, turned into depth.',
    options: DUAL_CREDIT_OPTIONS,
  },
  {
    id: 'dtree',
    title: 'Decision trees (seed 002)',
    blurb:
      'How near the horizon the engine’s trees are asked (the decision-tree order, pruning by the tree, the mate-threat extension).',
    options: TREE_OPTIONS,
  },
  {
    id: 'search',
    title: 'Search',
    blurb: 'The machinery around α-β.',
    options: {
      ...ALPHA_BETA_OPTIONS,
      ...QUIESCENCE_OPTIONS,
      ...TT_OPTIONS,
      ...EVALUATOR_OPTIONS,
      ...TRACE_OPTIONS,
    },
  },
  {
    id: 'effect-eval',
    title: 'Effect evaluation (seed 003)',
    blurb: 'What the effect evaluator counts, when the evaluator is “effect”.',
    options: { effectEval: EFFECT_EVAL_OPTIONS },
  },
  {
    id: 'move-eval',
    title: 'Move evaluation constants (seed 000)',
    blurb: 'What a move is worth before it is read.',
    options: { moveEval: MOVE_EVAL_OPTIONS },
  },
] as const satisfies readonly { id: string; title: string; blurb: string; options: OptionDecls }[];

export type OptionGroupId = (typeof OPTION_GROUPS)[number]['id'];

/** Every search option's declaration, by name. */
export const SEARCH_OPTION_DECLS = {
  ...ORDERING_OPTIONS,
  ...FORWARD_PRUNING_OPTIONS,
  ...NULL_MOVE_OPTIONS,
  ...LMR_OPTIONS,
  ...FUTILITY_OPTIONS,
  ...RAZORING_OPTIONS,
  ...EXTENSION_OPTIONS,
  ...MATE_PROBE_OPTIONS,
  ...DUAL_CREDIT_OPTIONS,
  ...TREE_OPTIONS,
  ...ALPHA_BETA_OPTIONS,
  ...QUIESCENCE_OPTIONS,
  ...TT_OPTIONS,
  ...EVALUATOR_OPTIONS,
  ...TRACE_OPTIONS,
  moveEval: MOVE_EVAL_OPTIONS,
  effectEval: EFFECT_EVAL_OPTIONS,
};

export type SearchOptions = ValuesOf<typeof SEARCH_OPTION_DECLS>;
export type Ordering = SearchOptions['ordering'];
export type ForwardPruning = SearchOptions['forwardPruning'];

export const DEFAULT_OPTIONS: Readonly<SearchOptions> = defaultsOf(SEARCH_OPTION_DECLS);

/** Every option with its dotted path and group, in the panel's order. */
export const OPTION_SCHEMA: readonly OptionSpec[] = OPTION_GROUPS.flatMap((g) =>
  flattenDecls(g.options, g.id),
);

/**
 * Merge untrusted partial options (from a URL, a message or USI) over the defaults. Unknown keys
 * and values that do not fit give an error naming the option.
 */
export const resolveOptions = (input: unknown = {}): Result<SearchOptions> =>
  resolveValues(SEARCH_OPTION_DECLS, OPTION_SCHEMA, input);

/** The options that differ from the defaults, as a flat record of dotted paths (for URLs). */
export function diffOptions(options: SearchOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of OPTION_SCHEMA) {
    const v = getPath(options, spec.path);
    if (!sameValue(v, getPath(DEFAULT_OPTIONS, spec.path))) out[spec.path] = v;
  }
  return out;
}

export { checkValue, type OptionSpec } from '../option-spec';
export { getPath as getOption, setPath as setOption };
