/**
 * Exchange values (交換値) against a slow, obvious twin: a minimax over the legal captures on the
 * one square, from the engine's own legalMoves, each side free to stop.
 *
 * The fast version walks the board only, so it cannot see everything the rules do. Where a pinned
 * piece would recapture, a capture gives check, or a capture could promote, the two may differ;
 * those cases are counted and set aside, and everywhere else they must agree.
 */
import { describe, expect, it } from 'vitest';
import { exchangeValue, seeMove } from '../../../src/engine/eval/exchange';
import { CAPTURE_VALUE, PROMOTION_GAIN } from '../../../src/engine/eval/material';
import {
  EMPTY,
  isDrop,
  isPromotion,
  Kind,
  legalMoves,
  makeSfen,
  makeSquareName,
  type Move,
  moveFrom,
  moveTo,
  parseSquareName,
  type Position,
  SQUARES,
  STARTPOS_SFEN,
} from '../../../src/engine/index';
import { makeRng, mustParse, randomPlayout } from '../search/support';

/** What can make the board-only walk and the legal-move search disagree. */
interface Complications {
  pin: boolean;
  check: boolean;
  promotion: boolean;
}

/**
 * What the side to move gains by starting a capture sequence on `sq` (≥ 0: it may decline), each
 * side choosing its best legal capture there or stopping. Captures that may promote are read
 * unpromoted where the rules allow, as the fast version reads them.
 */
function naiveExchange(pos: Position, sq: number, seen: Complications): number {
  const captures = legalMoves(pos).filter((m) => !isDrop(m) && moveTo(m) === sq);
  noteComplications(pos, sq, captures, seen);
  const unpromoted = captures.filter((m) => !isPromotion(m) || !captures.includes(m & ~(1 << 16)));
  let best = 0;
  for (const m of unpromoted) {
    const gain = CAPTURE_VALUE[pos.board[sq]! & 15]!;
    pos.doMove(m);
    const v = gain - naiveExchange(pos, sq, seen);
    pos.undoMove(m);
    if (v > best) best = v;
  }
  return best;
}

/** Record what at this node the board-only walk would not know about. */
function noteComplications(
  pos: Position,
  sq: number,
  captures: readonly Move[],
  seen: Complications,
): void {
  const us = pos.sideToMove;
  if (pos.inCheck()) seen.check = true;
  if (captures.some(isPromotion)) seen.promotion = true;
  // Every piece bearing on the square should have a legal capture, except a king stepping into
  // the other side's effect (a rule the fast version knows too).
  const from = new Set(captures.map(moveFrom));
  const king = pos.kingSquare[us]!;
  const kingBarred = isAdjacent(king, sq) && !from.has(king) ? 1 : 0;
  if (from.size !== pos.effectCount(us, sq) - kingBarred) seen.pin = true;
}

/** Are two board squares neighbours (the padded board is 10 wide)? */
const isAdjacent = (a: number, b: number): boolean => [1, 9, 10, 11].includes(Math.abs(a - b));

interface Sample {
  sfen: string;
  square: string;
  fast: number;
  naive: number;
  seen: Complications;
}

/** Every enemy piece (not the king) the side to move bears on, in seeded random positions. */
function samples(): Sample[] {
  const rng = makeRng(0xe8c4);
  const out: Sample[] = [];
  for (let i = 0; i < 300; i++) {
    const pos = mustParse(randomPlayout(rng, STARTPOS_SFEN, 20 + Math.floor(rng() * 100), 0.4));
    const us = pos.sideToMove;
    for (const sq of SQUARES) {
      const p = pos.board[sq]!;
      if (p === EMPTY || p >> 4 === us || (p & 15) === Kind.King) continue;
      if (pos.effectCount(us, sq) === 0) continue;
      const seen = { pin: false, check: false, promotion: false };
      const naive = naiveExchange(pos, sq, seen);
      out.push({
        sfen: makeSfen(pos),
        square: makeSquareName(sq),
        fast: exchangeValue(pos.board, sq),
        naive,
        seen,
      });
    }
  }
  return out;
}

describe('exchange values against a legal-capture minimax', () => {
  const all = samples();
  const clean = all.filter((s) => !s.seen.pin && !s.seen.check && !s.seen.promotion);
  const describeSample = (s: Sample): string =>
    `${s.sfen} on ${s.square}: fast ${s.fast}, naive ${s.naive}`;

  it('samples enough positions, most of them free of complications', () => {
    expect(all.length).toBeGreaterThan(300);
    expect(clean.length).toBeGreaterThan(all.length / 2);
    const count = (k: keyof Complications): string => {
      const withK = all.filter((s) => s.seen[k]);
      return `${withK.length} with a ${k} (${withK.filter((s) => s.fast !== s.naive).length} differ)`;
    };
    console.log(
      `exchange samples: ${all.length}, ${clean.length} without complications; ` +
        `${count('pin')}, ${count('check')}, ${count('promotion')}`,
    );
  });

  it('agrees wherever no pin, check or promotion is involved', () => {
    expect(clean.filter((s) => s.fast !== s.naive).map(describeSample)).toEqual([]);
  });

  it('is never negative and is zero for an undefended square nobody attacks', () => {
    for (const s of all) expect(s.fast).toBeGreaterThanOrEqual(0);
    const empty = mustParse(STARTPOS_SFEN);
    for (const sq of SQUARES)
      if (empty.board[sq] === EMPTY) expect(exchangeValue(empty.board, sq)).toBe(0);
  });
});

describe('where the board-only walk and the rules part ways', () => {
  it('a pinned defender: the walk lets it recapture, the rules do not', () => {
    // Sente's bishop on 1e can take the pawn on 3c. Gote's silver on 4b defends it, but the
    // silver is pinned to its king on 5b by sente's rook on 1b.
    const pos = mustParse('9/4ks2R/6p2/9/8B/9/9/9/4K4 b - 1');
    const sq = parseSquareName('3c');
    const seen = { pin: false, check: false, promotion: false };
    expect(naiveExchange(pos, sq, seen)).toBe(CAPTURE_VALUE[Kind.Pawn]);
    expect(seen.pin).toBe(true);
    expect(exchangeValue(pos.board, sq)).toBe(0);
  });

  it('SEE of a promoting capture counts the promotion gain', () => {
    // Sente's rook on 5e takes the pawn on 5c and promotes; gote's gold on 6b retakes the dragon.
    const pos = mustParse('4k4/3g5/4p4/9/4R4/9/9/9/4K4 b - 1');
    const take = legalMoves(pos).find((m) => isPromotion(m) && moveTo(m) === parseSquareName('5c'));
    expect(take).toBeDefined();
    expect(seeMove(pos.board, take!, pos.sideToMove)).toBe(
      CAPTURE_VALUE[Kind.Pawn]! + PROMOTION_GAIN[Kind.Rook]! - CAPTURE_VALUE[Kind.Dragon]!,
    );
  });
});
