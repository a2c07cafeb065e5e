/**
 * Incremental state against from-scratch state, inside a perft walk: after every doMove and every
 * undoMove, `checkInvariants()` recomputes the effect counts (利き) and the Zobrist key from the
 * board and compares; and every undoMove must restore board, hands, side, ply, key and SFEN
 * exactly. Positions with pieces in hand, checks, pins and drop-pawn mates are walked to depth 3.
 * Before some moves the walk asks `keyAfter` first, as the search does, for that move (doMove
 * then reuses the key) or for another one (doMove must not).
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_PLY,
  isDrop,
  legalMoves,
  makeUsiMove,
  moveTo,
  type Position,
} from '../../src/engine/index';
import { fixture, mustParse, perftFixtures, snapshot, snapshotDifference } from './helpers';

const WALK_TIMEOUT_MS = 120_000;
/** Walk to depth 3 where that tree is small enough (at most this many leaves). */
const MAX_DEPTH3_LEAVES = 70_000;

/** Fixtures whose depth-3 tree is small; shogiops counted these leaves when choosing them. */
const SMALL_DEPTH3_TREES: readonly { name: string; leaves: number }[] = [
  { name: 'pawns-only-no-sente-king', leaves: 22_988 },
  { name: 'pinned-silver-boxed-king', leaves: 65_474 },
  { name: 'single-evasion', leaves: 29_105 },
  { name: 'scalashogi-random-08', leaves: 48_986 },
  { name: 'scalashogi-random-21', leaves: 10_786 },
];
/** Those, and every fixture whose published depth-3 count is small (startpos, the crafted ones). */
const DEPTH3_WALKS = [
  ...SMALL_DEPTH3_TREES,
  ...perftFixtures()
    .filter((f) => f.perft.length >= 3 && f.perft[2]! <= MAX_DEPTH3_LEAVES)
    .map((f) => ({ name: f.name, leaves: f.perft[2]! })),
];
/** Big middlegames with full hands: depth 2. */
const DEPTH2_WALKS = ['matsuri', 'late-middlegame', 'max-legal-moves'] as const;

interface WalkStats {
  edges: number;
  failures: string[];
}

/** A perft walk that checks the invariants after every doMove and undoMove. */
function walk(pos: Position, depth: number, path: string[], stats: WalkStats): number {
  if (depth === 0) return 1;
  let leaves = 0;
  const moves = legalMoves(pos);
  for (const [i, move] of moves.entries()) {
    if (stats.failures.length >= 5) return leaves;
    const before = snapshot(pos);
    const line = [...path, makeUsiMove(move)].join(' ');
    if (i % 3 === 1) pos.keyAfter(move);
    else if (i % 3 === 2) pos.keyAfter(moves[i - 1]!);
    pos.doMove(move);
    stats.edges++;
    const afterDo = pos.checkInvariants();
    if (afterDo !== null) stats.failures.push(`after doMove, line ${line}: ${afterDo}`);
    else if (pos.ply !== before.ply + 1) stats.failures.push(`doMove did not advance ply: ${line}`);
    else leaves += walk(pos, depth - 1, [...path, makeUsiMove(move)], stats);
    pos.undoMove(move);
    const afterUndo = pos.checkInvariants();
    if (afterUndo !== null) stats.failures.push(`after undoMove, line ${line}: ${afterUndo}`);
    const restored = snapshotDifference(snapshot(pos), before);
    if (restored !== null)
      stats.failures.push(`undoMove did not restore, line ${line}: ${restored}`);
  }
  return leaves;
}

function expectCleanWalk(sfen: string, depth: number, expectedLeaves: number): void {
  const pos = mustParse(sfen);
  expect(pos.checkInvariants(), 'right after parsing').toBeNull();
  const stats: WalkStats = { edges: 0, failures: [] };
  const leaves = walk(pos, depth, [], stats);
  expect(stats.failures, `from ${sfen}`).toEqual([]);
  expect(leaves).toBe(expectedLeaves);
}

describe('incremental effects and keys equal the from-scratch ones', () => {
  for (const { name, leaves } of DEPTH3_WALKS) {
    it(
      `after every doMove and undoMove to depth 3 from ${name}`,
      () => expectCleanWalk(fixture(name).sfen, 3, leaves),
      WALK_TIMEOUT_MS,
    );
  }
  for (const name of DEPTH2_WALKS) {
    const f = fixture(name);
    it(
      `after every doMove and undoMove to depth 2 from ${name}`,
      () => expectCleanWalk(f.sfen, 2, f.perft[1]!),
      WALK_TIMEOUT_MS,
    );
  }

  it('through a long game and all the way back', () => {
    // Two hundred plies of a fixed game-like walk: always the first capture, else the move in the
    // middle of the list. Deep stacks exercise the per-ply state arrays.
    const pos = mustParse('startpos');
    const start = snapshot(pos);
    const played: number[] = [];
    const history = [start];
    for (let i = 0; i < 200; i++) {
      const moves = legalMoves(pos);
      if (moves.length === 0) break;
      const capture = moves.find((m) => !isDrop(m) && pos.board[moveTo(m)] !== 0);
      const move = capture ?? moves[Math.floor(moves.length / 2)]!;
      pos.doMove(move);
      played.push(move);
      expect(pos.checkInvariants(), `after ply ${i + 1}`).toBeNull();
      history.push(snapshot(pos));
    }
    while (played.length > 0) {
      pos.undoMove(played.pop()!);
      expect(pos.checkInvariants()).toBeNull();
      expect(snapshotDifference(snapshot(pos), history[played.length]!)).toBeNull();
    }
    expect(snapshot(pos)).toEqual(start);
  });

  it('holds MAX_PLY plies, its stacks growing as they fill, and refuses one more', () => {
    // A position's stacks start small and double; null moves fill them fastest.
    const pos = mustParse('startpos');
    const start = snapshot(pos);
    for (let i = 0; i < MAX_PLY; i++) pos.doNullMove();
    expect(pos.ply).toBe(MAX_PLY);
    expect(pos.checkInvariants()).toBeNull();
    expect(() => pos.doNullMove()).toThrow(`position stack is full (${MAX_PLY} plies)`);
    for (let i = 0; i < MAX_PLY; i++) pos.undoNullMove();
    expect(snapshot(pos)).toEqual(start);
  });

  it('clone() copies the position but not its history', () => {
    const pos = mustParse(fixture('matsuri').sfen);
    const move = legalMoves(pos)[0]!;
    pos.doMove(move);
    const copy = pos.clone();
    expect(copy.checkInvariants()).toBeNull();
    expect(snapshotDifference({ ...snapshot(copy), ply: pos.ply }, snapshot(pos))).toBeNull();
    expect(copy.ply).toBe(0);
    pos.undoMove(move);
    expect(snapshot(copy).sfen).not.toBe(snapshot(pos).sfen);
  });
});
