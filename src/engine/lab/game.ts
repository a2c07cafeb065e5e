/**
 * One game between two engines, to the end the rules give: mate (詰み), no legal move at all (a
 * loss in shogi), fourfold repetition (千日手: a draw, or a loss for the side that checked with
 * every move of it), a winning entering-king declaration (入玉宣言), a maximum length, a flag on
 * the game clock; and, if asked, adjudication: a side resigns when both engines have agreed for a
 * while that it is lost.
 *
 * Platform-neutral (no Node, no DOM): the match runner's worker threads and the book's in-page
 * match both play through `playGame`. With a node or depth limit and no clock, a game is a pure
 * function of its setup: the same setup plays the same moves.
 */
import { legalMoves } from '../movegen';
import { makeUsiMove, parseUsiMove } from '../notation';
import type { Position } from '../position';
import { canDeclareWin, repetition, Repetition } from '../rules';
import { type SearchLimits, Searcher } from '../search/iterate';
import type { SearchOptions } from '../search/options';
import { parsePositionCommand } from '../sfen';
import { err, ok, type Result } from '../types';
import { allocateTime } from '../usi/time';

/** What one move may use. A clock, if any, comes on top (see GameSetup.clock). */
export interface MoveLimits {
  nodes?: number;
  depth?: number;
  movetimeMs?: number;
}

/** A game clock: `base` milliseconds each, `inc` added after every move (`--tc 10+0.1`). */
export interface GameClock {
  baseMs: number;
  incMs: number;
}

/**
 * Adjudication: when, for `plies` plies in a row, both engines' scores say the same side is ahead
 * by at least `score` (a pawn is 90; mates count as beyond any threshold), the other side resigns.
 */
export interface Adjudication {
  score: number;
  plies: number;
}

export interface GameSetup {
  /** Where the game starts: a USI position argument (`startpos moves 7g7f 3c3d`, `sfen … `). */
  opening: string;
  sente: SearchOptions;
  gote: SearchOptions;
  limits: MoveLimits;
  clock: GameClock | null;
  /** Plies played from the opening before the game is called a draw. */
  maxPlies: number;
  adjudication: Adjudication | null;
}

export const GameEnd = {
  Mate: 'mate',
  NoLegalMove: 'no-legal-move',
  Repetition: 'repetition',
  PerpetualCheck: 'perpetual-check',
  Declaration: 'declaration',
  MaxPlies: 'max-plies',
  Adjudication: 'adjudication',
  Time: 'time',
} as const;
export type GameEnd = (typeof GameEnd)[keyof typeof GameEnd];

export type GameResult = 'sente' | 'gote' | 'draw';

/** A finished game: enough to replay it on the book's board and to score it. */
export interface GameRecord {
  opening: string;
  /** The moves played from the opening, in USI. */
  moves: string[];
  result: GameResult;
  end: GameEnd;
  /** Each move's search score, from the side that played it. */
  scores: number[];
  /** Milliseconds each side spent (wall clock). */
  timeMs: { sente: number; gote: number };
}

/** Per-move progress, for a progress bar or a live board. */
export type OnMove = (move: string, ply: number, score: number) => void;

/** Check a setup before any game starts: the opening parses and the limits make sense. */
export function checkSetup(setup: GameSetup): Result<Position> {
  const pos = parsePositionCommand(setup.opening);
  if (!pos.ok) return err(`opening ${JSON.stringify(setup.opening)}: ${pos.error}`);
  const { nodes, depth, movetimeMs } = setup.limits;
  if (nodes === undefined && depth === undefined && movetimeMs === undefined && !setup.clock)
    return err('give a limit per move (nodes, depth or movetime) or a game clock');
  if (!Number.isInteger(setup.maxPlies) || setup.maxPlies < 1)
    return err(`maximum length: expected a whole number of plies, got ${setup.maxPlies}`);
  return ok(pos.value);
}

// #region play-game
/**
 * Play a game from `setup.opening`; `engines` are the two sides' searchers (cleared first: a new
 * game). Throws if the setup does not check (callers check it first).
 */
export function playGame(
  setup: GameSetup,
  engines: { sente: Searcher; gote: Searcher },
  onMove?: OnMove,
): GameRecord {
  const checked = checkSetup(setup);
  if (!checked.ok) throw new Error(checked.error);
  const pos = checked.value;
  engines.sente.clear();
  engines.gote.clear();
  engines.sente.setOptions(setup.sente);
  engines.gote.setOptions(setup.gote);
  const moves: string[] = [];
  const scores: number[] = [];
  const spent = [0, 0];
  const clock = setup.clock ? [setup.clock.baseMs, setup.clock.baseMs] : null;
  const finish = (result: GameResult, end: GameEnd): GameRecord => ({
    opening: setup.opening,
    moves,
    result,
    end,
    scores,
    timeMs: { sente: Math.round(spent[0]!), gote: Math.round(spent[1]!) },
  });
  for (;;) {
    const us = pos.sideToMove;
    const ended = endByRules(pos, moves.length, setup.maxPlies);
    if (ended) return finish(ended.result, ended.end);
    const searcher = us === 0 ? engines.sente : engines.gote;
    const start = performance.now();
    const result = searcher.search(pos, moveLimits(setup, clock?.[us]));
    const used = performance.now() - start;
    spent[us]! += used;
    if (clock) {
      clock[us]! -= used;
      if (clock[us]! < 0) return finish(us === 0 ? 'gote' : 'sente', GameEnd.Time);
      clock[us]! += setup.clock!.incMs;
    }
    const move = result.bestMove === null ? null : parseUsiMove(pos, result.bestMove);
    // The searcher only ever returns a legal move; a position with none ended above.
    if (move === null || !move.ok)
      throw new Error(`no legal move from the search at ply ${moves.length}`);
    pos.doMove(move.value);
    moves.push(makeUsiMove(move.value));
    scores.push(result.value);
    onMove?.(moves.at(-1)!, moves.length, result.value);
    const resigns = setup.adjudication ? adjudicate(scores, us, setup.adjudication) : null;
    if (resigns !== null) return finish(resigns === 0 ? 'gote' : 'sente', GameEnd.Adjudication);
  }
}
// #endregion

/** The limits of one search: the move limits, and a share of the clock when there is one. */
function moveLimits(setup: GameSetup, remainingMs: number | undefined): SearchLimits {
  const limits: SearchLimits = {};
  if (setup.limits.nodes !== undefined) limits.nodes = setup.limits.nodes;
  if (setup.limits.depth !== undefined) limits.depth = setup.limits.depth;
  if (setup.limits.movetimeMs !== undefined) limits.timeMs = setup.limits.movetimeMs;
  if (remainingMs !== undefined && setup.clock) {
    const budget = allocateTime(
      { time: remainingMs, inc: setup.clock.incMs, byoyomi: 0 },
      CLOCK_MARGIN_MS,
    );
    limits.timeMs = Math.min(limits.timeMs ?? budget, budget);
    limits.softTimeMs = limits.timeMs / 2;
  }
  return limits;
}

/**
 * Kept back from each move's share of the clock, as a GUI's engine would keep for the trip to the
 * GUI: here the engine runs in the same thread, so a few milliseconds cover the stop check.
 */
const CLOCK_MARGIN_MS = 5;

/** Does the game end before the side to move plays? Returns the result and why, or null. */
export function endByRules(
  pos: Position,
  plies: number,
  maxPlies: number,
): { result: GameResult; end: GameEnd } | null {
  const us = pos.sideToMove;
  const winner = (side: number): GameResult => (side === 0 ? 'sente' : 'gote');
  const rep = repetition(pos);
  if (rep === Repetition.Draw) return { result: 'draw', end: GameEnd.Repetition };
  if (rep === Repetition.Win) return { result: winner(us), end: GameEnd.PerpetualCheck };
  if (rep === Repetition.Loss) return { result: winner(us ^ 1), end: GameEnd.PerpetualCheck };
  if (legalMoves(pos).length === 0)
    return { result: winner(us ^ 1), end: pos.inCheck() ? GameEnd.Mate : GameEnd.NoLegalMove };
  if (canDeclareWin(pos)) return { result: winner(us), end: GameEnd.Declaration };
  if (plies >= maxPlies) return { result: 'draw', end: GameEnd.MaxPlies };
  return null;
}

/**
 * The side that resigns (0 sente, 1 gote) after `mover` played the last of `scores`, or null:
 * over the last `plies` moves, each side's own score, turned to sente's view, says the same side
 * is ahead by at least the threshold.
 */
export function adjudicate(
  scores: readonly number[],
  mover: number,
  a: Adjudication,
): number | null {
  if (scores.length < a.plies) return null;
  let senteAhead = true;
  let goteAhead = true;
  for (let i = 0; i < a.plies; i++) {
    const index = scores.length - 1 - i;
    // The last move was `mover`'s; moves alternate back from there.
    const side = (mover + i) % 2;
    const senteView = side === 0 ? scores[index]! : -scores[index]!;
    if (senteView < a.score) senteAhead = false;
    if (senteView > -a.score) goteAhead = false;
  }
  return senteAhead ? 1 : goteAhead ? 0 : null;
}

export { Searcher };
