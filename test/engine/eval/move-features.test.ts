/**
 * Move features against their slow twin: every feature recomputed from scratch — effect counts
 * recounted on copies of the board before and after the move, checks by playing the move, the
 * moved piece's reach by `attacks` — for every legal move of random positions.
 */
import { describe, expect, it } from 'vitest';
import {
  MOVE_FEATURE_NAMES,
  MoveFeature,
  moveFeatures,
} from '../../../src/engine/eval/move-features';
import {
  attacks,
  BOARD_SIZE,
  computeEffects,
  isDrop,
  isPromotion,
  Kind,
  legalMoves,
  makeSfen,
  makeUsiMove,
  type Move,
  type Position,
  SQUARES,
} from '../../../src/engine/index';
import { makeRng, mustParse, perftFixtures, pick } from '../helpers';
import { randomPlayout } from '../search/support';

/** Every feature of `move`, the slow way. */
function computeMoveFeatures(pos: Position, move: Move, previous: Move): number {
  const us = pos.sideToMove;
  const them = us ^ 1;
  const to = move & 0xff;
  const from = (move >> 8) & 0xff;
  const boardBefore = Uint8Array.from(pos.board);
  const before = computeEffects(boardBefore);
  const count = (e: Uint8Array, color: number, sq: number): number => e[color * BOARD_SIZE + sq]!;
  let f = 0;
  if (boardBefore[to] !== 0) f |= MoveFeature.Capture;
  if (boardBefore[to] !== 0 && previous !== 0 && (previous & 0xff) === to)
    f |= MoveFeature.CapturesLastMoved;
  if (isPromotion(move)) f |= MoveFeature.Promotion;
  if (isDrop(move)) f |= MoveFeature.Drop;
  if (count(before, them, pos.kingSquare[us]!) > 0) f |= MoveFeature.Evasion;
  if (!isDrop(move)) {
    if (count(before, them, from) > 0) f |= MoveFeature.FromAttacked;
    if ((boardBefore[from]! & 15) === Kind.King) f |= MoveFeature.KingMove;
    // Lift the piece off: does one of our sliders now reach a square past it?
    const lifted = Uint8Array.from(boardBefore);
    lifted[from] = 0;
    const open = computeEffects(lifted);
    const own = new Set(attacks(boardBefore, boardBefore[from]!, from));
    for (const sq of SQUARES) {
      if (sq === from) continue;
      const gain = count(open, us, sq) - (count(before, us, sq) - (own.has(sq) ? 1 : 0));
      if (gain > 0) f |= MoveFeature.UncoversLine;
    }
  }
  pos.doMove(move);
  if (pos.inCheck()) f |= MoveFeature.Check;
  const boardAfter = Uint8Array.from(pos.board);
  pos.undoMove(move);
  const after = computeEffects(boardAfter);
  if (count(after, them, to) > 0) f |= MoveFeature.ToAttacked;
  if (count(after, them, to) > 0 && isDrop(move)) f |= MoveFeature.DropOntoAttacked;
  if (count(after, us, to) > 0) f |= MoveFeature.ToDefended;
  for (const sq of attacks(boardAfter, boardAfter[to]!, to)) {
    const p = boardAfter[sq]!;
    if (p === 0) continue;
    if (p >> 4 === us) {
      if (count(after, them, sq) > 0) f |= MoveFeature.Defends;
    } else if ((p & 15) !== Kind.King && count(before, us, sq) === 0) f |= MoveFeature.Threatens;
  }
  return f;
}

describe('moveFeatures', () => {
  it('agrees with the from-scratch twin on every move of random positions, every feature seen', () => {
    const rng = makeRng(99);
    const starts = perftFixtures().map((f) => f.sfen);
    const seen = new Set<string>();
    let moves = 0;
    for (let i = 0; i < 300; i++) {
      const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 6 + (i % 80), 0.5));
      const legal = legalMoves(pos);
      if (legal.length === 0) continue;
      // The opponent's last move, as far as features care: a square a capture may land on.
      const previous = pick(rng, legal);
      for (const m of legal) {
        const got = moveFeatures(pos, m, previous);
        const want = computeMoveFeatures(pos, m, previous);
        if (got !== want) {
          const names = (x: number) => MOVE_FEATURE_NAMES.filter((n) => x & MoveFeature[n]);
          expect.fail(
            `${makeSfen(pos)} ${makeUsiMove(m)}: got ${names(got).join(',')}; want ${names(want).join(',')}`,
          );
        }
        for (const n of MOVE_FEATURE_NAMES) if (got & MoveFeature[n]) seen.add(n);
        moves++;
      }
    }
    expect(moves).toBeGreaterThan(20_000);
    expect([...seen].sort()).toEqual([...MOVE_FEATURE_NAMES].sort());
  });
});
