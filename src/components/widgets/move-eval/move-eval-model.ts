/**
 * What the move evaluator widget computes from a MoveEvaluation, without any DOM: the terms of
 * the sum as the chapter names them, the arrows and square marks that show a move's threats and
 * defences on the board, and the sliders for seed 000's constants. Unit-tested in
 * test/components/move-eval-model.test.ts.
 */
import {
  attacks,
  DIRECTIONS,
  EMPTY,
  isDrop,
  Kind,
  moveFrom,
  moveTo,
  type Position,
  SQ81,
  SQUARES,
  WALL,
} from '../../../engine/index';
import { exchangeValue } from '../../../engine/eval/exchange';
import {
  MOVE_EVAL_DEFAULTS,
  type MoveEvalParams,
  type MoveEvaluation,
} from '../../../engine/eval/move-evaluation';
import { isNumeric, stepOf } from '../../../engine/option-spec';
import { OPTION_SCHEMA } from '../../../engine/search/options';
import type { Arrow } from '../BoardParts';
import type { SquareOverlay } from '../board-model';

// ---- the sum, term by term ------------------------------------------------------------------

export type TermKey = 'evalDelta' | 'lossS' | 'gainS' | 'captureBonus' | 'focusPawn' | 'attack';

/** One term of a move's value: what it adds to the sum, and where it comes from in words. */
export interface Term {
  key: TermKey;
  label: string;
  /** What this term adds to the value (LossS is subtracted, so its contribution is −LossS). */
  contribution: number;
  detail: string;
}

/** Why the capture bonus is what it is: the move's capture, not the slider, decides the words. */
function captureDetail(e: MoveEvaluation, params: MoveEvalParams): string {
  if (e.capturedKind === 0) return 'takes nothing';
  if (params.captureBonus === 0) return 'takes a piece, but the capture bonus is set to 0';
  if (e.captureBonus === 0) return 'takes a pawn, which earns no bonus';
  return e.capturedKind === Kind.Pawn
    ? 'takes a pawn, and the code as written gives it the bonus'
    : 'takes a piece other than a pawn';
}

/** The terms of `e.value`, in the order the chapter explains them; they add up to the value. */
export function breakdown(e: MoveEvaluation, params: MoveEvalParams): Term[] {
  const pieceThreats = e.lossE - e.kingThreat;
  const attackParts = [`threats to pieces ${pieceThreats}`];
  if (e.kingThreat !== 0) attackParts.push(`king threat ${e.kingThreat}`);
  return [
    {
      key: 'evalDelta',
      label: 'Evaluation change',
      contribution: e.evalDelta,
      detail: 'material after the move minus before',
    },
    {
      key: 'lossS',
      label: 'Threat walked into (−LossS)',
      contribution: -e.lossS,
      detail:
        e.lossS === 0
          ? 'the piece stands as safe as before'
          : e.lossS > 0
            ? `the piece can lose ${e.lossS} more where it lands`
            : `the piece escapes a threat of ${-e.lossS}`,
    },
    {
      key: 'gainS',
      label: 'Pieces defended (GainS)',
      contribution: e.gainS,
      detail:
        e.defended.length === 0
          ? 'no piece of ours is made safer'
          : `threats taken off ${e.defended.length} piece${e.defended.length > 1 ? 's' : ''}`,
    },
    {
      key: 'captureBonus',
      label: 'Capture bonus',
      contribution: e.captureBonus,
      detail: captureDetail(e, params),
    },
    {
      key: 'focusPawn',
      label: 'Focus pawn (焦点の歩)',
      contribution: e.focusPawn,
      detail: e.focusPawn
        ? `a pawn where ${params.focusPawnMinEffects} or more enemy pieces bear`
        : 'not a pawn on a square the enemy bears on twice',
    },
    {
      key: 'attack',
      label: `Attack (LossE ÷ ${params.attackDivisor})`,
      contribution: e.attack,
      detail: `LossE = ${e.lossE}: ${attackParts.join(' + ')}`,
    },
  ];
}

export const sumOfTerms = (terms: readonly Term[]): number =>
  terms.reduce((sum, t) => sum + t.contribution, 0);

// ---- threats and defences on the board ------------------------------------------------------

/** A square a move threatens or defends, and the piece that does it. */
export interface MarkedSquare {
  /** The square of the piece that now bears on `to` (the moved piece, or a slider it uncovered). */
  from: number;
  to: number;
  /** Threats: the exchange value now at stake, or the king-threat constant; defences: the gain. */
  amount: number;
  king: boolean;
}

export interface MoveMarks {
  move: Arrow;
  threats: MarkedSquare[];
  defences: MarkedSquare[];
}

/** Who bears on `target` once `move` is played: the moved piece, or a slider behind its origin. */
function sourceOf(pos: Position, to: number, from: number | null, target: number): number {
  const board = pos.board;
  if (attacks(board, board[to]!, to).includes(target) || from === null) return to;
  for (const d of DIRECTIONS) {
    let s = from + d;
    while (board[s] === EMPTY) s += d;
    if (s !== target) continue;
    let back = from - d;
    while (board[back] === EMPTY) back -= d;
    if (board[back] !== WALL) return back;
  }
  return to;
}

/** The move's arrow and, for each threatened and defended square, where the effect comes from. */
export function moveMarks(pos: Position, e: MoveEvaluation, params: MoveEvalParams): MoveMarks {
  const move = e.move;
  const to = moveTo(move);
  const from = isDrop(move) ? null : moveFrom(move);
  const before = new Map(e.defended.map((sq) => [sq, exchangeValue(pos.board, sq)]));
  const us = pos.sideToMove;
  pos.doMove(move);
  const enemyKing = pos.kingSquare[us ^ 1];
  const threats = e.threatened.map((sq) => {
    const king = sq === enemyKing;
    const source = sourceOf(pos, to, from, sq);
    const amount = king ? kingThreatAmount(pos, to, source !== to, params) : 0;
    return { from: source, to: sq, amount: king ? amount : exchangeValue(pos.board, sq), king };
  });
  const defences = e.defended.map((sq) => ({
    from: sourceOf(pos, to, from, sq),
    to: sq,
    amount: before.get(sq)! - exchangeValue(pos.board, sq),
    king: false,
  }));
  pos.undoMove(move);
  return { move: from === null ? { to } : { from, to }, threats, defences };
}

/** The king-threat constant the evaluation used (the position is after the move). */
function kingThreatAmount(
  pos: Position,
  to: number,
  uncovered: boolean,
  params: MoveEvalParams,
): number {
  const mover = pos.sideToMove ^ 1;
  if (uncovered || pos.effectCount((mover ^ 1) as 0 | 1, to) === 0)
    return params.kingThreatUnguarded;
  return pos.effectCount(mover as 0 | 1, to) > 0
    ? params.kingThreatSupported
    : params.kingThreatExposed;
}

/** Arrows for the board: the move first, then a line from each threat's and defence's source. */
export function marksArrows(marks: MoveMarks): Arrow[] {
  const lines = (list: MarkedSquare[], alt: boolean): Arrow[] =>
    list.filter((m) => m.from !== m.to).map((m) => ({ from: m.from, to: m.to, alt, faint: !alt }));
  return [marks.move, ...lines(marks.threats, true), ...lines(marks.defences, false)];
}

/**
 * Square marks for the board, indexed like SQUARES: threatened squares tinted and labelled with
 * what is at stake, defended ones with how much safer they are.
 */
export function marksOverlay(marks: MoveMarks): (SquareOverlay | null)[] {
  const out: (SquareOverlay | null)[] = SQUARES.map(() => null);
  for (const m of marks.threats)
    out[SQ81[m.to]!] = {
      tint: 'gote',
      strength: 0.55,
      labels: [
        { text: m.king ? `K${m.amount}` : String(m.amount), corner: 'top-right', color: 'gote' },
      ],
    };
  for (const m of marks.defences)
    out[SQ81[m.to]!] = {
      tint: 'sente',
      strength: 0.55,
      labels: [{ text: `+${m.amount}`, corner: 'bottom-left', color: 'sente' }],
    };
  return out;
}

// ---- the constants --------------------------------------------------------------------------

export type ParamKey = Exclude<keyof MoveEvalParams, 'focusPawnMinEffects' | 'reading'>;

/** How to read seed 000 where its code and its comments disagree (the `reading` option). */
export type Reading = MoveEvalParams['reading'];

export interface ParamSlider {
  key: ParamKey;
  label: string;
  min: number;
  max: number;
  step: number;
  /** Seed 000's value. */
  seed: number;
  /** One line on what the constant does. */
  help: string;
}

const SLIDER_KEYS: readonly ParamKey[] = [
  'captureBonus',
  'attackDivisor',
  'kingThreatUnguarded',
  'kingThreatSupported',
  'kingThreatExposed',
  'focusPawnBonus',
];

const SLIDER_HELP: Record<ParamKey, string> = {
  captureBonus: 'added to any capture of a piece other than a pawn',
  attackDivisor: 'threats made (LossE) count 1/N',
  kingThreatUnguarded: 'check-like threat from a square the enemy does not bear on',
  kingThreatSupported: '… from a square both sides bear on',
  kingThreatExposed: '… from a square only the enemy bears on',
  focusPawnBonus: 'a pawn put where two or more enemy pieces bear',
};

/** The sliders, with the ranges the search options already give these constants. */
export const PARAM_SLIDERS: readonly ParamSlider[] = SLIDER_KEYS.map((key) => {
  const spec = OPTION_SCHEMA.find((s) => s.path === `moveEval.${key}`);
  if (!spec || !isNumeric(spec)) throw new Error(`no option spec for moveEval.${key}`);
  return {
    key,
    label: spec.label,
    min: spec.min,
    max: spec.max,
    step: stepOf(spec),
    seed: MOVE_EVAL_DEFAULTS[key],
    help: SLIDER_HELP[key],
  };
});

/** The constants that differ from seed 000's (what the worker needs to be told). */
export function changedParams(params: MoveEvalParams): Partial<MoveEvalParams> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(MOVE_EVAL_DEFAULTS) as (keyof MoveEvalParams)[])
    if (params[key] !== MOVE_EVAL_DEFAULTS[key]) out[key] = params[key];
  return out;
}

export const isSeed = (params: MoveEvalParams): boolean =>
  Object.keys(changedParams(params)).length === 0;

/** 1-based rank of each move (by USI) in an ordered list; ties share the first tied rank. */
export function ranksOf(
  moves: readonly Pick<MoveEvaluation, 'usi' | 'value'>[],
): Map<string, number> {
  const out = new Map<string, number>();
  let rank = 0;
  moves.forEach((m, i) => {
    if (i === 0 || m.value !== moves[i - 1]!.value) rank = i + 1;
    out.set(m.usi, rank);
  });
  return out;
}
