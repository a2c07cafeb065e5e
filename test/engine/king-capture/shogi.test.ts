/**
 * Chapter 8's four ways to know the end of the game, on shogi: the plain king-capture search
 * plays a pawn drop that mates (打ち歩詰め, illegal) as if it were a mate; legal generation,
 * method 1 and method 2 all refuse it and choose the same move. Method 1 sees a mate one ply
 * sooner. The game interface's king test against a twin made of the legal generator.
 */
import { describe, expect, it } from 'vitest';
import {
  legalMoves,
  makeMove,
  makeUsiMove,
  square,
  STARTPOS_SFEN,
} from '../../../src/engine/index';
import { shogiGame } from '../../../src/engine/king-capture/game';
import {
  END_RULES,
  isEnd,
  searchKingCapture,
  WIN,
  type EndRules,
} from '../../../src/engine/king-capture/search';
import { SHOGI_POSITIONS } from '../../../src/components/widgets/end-of-game/positions';
import { findShortMate } from '../../../src/engine/short-mate';
import { makeRng, mustParse, randomPlayout, readFixture } from '../search/support';

interface TsumeFixture {
  problems: { name: string; plies: number; sfen: string; mates: string[] }[];
  dropPawnMate: { name: string; sfen: string; forbidden: string }[];
}
const fixture = readFixture<TsumeFixture>('tsume.json');

const search = (sfen: string, rules: EndRules, depth: number) =>
  searchKingCapture(shogiGame(mustParse(sfen)), { rules, depth });

describe('a pawn drop that would mate', () => {
  it.each(fixture.dropPawnMate.map((c) => [c.name, c]))('%s', (_name, c) => {
    const naive = search(c.sfen, 'king-capture', 2);
    // The plain king-capture search takes the drop for a mate…
    expect(naive.moveName).toBe(c.forbidden);
    expect(naive.value).toBe(WIN - 2);
    // …the three that know the rule do not, and agree with each other.
    const legal = search(c.sfen, 'legal', 2);
    expect(legal.moveName).not.toBe(c.forbidden);
    for (const rules of ['method-1', 'method-2'] as const) {
      const r = search(c.sfen, rules, 2);
      expect(r.moveName, rules).toBe(legal.moveName);
      expect(r.value, rules).toBe(legal.value);
      expect(r.ruleNodes, rules).toBeGreaterThan(0);
    }
  });
});

describe("chapter 8's shogi positions (what its widget shows at depth 2)", () => {
  it.each(SHOGI_POSITIONS.map((c) => [c.id, c]))('%s', (_id, c) => {
    expect(search(c.position, 'king-capture', 2).moveName).toBe(c.trap);
    const legal = search(c.position, 'legal', 2);
    expect(legal.moveName).not.toBe(c.trap);
    for (const rules of ['method-1', 'method-2'] as const)
      expect(search(c.position, rules, 2).moveName, rules).toBe(legal.moveName);
  });

  it('the silver drop the three play in the first is a mate', () => {
    const c = SHOGI_POSITIONS.find((p) => p.id === 'silver-not-pawn')!;
    const pos = mustParse(c.position);
    expect(makeUsiMove(findShortMate(pos, 1))).toBe(search(c.position, 'legal', 2).moveName);
  });

  it('in the second, method 1 sees the mate in 3 plies at depth 3, legal moves at depth 4', () => {
    const c = SHOGI_POSITIONS.find((p) => p.id === 'mate-in-three-instead')!;
    expect(findShortMate(mustParse(c.position), 1)).toBe(0);
    const mate = makeUsiMove(findShortMate(mustParse(c.position), 3));
    expect(search(c.position, 'method-1', 3)).toMatchObject({ moveName: mate, value: WIN - 3 });
    expect(isEnd(search(c.position, 'legal', 3).value)).toBe(false);
    expect(search(c.position, 'legal', 4)).toMatchObject({ moveName: mate, value: WIN - 3 });
  });
});

describe('mates', () => {
  const mateInOne = fixture.problems.filter((p) => p.plies === 1).slice(0, 8);
  it.each(mateInOne.map((p) => [p.name, p]))('%s: every search plays a mate in 1', (_n, p) => {
    for (const rules of END_RULES) {
      const r = search(p.sfen, rules, 2);
      expect(p.mates, rules).toContain(r.moveName);
      expect(isEnd(r.value) && r.value > 0, rules).toBe(true);
    }
  });

  it('method 1 sees a mate in 3 plies at depth 3, where legal generation needs a ply more', () => {
    const p = fixture.problems.find((q) => q.name === 'tsume3 entry 3')!;
    const m1 = search(p.sfen, 'method-1', 3);
    expect(p.mates).toContain(m1.moveName);
    expect(m1.value).toBe(WIN - 3);
    const legal = search(p.sfen, 'legal', 3);
    expect(isEnd(legal.value)).toBe(false);
  });

  it('a side with no move that keeps its king gets no move', () => {
    // Gote is mated: every pseudo-legal move loses the king.
    const r = search('4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1', 'king-capture', 1);
    expect(r.move).toBe(-1);
    expect(r.moveName).toBeNull();
  });
});

describe('the game interface for shogi', () => {
  it('kingCanMove is true exactly when a legal move moves the king', () => {
    const rng = makeRng(8);
    for (let i = 0; i < 300; i++) {
      const pos = mustParse(randomPlayout(rng, STARTPOS_SFEN, 20 + Math.floor(rng() * 100), 0.5));
      const king = pos.kingSquare[pos.sideToMove]!;
      const twin = legalMoves(pos).some((m) => (m & (1 << 17)) === 0 && ((m >> 8) & 0xff) === king);
      expect(shogiGame(pos).kingCanMove(), `position ${i}`).toBe(twin);
    }
  });

  it('canCaptureKing is the opponent being in check', () => {
    const rng = makeRng(9);
    for (let i = 0; i < 100; i++) {
      const pos = mustParse(randomPlayout(rng, STARTPOS_SFEN, 40, 0.5));
      // A legal position: the side to move can never take the king.
      expect(shogiGame(pos).canCaptureKing()).toBe(false);
    }
    // Sente's gold is pinned by gote's rook and steps aside anyway (a pseudo-legal move): gote
    // can now take the king.
    const pos = mustParse('4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1');
    pos.doMove(makeMove(square(5, 8), square(4, 8), false));
    expect(shogiGame(pos).canCaptureKing()).toBe(true);
  });
});
