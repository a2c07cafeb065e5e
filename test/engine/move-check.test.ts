/**
 * One-move questions against their slow twins, on the perft fixtures and on seeded random
 * playouts (with captures favoured, so hands fill and drops, pins and checks abound):
 * - givesCheck(move) against playing the move and asking inCheck();
 * - isLegalMove(move) against membership in the generated legal list, for legal moves, for moves
 *   legal in other positions, for pseudo-legal moves and for random 18-bit numbers;
 * - generatePseudoLegalMoves, filtered by "the mover's king is not attacked afterwards" and by the
 *   drop-pawn-mate rule, against the legal moves;
 * - the generator's modes: captures + quiets, and quiet board moves + drops, split All exactly;
 *   the quiescence mode is the captures mode with the moves quiescence never reads filtered out,
 *   in the same order.
 */
import { describe, expect, it } from 'vitest';
import { generateMoves, GenMode, MAX_MOVES } from '../../src/engine/movegen';
import { generatePseudoLegalMoves } from '../../src/engine/movegen-pseudo';
import { givesCheck, isLegalMove } from '../../src/engine/move-check';
import { isPointlessInQuiescence } from '../../src/engine/search/move-picker';
import {
  isDrop,
  isDropPawnMate,
  legalMoves,
  makeSfen,
  makeUsiMove,
  moveTo,
  type Move,
  type Position,
} from '../../src/engine/index';
import { makeRng, mustParse, perftFixtures } from './helpers';
import { randomPlayout } from './search/support';

const RANDOM_POSITIONS = 400;

function positions(): Position[] {
  const out = perftFixtures().map((f) => mustParse(f.sfen));
  const rng = makeRng(20261123);
  const starts = perftFixtures().map((f) => f.sfen);
  for (let i = 0; i < RANDOM_POSITIONS; i++) {
    const start = starts[i % starts.length]!;
    out.push(mustParse(randomPlayout(rng, start, 10 + Math.floor(rng() * 80), 0.5)));
  }
  return out;
}

const POSITIONS = positions();
const buffer = new Uint32Array(MAX_MOVES * 2);

const generate = (pos: Position, mode: number): Move[] =>
  Array.from(buffer.subarray(0, generateMoves(pos, buffer, 0, mode as GenMode)));

describe('givesCheck', () => {
  it('agrees with playing the move and looking, on every legal move', () => {
    let checks = 0;
    let moves = 0;
    for (const pos of POSITIONS) {
      for (const m of legalMoves(pos)) {
        pos.doMove(m);
        const want = pos.inCheck();
        pos.undoMove(m);
        const got = givesCheck(pos, m);
        if (got !== want)
          expect.fail(`${makeSfen(pos)} ${makeUsiMove(m)}: givesCheck ${got}, playing it ${want}`);
        moves++;
        if (want) checks++;
      }
    }
    // The sample has to contain checks of every sort to mean anything.
    expect(moves).toBeGreaterThan(20_000);
    expect(checks).toBeGreaterThan(1_000);
  });
});

describe('isLegalMove', () => {
  it('accepts exactly the generated moves among legal, foreign, pseudo-legal and random ones', () => {
    const rng = makeRng(7);
    const foreign: Move[] = [];
    for (const pos of POSITIONS) for (const m of legalMoves(pos)) if (rng() < 0.05) foreign.push(m);
    let tried = 0;
    for (const pos of POSITIONS) {
      const sfen = makeSfen(pos);
      const legal = new Set(legalMoves(pos));
      const pseudo = Array.from(buffer.subarray(0, generatePseudoLegalMoves(pos, buffer, 0)));
      const candidates = [
        ...legal,
        ...pseudo,
        ...foreign.filter(() => rng() < 0.1),
        ...Array.from({ length: 50 }, () => Math.floor(rng() * (1 << 18))),
        0,
      ];
      for (const m of candidates) {
        const got = isLegalMove(pos, m);
        if (got !== legal.has(m))
          expect.fail(`${sfen} ${m} (${makeUsiMove(m)}): isLegalMove ${got}, generated ${!got}`);
        tried++;
      }
      expect(makeSfen(pos)).toBe(sfen);
    }
    expect(tried).toBeGreaterThan(50_000);
  });
});

describe('generatePseudoLegalMoves', () => {
  it('is the legal moves once king-exposing moves and drop-pawn mates are taken out', () => {
    for (const pos of POSITIONS) {
      const us = pos.sideToMove;
      const n = generatePseudoLegalMoves(pos, buffer, 0);
      const kept: string[] = [];
      for (const m of buffer.subarray(0, n)) {
        const forward = us === 0 ? -10 : 10;
        if (
          isDrop(m) &&
          (m >> 8) % 256 === 1 &&
          moveTo(m) + forward === pos.kingSquare[us ^ 1] &&
          isDropPawnMate(pos, moveTo(m))
        )
          continue;
        pos.doMove(m);
        if (pos.effectCount((us ^ 1) as 0 | 1, pos.kingSquare[us]!) === 0)
          kept.push(makeUsiMove(m));
        pos.undoMove(m);
      }
      expect(kept.sort(), makeSfen(pos)).toEqual(legalMoves(pos).map(makeUsiMove).sort());
    }
  });

  it('lets a side take the king after a move that exposed it', () => {
    const pos = mustParse('4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1');
    const n = generatePseudoLegalMoves(pos, buffer, 0);
    const moves = Array.from(buffer.subarray(0, n)).map(makeUsiMove);
    expect(moves).toContain('5h4h'); // the pinned gold steps aside
    pos.doMove(Array.from(buffer.subarray(0, n))[moves.indexOf('5h4h')]!);
    const replies = Array.from(buffer.subarray(0, generatePseudoLegalMoves(pos, buffer, 0))).map(
      makeUsiMove,
    );
    expect(replies).toContain('5e5i'); // and the rook takes the king
  });
});

describe('generateMoves modes', () => {
  it('split All into captures and quiets, and quiets into board moves and drops', () => {
    for (const pos of POSITIONS) {
      const all = generate(pos, GenMode.All).sort();
      const captures = generate(pos, GenMode.CapturesAndPromotions);
      const quiets = generate(pos, GenMode.Quiets);
      const board = generate(pos, GenMode.QuietBoardMoves);
      const drops = generate(pos, GenMode.Drops);
      expect([...captures, ...quiets].sort()).toEqual(all);
      expect([...board, ...drops].sort()).toEqual([...quiets].sort());
      expect(drops.every(isDrop)).toBe(true);
      expect(board.some(isDrop)).toBe(false);
    }
  });

  it('give quiescence exactly the captures worth reading, in the captures mode’s order', () => {
    let left = 0;
    for (const pos of POSITIONS) {
      const captures = generate(pos, GenMode.CapturesAndPromotions);
      const want = captures.filter((m) => !isPointlessInQuiescence(pos.board, m, pos.sideToMove));
      expect(generate(pos, GenMode.Quiescence).map(makeUsiMove), makeSfen(pos)).toEqual(
        want.map(makeUsiMove),
      );
      left += captures.length - want.length;
    }
    // The filter has work to do on these positions (quiet promotions, declined promotions).
    expect(left).toBeGreaterThan(POSITIONS.length);
  });
});
