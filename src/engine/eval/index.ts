/**
 * The evaluators a search option can name, in one registry. A chapter that adds an evaluator
 * adds it here, and the `evaluator` option, the options panel and the USI combo follow.
 */
import { select } from '../option-spec';
import type { Evaluator } from './evaluator';
import {
  effectEvaluator,
  effectEvaluator85,
  type EffectEvalOptions,
  effectParamsOf,
  kkpee9Evaluator,
} from './effect/evaluators';
import { tunedEvaluator } from './effect/tuned/index';
import { materialEvaluator } from './material';
import { basicEvaluator } from './basic';

export const EVALUATORS = {
  material: materialEvaluator,
  effect: effectEvaluator85,
  kkpee9: kkpee9Evaluator,
  tuned: tunedEvaluator,
  basic: basicEvaluator,
} as const satisfies Record<string, Evaluator>;
export type EvaluatorName = keyof typeof EVALUATORS;
export const EVALUATOR_NAMES = Object.keys(EVALUATORS) as EvaluatorName[];

/** Evaluators of the 'effect' kind by their constants, built once each. */
const effectByParams = new Map<string, Evaluator>();

/**
 * The evaluator an option names; for 'effect', with the constants of `effect` (the effect
 * options), its tables built once per set of constants.
 */
export function evaluatorFor(name: EvaluatorName, effect?: EffectEvalOptions): Evaluator {
  // The table kept up to date itself, built now, so that the search calls it with no step between.
  if (name === 'tuned') return tunedEvaluator.table;
  if (name !== 'effect' || effect === undefined) return EVALUATORS[name];
  const params = effectParamsOf(effect);
  const key = JSON.stringify(params);
  let e = effectByParams.get(key);
  if (!e) {
    e = effectEvaluator('effect', EVALUATORS.effect.description, params);
    effectByParams.set(key, e);
  }
  return e;
}

export const EVALUATOR_OPTIONS = {
  evaluator: select({
    label: 'Evaluator',
    choices: EVALUATOR_NAMES,
    default: 'tuned',
    help: 'What scores a leaf position: the tuned effect table (the default), material alone, seed 003’s tables with its own constants, or material with 将棋ベーシック’s point for each defended piece.',
  }),
};

export { type Evaluator } from './evaluator';
