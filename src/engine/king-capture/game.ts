/**
 * What a search needs to know of a game to decide its end in the ways chapter 8 compares
 * (seed 004): a game with pseudo-legal moves, in which the king can be taken, and legal moves for
 * the searches that know every rule. Shogi (our Position) and chess (chess/position.ts) both
 * stand behind it.
 */
import { DIRECTIONS, SLIDES_ALONG } from '../attacks';
import { movePromotion as chessMovePromotion, moveTo as chessMoveTo } from './chess/move';
import {
  kindOf as chessKindOf,
  Kind as ChessKind,
  PIECE_VALUE as CHESS_PIECE_VALUE,
} from './chess/piece';
import type { ChessPosition } from './chess/position';
import { evaluateMaterial, materialGain } from '../eval/material';
import { givesCheck } from '../move-check';
import { generateMoves } from '../movegen';
import { generatePseudoLegalMoves } from '../movegen-pseudo';
import { makeUsiMove } from '../notation';
import type { Position } from '../position';
import { dropKind, EMPTY, isDrop, Kind, moveTo, WALL } from '../types';

export interface KingCaptureGame {
  readonly name: 'shogi' | 'chess';
  /** Chess: a side with no legal move that is not in check is stalemated, a draw. Shogi: it loses. */
  readonly stalemateIsDraw: boolean;
  /** Shogi's 打ち歩詰め: a pawn drop that mates is not allowed. */
  readonly dropPawnMateRule: boolean;
  pseudoLegalMoves(out: Uint32Array, start: number): number;
  legalMoves(out: Uint32Array, start: number): number;
  doMove(move: number): void;
  undoMove(move: number): void;
  /** Can the side to move take the enemy king (so the enemy's last move left it en prise)? */
  canCaptureKing(): boolean;
  /** Is the side to move's king attacked? */
  inCheck(): boolean;
  /** Has the side to move's king a step to a square no enemy piece attacks? */
  kingCanMove(): boolean;
  /** Material from the side to move's point of view. */
  material(): number;
  /**
   * What `move` wins at once in material — the piece it captures and what a promotion adds — so
   * the search tries the big gains first; taking the king comes before everything.
   */
  orderValue(move: number): number;
  /** Is `move` a pawn drop that gives check? (Shogi; always false in chess.) */
  isCheckingPawnDrop(move: number): boolean;
  /** The move for people: SAN in chess, USI in shogi. */
  moveName(move: number): string;
  /** The move for programs: UCI in chess, USI in shogi. */
  moveText(move: number): string;
}

/** Value of a king for move ordering: taking it ends the game, so it goes first. */
export const KING_VICTIM = 1_000_000;

const legalScratch = new Uint32Array(600);

/** Shogi behind the interface: our Position, its pseudo-legal and legal generators. */
export function shogiGame(pos: Position): KingCaptureGame {
  return {
    name: 'shogi',
    stalemateIsDraw: false,
    dropPawnMateRule: true,
    pseudoLegalMoves: (out, start) => generatePseudoLegalMoves(pos, out, start),
    legalMoves: (out, start) => generateMoves(pos, out, start),
    doMove: (m) => pos.doMove(m),
    undoMove: (m) => pos.undoMove(m),
    canCaptureKing: () => {
      const enemyKing = pos.kingSquare[pos.sideToMove ^ 1]!;
      return enemyKing !== 0 && pos.effectCount(pos.sideToMove, enemyKing) > 0;
    },
    inCheck: () => pos.inCheck(),
    kingCanMove: () => {
      const us = pos.sideToMove;
      const king = pos.kingSquare[us]!;
      if (king === 0) return false;
      // Effect counts stop at the king, so a slider checking it along a line also covers the
      // square behind the king: count that square as attacked.
      for (const d of DIRECTIONS) {
        const s = king + d;
        const t = pos.board[s]!;
        if (t === WALL || (t !== EMPTY && t >> 4 === us)) continue;
        if (pos.effectCount((us ^ 1) as 0 | 1, s) > 0) continue;
        if (behindKingOnALine(pos, king, d)) continue;
        return true;
      }
      return false;
    },
    material: () => evaluateMaterial(pos),
    orderValue: (m) =>
      (pos.board[moveTo(m)]! & 15) === Kind.King ? KING_VICTIM : materialGain(pos, m),
    isCheckingPawnDrop: (m) => isDrop(m) && dropKind(m) === Kind.Pawn && givesCheck(pos, m),
    moveName: (m) => makeUsiMove(m),
    moveText: (m) => makeUsiMove(m),
  };
}

/**
 * Does an enemy slider see the king along direction d (standing on the side opposite to
 * `king` + d), so that the square the king would step to stays on its line? The effect counts
 * stop at the king and do not say so.
 */
function behindKingOnALine(pos: Position, king: number, d: number): boolean {
  const them = pos.sideToMove ^ 1;
  let s = king - d;
  while (pos.board[s] === EMPTY) s -= d;
  const p = pos.board[s]!;
  return p !== WALL && p >> 4 === them && SLIDES_ALONG[p * 32 + d + 16] === 1;
}

/** Legal moves through the interface, as a fresh array (tests and widgets). */
export function legalMoveList(game: KingCaptureGame): number[] {
  const n = game.legalMoves(legalScratch, 0);
  return Array.from(legalScratch.subarray(0, n));
}

/** Chess behind the interface: chess/position.ts, its pseudo-legal and legal generators. */
export function chessGame(pos: ChessPosition): KingCaptureGame {
  return {
    name: 'chess',
    stalemateIsDraw: true,
    dropPawnMateRule: false,
    pseudoLegalMoves: (out, start) => pos.pseudoLegalMoves(out, start),
    legalMoves: (out, start) => pos.legalMoves(out, start),
    doMove: (m) => pos.doMove(m),
    undoMove: (m) => pos.undoMove(m),
    canCaptureKing: () => {
      const enemyKing = pos.kingSquare[pos.sideToMove ^ 1]!;
      return enemyKing !== 0 && pos.isAttacked(enemyKing, pos.sideToMove);
    },
    inCheck: () => pos.inCheck(),
    kingCanMove: () => pos.kingCanMove(),
    material: () => pos.material(),
    orderValue: (m) => {
      const t = pos.pieceAt(chessMoveTo(m));
      if (chessKindOf(t) === ChessKind.King) return KING_VICTIM;
      const promotion = chessMovePromotion(m);
      const gain =
        promotion === 0 ? 0 : CHESS_PIECE_VALUE[promotion]! - CHESS_PIECE_VALUE[ChessKind.Pawn]!;
      return (t === 0 ? 0 : CHESS_PIECE_VALUE[chessKindOf(t)]!) + gain;
    },
    isCheckingPawnDrop: () => false,
    moveName: (m) => pos.moveToSan(m),
    moveText: (m) => pos.moveToUci(m),
  };
}
