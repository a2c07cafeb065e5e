/**
 * What the search and evaluation tests share: parsing a known-good SFEN, a seeded PRNG, seeded
 * random playouts, a plain minimax and an exhaustive mate search. Every helper here is the slow,
 * obvious version of something the engine does fast, so a test can hold the two side by side.
 */
import { readFileSync } from 'node:fs';
import {
  canDeclareWin,
  hasLegalMove,
  legalMoves,
  makeSfen,
  makeUsiMove,
  type Move,
  parseSfen,
  type Position,
} from '../../../src/engine/index';
import { evaluateMaterial } from '../../../src/engine/eval/material';
import { MATE } from '../../../src/engine/search/index';

/** Parse an SFEN the test knows to be valid; a parse error fails the test with its message. */
export function mustParse(sfen: string): Position {
  const result = parseSfen(sfen);
  if (!result.ok) throw new Error(`parseSfen(${JSON.stringify(sfen)}) failed: ${result.error}`);
  return result.value;
}

/** A JSON fixture from test/fixtures, parsed. */
export function readFixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
}

// The seeded generator and picker are the engine tests' own (one PRNG for every random test).
import { makeRng, pick } from '../helpers';

export { makeRng, pick };

/**
 * Play up to `plies` random legal moves from `sfen` (a capture with probability `captureBias`
 * when there is one, so hands fill up) and return the SFEN reached. The playout stops early at a
 * position with no legal move, and never ends on one: it backs the last move out instead.
 */
export function randomPlayout(
  rng: () => number,
  sfen: string,
  plies: number,
  captureBias = 0.3,
): string {
  const pos = mustParse(sfen);
  const played: Move[] = [];
  for (let i = 0; i < plies; i++) {
    const moves = legalMoves(pos);
    if (moves.length === 0) break;
    const captures = moves.filter((m) => !isDropMove(m) && pos.board[m & 0xff] !== 0);
    const m = captures.length > 0 && rng() < captureBias ? pick(rng, captures) : pick(rng, moves);
    pos.doMove(m);
    played.push(m);
  }
  while (played.length > 0 && !hasLegalMove(pos)) pos.undoMove(played.pop()!);
  return makeSfen(pos);
}

const isDropMove = (m: Move): boolean => (m & (1 << 17)) !== 0;

/**
 * Plain minimax (negamax form) with the searcher's scoring rules and nothing else: the material
 * evaluation at depth 0, −MATE + ply when the side to move has no legal move, a winning
 * declaration as MATE − ply below the root. No pruning, no ordering, no quiescence, no table.
 * Repetition cannot arise within the three plies it is used for, from a position set up afresh.
 */
export function minimax(pos: Position, depth: number, ply = 0): number {
  if (ply > 0 && canDeclareWin(pos)) return MATE - ply;
  if (depth === 0) return evaluateMaterial(pos);
  const moves = legalMoves(pos);
  if (moves.length === 0) return -MATE + ply;
  let best = -Infinity;
  for (const m of moves) {
    pos.doMove(m);
    const v = -minimax(pos, depth - 1, ply + 1);
    pos.undoMove(m);
    if (v > best) best = v;
  }
  return best;
}

// #region exhaustive mate search
/**
 * Does the side to move force mate within `plies` plies (odd)? Every legal move of both sides is
 * tried, checks or not: the search a mate-in-n claim must survive.
 */
export function forcesMate(pos: Position, plies: number): boolean {
  for (const m of legalMoves(pos)) {
    pos.doMove(m);
    const mated = isMatedWithin(pos, plies - 1);
    pos.undoMove(m);
    if (mated) return true;
  }
  return false;
}

/** Is the side to move mated now, or after every reply within `plies` more plies (even)? */
export function isMatedWithin(pos: Position, plies: number): boolean {
  if (plies === 0) return pos.inCheck() && !hasLegalMove(pos);
  const moves = legalMoves(pos);
  if (moves.length === 0) return true;
  for (const m of moves) {
    pos.doMove(m);
    const mates = forcesMate(pos, plies - 1);
    pos.undoMove(m);
    if (!mates) return false;
  }
  return true;
}

/** Every first move (USI, sorted) after which the side to move mates within `plies` plies. */
export function matingFirstMoves(pos: Position, plies: number): string[] {
  const out: string[] = [];
  for (const m of legalMoves(pos)) {
    pos.doMove(m);
    if (isMatedWithin(pos, plies - 1)) out.push(makeUsiMove(m));
    pos.undoMove(m);
  }
  return out.sort();
}
// #endregion
