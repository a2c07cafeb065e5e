/**
 * A king-capture search (chapter 8, seed 004) plays moves that leave the king en prise and then
 * takes it. The position must stay whole through that: the king goes into no hand, the key and
 * the material stay what a from-scratch count says, the king square says "no king", and undoMove
 * puts everything back.
 */
import { describe, expect, it } from 'vitest';
import {
  computeKey,
  isDrop,
  Kind,
  makeMove,
  makeUsiMove,
  type Position,
  square,
} from '../../src/engine/index';
import { MAX_MOVES } from '../../src/engine/movegen';
import { generatePseudoLegalMoves } from '../../src/engine/movegen-pseudo';
import { mustParse, snapshot, snapshotDifference } from './helpers';
import { matingFirstMoves, readFixture } from './search/support';

/** Sente's gold on 5h is pinned against its king by gote's rook on 5e. */
const PINNED_GOLD = '4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1';

describe('capturing a king', () => {
  it('keeps hands, key, material and king squares whole, and undoes exactly', () => {
    const pos = mustParse(PINNED_GOLD);
    const before = snapshot(pos);
    const material = pos.material;
    // The pinned gold steps aside (not legal, but a king-capture search plays it)…
    const stepAside = makeMove(square(5, 8), square(4, 8), false);
    pos.doMove(stepAside);
    expect(pos.checkInvariants()).toBeNull();
    // …and the rook takes the king.
    const takeKing = makeMove(square(5, 5), square(5, 9), false);
    pos.doMove(takeKing);
    expect(pos.checkInvariants()).toBeNull();
    expect(pos.kingSquare[0]).toBe(0);
    expect(Array.from(pos.hand)).toEqual(new Array<number>(16).fill(0));
    expect(pos.material).toBe(material);
    const { lo, hi } = computeKey(pos);
    expect([pos.keyLo, pos.keyHi]).toEqual([lo, hi]);
    // With no king, the side that lost it is never "in check".
    expect(pos.inCheck()).toBe(false);

    pos.undoMove(takeKing);
    expect(pos.checkInvariants()).toBeNull();
    expect(pos.kingSquare[0]).toBe(square(5, 9));
    pos.undoMove(stepAside);
    expect(pos.checkInvariants()).toBeNull();
    expect(snapshotDifference(snapshot(pos), before)).toBeNull();
  });
});

/**
 * A king-capture search in a dozen lines, as chapter 8 (seed 004) will build: moves are generated
 * pseudo-legally and a side wins by taking the king. Played to three plies it must find the same
 * mates in one as the legal search, except the pawn drops that mate, which the rules forbid and a
 * king-capture search only learns by searching further (打ち歩詰め) — those are left out here.
 */
describe('a king-capture search', () => {
  const buffer = new Uint32Array(MAX_MOVES * 4);

  /** Can the side to move take the enemy king with its next move? */
  function takesKing(pos: Position, ply: number): boolean {
    const base = ply * MAX_MOVES;
    const end = generatePseudoLegalMoves(pos, buffer, base);
    const king = pos.kingSquare[pos.sideToMove ^ 1]!;
    for (let i = base; i < end; i++) if ((buffer[i]! & 0xff) === king) return true;
    return false;
  }

  /** The moves after which every reply lets the mover take the king (and none takes ours). */
  function kingCaptureMates(pos: Position): string[] {
    const out: string[] = [];
    const end = generatePseudoLegalMoves(pos, buffer, 0);
    const moves = Array.from(buffer.subarray(0, end));
    for (const m of moves) {
      if (isDrop(m) && (m >> 8) % 256 === Kind.Pawn) continue;
      pos.doMove(m);
      let wins = !takesKing(pos, 1); // a move that leaves our king to be taken loses
      const replies = Array.from(
        buffer.subarray(MAX_MOVES, generatePseudoLegalMoves(pos, buffer, MAX_MOVES)),
      );
      for (const r of replies) {
        if (!wins) break;
        pos.doMove(r);
        if (!takesKing(pos, 2)) wins = false;
        pos.undoMove(r);
      }
      pos.undoMove(m);
      if (wins) out.push(makeUsiMove(m));
    }
    return out.sort();
  }

  const tsume = readFixture<{ problems: { sfen: string; plies: number }[] }>('tsume.json');
  it('finds the mates in one the legal search finds, pawn drops aside', () => {
    const problems = tsume.problems.filter((p) => p.plies === 1);
    expect(problems.length).toBeGreaterThanOrEqual(10);
    for (const p of problems) {
      const pos = mustParse(p.sfen);
      const legal = matingFirstMoves(pos, 1).filter((u) => !u.startsWith('P*'));
      expect(kingCaptureMates(pos), p.sfen).toEqual(legal);
      expect(pos.checkInvariants()).toBeNull();
    }
  });
});
