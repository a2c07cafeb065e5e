/**
 * chessops (lichess's chess library) as the oracle for src/engine/king-capture/chess: its positions, its legal
 * moves as UCI, its SAN and perft, and a small mate search on top of it. Only tests import it.
 */
import { Chess, normalizeMove } from 'chessops/chess';
import { perft } from 'chessops/debug';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import type { Role } from 'chessops/types';
import { makeUci, parseUci, squareRank } from 'chessops/util';
import {
  ChessPosition,
  MAX_CHESS_MOVES,
  MOVE_CASTLE,
  MOVE_DOUBLE_PUSH,
  MOVE_EN_PASSANT,
  movePromotion,
} from '../../../../src/engine/king-capture/chess/index';
import { pick } from '../../helpers';

/** Chess Programming Wiki, "Perft Results": the start position and positions 2 (Kiwipete) to 6. */
export const STANDARD = {
  startpos: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  kiwipete: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  position3: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  position4: 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  position5: 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  position6: 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
};

/** Starts for random playouts: the six above and a promotion bug-catcher (same page). */
export const PLAYOUT_STARTS = [
  ...Object.values(STANDARD),
  'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1',
];

export const oracleFrom = (fen: string): Chess => Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
export const oracleFen = (pos: Chess): string => makeFen(pos.toSetup());
export const oraclePerft = (pos: Chess, depth: number): number => perft(pos, depth);

const PROMOTIONS: Role[] = ['queen', 'rook', 'bishop', 'knight'];

/** chessops' legal moves as sorted UCI, castling written as the king's two-square move. */
export function oracleUcis(pos: Chess): string[] {
  const out: string[] = [];
  for (const [from, dests] of pos.allDests()) {
    const role = pos.board.getRole(from);
    for (const to of dests) {
      if (role === 'king' && pos.board[pos.turn].has(to)) {
        // chessops castles by moving the king onto its own rook.
        out.push(makeUci({ from, to: (from & ~7) + (to > from ? 6 : 2) }));
      } else if (role === 'pawn' && (squareRank(to) === 0 || squareRank(to) === 7)) {
        for (const promotion of PROMOTIONS) out.push(makeUci({ from, to, promotion }));
      } else out.push(makeUci({ from, to }));
    }
  }
  return out.sort();
}

const oracleMove = (pos: Chess, uci: string) => normalizeMove(pos, parseUci(uci)!);
export const oraclePlay = (pos: Chess, uci: string): void => pos.play(oracleMove(pos, uci));
export const oracleSan = (pos: Chess, uci: string): string => makeSan(pos, oracleMove(pos, uci));

/** Our moves, packed, from either generator. */
export function engineMoves(pos: ChessPosition, legal = true): number[] {
  const moves = new Uint32Array(MAX_CHESS_MOVES);
  const n = legal ? pos.legalMoves(moves, 0) : pos.pseudoLegalMoves(moves, 0);
  return Array.from(moves.subarray(0, n));
}

export const engineUcis = (pos: ChessPosition, legal = true): string[] =>
  engineMoves(pos, legal)
    .map((m) => pos.moveToUci(m))
    .sort();

/**
 * A random move for a playout; half the time one of the rarer kinds (double push, en passant,
 * castling, promotion) when there is one, so that playouts reach them often.
 */
export function playoutMove(rng: () => number, moves: readonly number[]): number {
  const rare = moves.filter(
    (m) => m & (MOVE_DOUBLE_PUSH | MOVE_EN_PASSANT | MOVE_CASTLE) || movePromotion(m),
  );
  return pick(rng, rare.length > 0 && rng() < 0.5 ? rare : moves);
}

/** Does the side to move force mate within `moves` of its own moves? (chessops, exhaustive.) */
export function oracleMateIn(pos: Chess, moves: number): boolean {
  return oracleUcis(pos).some((uci) => oracleMatesWith(pos, uci, moves));
}

/** Does playing `uci` first force mate within `moves` moves of the side to move, `uci` included? */
export function oracleMatesWith(pos: Chess, uci: string, moves: number): boolean {
  const next = pos.clone();
  oraclePlay(next, uci);
  if (next.isCheckmate()) return true;
  if (moves === 1 || next.isEnd()) return false;
  return oracleUcis(next).every((reply) => {
    const after = next.clone();
    oraclePlay(after, reply);
    return oracleMateIn(after, moves - 1);
  });
}

/** The fewest moves in which the side to move forces mate, up to `max`; null if none. */
export function oracleShortestMate(pos: Chess, max: number): number | null {
  for (let n = 1; n <= max; n++) if (oracleMateIn(pos, n)) return n;
  return null;
}
