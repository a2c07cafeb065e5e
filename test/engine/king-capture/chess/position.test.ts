/**
 * The chess position against chessops along random playouts, and the king-capture search's needs:
 * a king can be captured and undoMove restores everything, and `kingCanMove` agrees with its
 * play-and-look twin.
 */
import { describe, expect, it } from 'vitest';
import {
  ChessPosition,
  kindOf,
  Kind,
  kingCanMoveNaive,
  MOVE_CASTLE,
  MOVE_EN_PASSANT,
  movePromotion,
  parseSquare,
  SQUARES,
  squareName,
} from '../../../../src/engine/king-capture/chess/index';
import { makeRng, pick } from '../../helpers';
import {
  engineMoves,
  engineUcis,
  oracleFen,
  oracleFrom,
  oraclePlay,
  oracleSan,
  oracleUcis,
  PLAYOUT_STARTS,
  playoutMove,
} from './oracle';

/** Does every king square say where the king is (0 for a captured one)? */
function kingSquaresAgree(pos: ChessPosition): boolean {
  return ([0, 1] as const).every((color) => {
    const kings = SQUARES.filter((sq) => pos.pieceAt(sq) === (color << 3) + Kind.King);
    return kings.length === 0 ? !pos.hasKing(color) : pos.kingSquare[color] === kings[0];
  });
}

describe('chess position against chessops', () => {
  it('agrees on check, legal moves, SAN and FEN along random playouts', () => {
    const rng = makeRng(2019);
    const seen = { promotion: 0, enPassant: 0, castle: 0, check: 0 };
    for (const fen of PLAYOUT_STARTS) {
      for (let game = 0; game < 8; game++) {
        const pos = ChessPosition.fromFen(fen);
        const oracle = oracleFrom(fen);
        for (let ply = 0; ply < 80; ply++) {
          const where = oracleFen(oracle);
          expect(pos.toFen(), where).toBe(where);
          expect(ChessPosition.fromFen(where).toFen()).toBe(where);
          expect(pos.inCheck(), where).toBe(oracle.isCheck());
          const moves = engineMoves(pos);
          expect(moves.map((m) => pos.moveToUci(m)).sort(), where).toEqual(oracleUcis(oracle));
          if (ply % 10 === 0)
            for (const m of moves)
              expect(pos.moveToSan(m)).toBe(oracleSan(oracle, pos.moveToUci(m)));
          if (moves.length === 0) break;
          seen.check += pos.inCheck() ? 1 : 0;
          const m = playoutMove(rng, moves);
          seen.promotion += movePromotion(m) ? 1 : 0;
          seen.enPassant += m & MOVE_EN_PASSANT ? 1 : 0;
          seen.castle += m & MOVE_CASTLE ? 1 : 0;
          pos.doMove(m);
          oraclePlay(oracle, pos.moveToUci(m));
        }
      }
    }
    expect(seen.promotion).toBeGreaterThan(10);
    expect(seen.enPassant).toBeGreaterThan(5);
    expect(seen.castle).toBeGreaterThan(10);
    expect(seen.check).toBeGreaterThan(50);
  });
});

describe('capturing a king', () => {
  it('keeps the position whole after the king is taken and undoes both moves exactly', () => {
    // White's bishop on e2 is pinned against its king by the rook on e4.
    const fen = '4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 1';
    const pos = ChessPosition.fromFen(fen);
    const stepAside = pos.parseUci('e2d3');
    expect(engineUcis(pos)).not.toContain('e2d3'); // not legal, but pseudo-legal
    pos.doMove(stepAside);
    const takeKing = pos.parseUci('e4e1');
    expect(pos.capturesKing(takeKing)).toBe(true);
    expect(pos.capturesKing(pos.parseUci('e4e2'))).toBe(false);
    pos.doMove(takeKing);
    expect(pos.hasKing(0)).toBe(false);
    expect(pos.hasKing(1)).toBe(true);
    expect(pos.inCheck()).toBe(false);
    expect(pos.kingCanMove()).toBe(false);
    expect(pos.material()).toBe(330 - 500);
    expect(pos.toFen()).toBe('4k3/8/8/8/8/3B4/8/4r3 w - - 0 2');
    expect(engineUcis(pos, false)).toEqual(engineUcis(pos)); // no king: every move is legal
    expect(kingSquaresAgree(pos)).toBe(true);
    pos.undoMove(takeKing);
    pos.undoMove(stepAside);
    expect(pos.toFen()).toBe(fen);
    expect(pos.kingSquare[0]).toBe(parseSquare('e1'));
  });

  it('undoes random pseudo-legal walks through king captures exactly', () => {
    const rng = makeRng(4);
    let kingsTaken = 0;
    for (const fen of PLAYOUT_STARTS) {
      for (let game = 0; game < 10; game++) {
        const pos = ChessPosition.fromFen(fen);
        const played: number[] = [];
        const fens = [pos.toFen()];
        for (let ply = 0; ply < 60; ply++) {
          const moves = engineMoves(pos, false);
          if (moves.length === 0) break;
          // Take a king whenever one hangs, as a king-capture search would.
          const m = moves.find((move) => pos.capturesKing(move)) ?? pick(rng, moves);
          kingsTaken += pos.capturesKing(m) ? 1 : 0;
          pos.doMove(m);
          played.push(m);
          fens.push(pos.toFen());
          expect(kingSquaresAgree(pos)).toBe(true);
        }
        while (played.length > 0) {
          pos.undoMove(played.pop()!);
          fens.pop();
          expect(pos.toFen()).toBe(fens.at(-1));
          expect(kingSquaresAgree(pos)).toBe(true);
        }
      }
    }
    expect(kingsTaken).toBeGreaterThan(20);
  });
});

describe('kingCanMove', () => {
  it('agrees with its play-and-look twin on random positions', () => {
    const rng = makeRng(13);
    const answers = { true: 0, false: 0, inCheck: 0 };
    for (const fen of PLAYOUT_STARTS) {
      for (let game = 0; game < 10; game++) {
        const pos = ChessPosition.fromFen(fen);
        for (let ply = 0; ply < 80; ply++) {
          const canMove = pos.kingCanMove();
          expect(canMove, pos.toFen()).toBe(kingCanMoveNaive(pos));
          answers[`${canMove}`]++;
          answers.inCheck += pos.inCheck() ? 1 : 0;
          const moves = engineMoves(pos, ply % 3 !== 0); // now and then an illegal move
          if (moves.length === 0 || !pos.hasKing(0) || !pos.hasKing(1)) break;
          pos.doMove(pick(rng, moves));
        }
      }
    }
    expect(answers.false).toBeGreaterThan(50);
    expect(answers.true).toBeGreaterThan(50);
    expect(answers.inCheck).toBeGreaterThan(20);
  });

  it('sees a rook through the king: a king checked along the back rank cannot step away from it', () => {
    const pos = ChessPosition.fromFen('7k/8/8/8/8/8/3PPP2/r3K3 w - - 0 1');
    expect(pos.inCheck()).toBe(true);
    // With the king still on e1, f1 looks safe: the king's own body hides it from the rook…
    expect(pos.isAttacked(parseSquare('f1'), 1)).toBe(false);
    // …but after Kf1 the rook hits it, so the king has no step.
    expect(pos.kingCanMove()).toBe(false);
    expect(kingCanMoveNaive(pos)).toBe(false);
  });
});

describe('board access', () => {
  it('names and parses all 64 squares', () => {
    expect(SQUARES.map(squareName).slice(0, 3)).toEqual(['a1', 'b1', 'c1']);
    for (const sq of SQUARES) expect(parseSquare(squareName(sq))).toBe(sq);
    for (const bad of ['', 'a', 'a0', 'a9', 'i1', 'e44', 'E4']) expect(parseSquare(bad)).toBe(-1);
  });

  it('lists the pieces for drawing a board and counts material for the side to move', () => {
    const pos = ChessPosition.startpos();
    const pieces = pos.pieces();
    expect(pieces).toHaveLength(32);
    expect(pieces).toContainEqual({ square: 'e1', piece: 'K' });
    expect(pieces).toContainEqual({ square: 'd8', piece: 'q' });
    expect(kindOf(pos.pieceAt(parseSquare('g8')))).toBe(Kind.Knight);
    expect(pos.material()).toBe(0);
    const promote = ChessPosition.fromFen('8/k1P5/8/1K6/8/8/8/7Q w - - 0 1');
    expect(promote.material()).toBe(1000);
    promote.doMove(promote.parseUci('c7c8q'));
    expect(promote.material()).toBe(-1800);
  });
});
