/**
 * The evaluators a search option can name, in one registry. A chapter that adds an evaluator
 * adds it here, and the `evaluator` option, the options panel and the USI combo follow.
 */
import { select } from '../option-spec';
import type { Evaluator } from './evaluator';
import { effectEvaluator85, kkpee9Evaluator } from './effect-eval';
import { materialEvaluator } from './material';

export const EVALUATORS = {
  material: materialEvaluator,
  effect: effectEvaluator85,
  kkpee9: kkpee9Evaluator,
} as const satisfies Record<string, Evaluator>;
export type EvaluatorName = keyof typeof EVALUATORS;
export const EVALUATOR_NAMES = Object.keys(EVALUATORS) as EvaluatorName[];

export const evaluatorFor = (name: EvaluatorName): Evaluator => EVALUATORS[name];

export const EVALUATOR_OPTIONS = {
  evaluator: select({
    label: 'Evaluator',
    choices: EVALUATOR_NAMES,
    default: 'material',
    help: 'What scores a leaf position.',
  }),
};

export { type Evaluator } from './evaluator';
