/**
 * Seed 003's effect evaluation as the engine plays it (effect-eval.ts holds the evaluation): its
 * constants as search options, and the evaluators that sum the factored tables.
 */
import { integer, number, type ValuesOf } from '../../option-spec';
import type { Position } from '../../position';
import {
  EffectTables,
  effectScore,
  type EffectParams,
  FIRST_TABLE,
  KKPEE9,
  MAX_EFFECTS,
} from './effect-eval';
import type { Evaluator } from '../evaluator';

/**
 * The 'effect' evaluator's constants as search options (the first table's by default), so that a
 * match, an experiment or the explorer can set the cap N, the weights, the decay or the
 * defended-piece terms. KKPEE9 ('kkpee9') keeps the seed's own constants.
 */
export const EFFECT_EVAL_OPTIONS = {
  ours: integer({
    label: 'Own effects near the king',
    default: FIRST_TABLE.ours,
    min: 0,
    max: 300,
    step: 1,
    help: 'An own effect next to the own king is worth this (×1024/(d + 1) at distance d). The seed: 85.',
  }),
  theirs: integer({
    label: 'Enemy effects near the king',
    default: FIRST_TABLE.theirs,
    min: 0,
    max: 300,
    step: 1,
    help: 'An enemy effect next to the own king costs this (×1024/(d + 1)). The seed: 98.',
  }),
  decay: number({
    label: 'Multi-effect decay',
    default: FIRST_TABLE.decay,
    min: 0.5,
    max: 0.99,
    step: 0.0025,
    help: 'm effects are worth 6365 − decay^(m−1)·5341 (×1/1024) times one. The seed: 0.8525.',
  }),
  cap: integer({
    label: 'Count cap N',
    default: FIRST_TABLE.cap,
    min: 1,
    max: MAX_EFFECTS,
    step: 1,
    help: 'Counts of N effects or more count as N. 10 keeps every count; KKPEE9 uses 2.',
  }),
  defendedBonus: integer({
    label: 'Defended piece bonus',
    default: 0,
    min: 0,
    max: 100,
    step: 1,
    help: '将棋ベーシック’s idea: this much for every piece its own side defends, whatever the piece (it used 1).',
  }),
  defendedShare: number({
    label: 'Defended share',
    default: 0,
    min: 0,
    max: 0.5,
    step: 0.01,
    help: 'The seed’s hypothesis: a defended piece gains this share of its value.',
  }),
  attackedShare: number({
    label: 'Attacked share',
    default: 0,
    min: 0,
    max: 0.5,
    step: 0.01,
    help: 'The seed’s hypothesis: an attacked piece loses this share of its value.',
  }),
};

export type EffectEvalOptions = ValuesOf<typeof EFFECT_EVAL_OPTIONS>;

/** The first table's parameters with the options' constants. */
export const effectParamsOf = (o: EffectEvalOptions): EffectParams => ({ ...FIRST_TABLE, ...o });

/** An evaluator over factored tables, built the first time it is asked for a value. */
export function effectEvaluator(
  name: string,
  description: string,
  params: EffectParams,
): Evaluator {
  let tables: EffectTables | null = null;
  return {
    name,
    description,
    evaluate(pos: Position): number {
      tables ??= new EffectTables(params);
      const v = effectScore(pos, tables);
      return pos.sideToMove === 0 ? v : -v;
    },
  };
}

export const effectEvaluator85 = effectEvaluator(
  'effect',
  'Seed 003’s effect table: effects valued by their distance to each king (85 and 98 unless the effect options say otherwise), and a tenth off each piece on the board.',
  FIRST_TABLE,
);

export const kkpee9Evaluator = effectEvaluator(
  'kkpee9',
  'Seed 003’s KKPEE9 (83 and 92, counts capped at 2, the piece on the square, FV_SCALE 32), summed from its factored tables.',
  KKPEE9,
);
