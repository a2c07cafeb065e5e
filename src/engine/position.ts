/**
 * The position: a mutable board with doMove / undoMove and a per-ply state stack (Stockfish's
 * `StateInfo`, here a set of typed arrays indexed by ply).
 *
 * What doMove keeps up to date: the board and hands, the side to move, the Zobrist key, the
 * king squares, the files holding each side's pawns (for 二歩), the material balance and the
 * effect counts (利き) with the long effects beside them.
 * Effects are copy-make: doMove copies the current block of counts into the next ply's slot
 * and updates it incrementally; undoMove steps back to the previous slot, which was never touched.
 *
 * The fields and the stacks, with the null move and the checks against a recomputation, are in
 * position-state.ts (`PositionState`); `Position` adds the moves and the set-up.
 */
import {
  computeEffects,
  EFFECT_STRIDE,
  MAX_TOUCHED,
  updatePieceEffect,
  updateRaysThrough,
} from './effect';
import { CAPTURE_VALUE, computeMaterial, PROMOTION_GAIN } from './eval/piece-values';
import { BOARD_SIZE, fileOf, square, SQUARE_BIT, SQUARE_WORD, SQUARES } from './square';
import {
  type Color,
  dropKind,
  EMPTY,
  GOTE_BIT,
  isDrop,
  isPromotion,
  Kind,
  type Move,
  moveFrom,
  moveTo,
  PROMOTED,
} from './types';
import {
  HAND_KEY_HI,
  HAND_KEY_LO,
  handKeyIndex,
  PIECE_KEY_HI,
  PIECE_KEY_LO,
  SIDE_KEY_HI,
  SIDE_KEY_LO,
} from './zobrist';
import { computeKey, computeOccupied, PositionState } from './position-state';

export class Position extends PositionState {
  /** The initial position (平手), sente to move. */
  static startpos(): Position {
    const pos = new Position();
    const back = [
      Kind.Lance,
      Kind.Knight,
      Kind.Silver,
      Kind.Gold,
      Kind.King,
      Kind.Gold,
      Kind.Silver,
      Kind.Knight,
      Kind.Lance,
    ];
    for (let file = 1; file <= 9; file++) {
      const kind = back[file - 1]!;
      pos.board[square(file, 9)] = kind;
      pos.board[square(file, 1)] = kind | GOTE_BIT;
      pos.board[square(file, 7)] = Kind.Pawn;
      pos.board[square(file, 3)] = Kind.Pawn | GOTE_BIT;
    }
    pos.board[square(8, 8)] = Kind.Bishop;
    pos.board[square(2, 8)] = Kind.Rook;
    pos.board[square(2, 2)] = Kind.Bishop | GOTE_BIT;
    pos.board[square(8, 2)] = Kind.Rook | GOTE_BIT;
    pos.resetDerivedState();
    return pos;
  }

  /** The number of `color`'s pieces bearing on `sq` (利きの数). */
  effectCount(color: Color, sq: number): number {
    return this.effects[this.effectBase + color * BOARD_SIZE + sq]!;
  }

  /** Is the side to move in check? One lookup: the opponent's effect on our king's square. */
  inCheck(): boolean {
    const us = this.sideToMove;
    return this.effects[this.effectBase + (us ^ 1) * BOARD_SIZE + this.kingSquare[us]!]! !== 0;
  }

  /** How many enemy pieces give check (0, 1 or 2). */
  checkerCount(): number {
    const us = this.sideToMove;
    return this.effects[this.effectBase + (us ^ 1) * BOARD_SIZE + this.kingSquare[us]!]!;
  }

  handCount(color: Color, kind: number): number {
    return this.hand[color * 8 + kind]!;
  }

  // #region key-after
  /**
   * The Zobrist key of the position after `move` (legal here), into `nextKeyLo`/`nextKeyHi`,
   * without playing it: the side to move changes, the piece leaves its square (or the hand) and
   * arrives, promoted or not, and a captured piece goes to the hand. doMove takes its key from
   * here; a search may use it to ask about a child before playing the move.
   */
  keyAfter(move: Move): void {
    const { board, hand } = this;
    const us = this.sideToMove;
    const to = moveTo(move);
    const from = moveFrom(move);
    let lo = this.keyLo ^ SIDE_KEY_LO;
    let hi = this.keyHi ^ SIDE_KEY_HI;
    if (isDrop(move)) {
      const kind = dropKind(move);
      const piece = kind | (us << 4);
      // The hand's key for `count` pieces of the kind, and for one fewer.
      const k = handKeyIndex(us, kind, hand[us * 8 + kind]!);
      lo ^= HAND_KEY_LO[k]! ^ HAND_KEY_LO[k - 1]! ^ PIECE_KEY_LO[piece * BOARD_SIZE + to]!;
      hi ^= HAND_KEY_HI[k]! ^ HAND_KEY_HI[k - 1]! ^ PIECE_KEY_HI[piece * BOARD_SIZE + to]!;
    } else {
      const piece = board[from]!;
      const captured = board[to]!;
      const moved = isPromotion(move) ? piece + PROMOTED : piece;
      lo ^= PIECE_KEY_LO[piece * BOARD_SIZE + from]! ^ PIECE_KEY_LO[moved * BOARD_SIZE + to]!;
      hi ^= PIECE_KEY_HI[piece * BOARD_SIZE + from]! ^ PIECE_KEY_HI[moved * BOARD_SIZE + to]!;
      if (captured !== EMPTY) {
        lo ^= PIECE_KEY_LO[captured * BOARD_SIZE + to]!;
        hi ^= PIECE_KEY_HI[captured * BOARD_SIZE + to]!;
        const kind = captured & 7; // promoted kinds fold back: 9..14 → 1..6; the king to 0
        if (kind !== 0) {
          // The hand's key for its pieces of the kind, and for one more.
          const k = handKeyIndex(us, kind, hand[us * 8 + kind]!);
          lo ^= HAND_KEY_LO[k]! ^ HAND_KEY_LO[k + 1]!;
          hi ^= HAND_KEY_HI[k]! ^ HAND_KEY_HI[k + 1]!;
        }
      }
    }
    this.nextKeyLo = lo;
    this.nextKeyHi = hi;
    this.nextKeyMove = move;
  }
  // #endregion

  // #region do-move
  /** Play a legal move. The caller guarantees legality (movegen or parseUsiMove produced it). */
  doMove(move: Move): void {
    const ply = this.ply;
    if (ply >= this.plies) this.grow();
    const { board, effects, hand, touched, occupied } = this;
    const us = this.sideToMove;
    const to = moveTo(move);
    const from = moveFrom(move);
    let t = ply * MAX_TOUCHED;
    const base = this.effectBase + EFFECT_STRIDE;
    this.effectBlocks[ply + 1]!.set(this.effectBlocks[ply]!);
    this.effectBase = base;
    this.pawnFilesStack[ply * 2] = this.pawnFiles[0]!;
    this.pawnFilesStack[ply * 2 + 1] = this.pawnFiles[1]!;
    this.materialStack[ply] = this.material;
    const sign = us === 0 ? 1 : -1;
    // The key may be known already: a search that asked about the child first (keyAfter).
    if (this.nextKeyMove !== move) this.keyAfter(move);

    if (isDrop(move)) {
      const piece = dropKind(move) | (us << 4);
      const h = us * 8 + dropKind(move);
      hand[h] = hand[h]! - 1;
      board[to] = piece;
      occupied[us * 3 + SQUARE_WORD[to]!]! |= SQUARE_BIT[to]!;
      t = updateRaysThrough(board, effects, base, to, -1, touched, t);
      t = updatePieceEffect(board, effects, base, piece, to, 1, touched, t);
      if (from === Kind.Pawn) this.pawnFiles[us]! |= 1 << (fileOf(to) - 1);
      this.capturedStack[ply] = EMPTY;
    } else {
      const piece = board[from]!;
      const captured = board[to]!;
      const moved = isPromotion(move) ? piece + PROMOTED : piece;
      t = updatePieceEffect(board, effects, base, piece, from, -1, touched, t);
      if (moved !== piece) this.material += sign * PROMOTION_GAIN[piece & 15]!;
      if (captured !== EMPTY) {
        t = updatePieceEffect(board, effects, base, captured, to, -1, touched, t);
        const kind = captured & 7; // promoted kinds fold back: 9..14 → 1..6; the king to 0
        if (kind !== 0) {
          hand[us * 8 + kind]!++;
          this.material += sign * CAPTURE_VALUE[captured & 15]!;
          if (captured === (Kind.Pawn | ((us ^ 1) << 4)))
            this.pawnFiles[us ^ 1]! &= ~(1 << (fileOf(to) - 1));
        } else {
          // A king-capture search (chapter 8) may take the king: the game is over, and the
          // king goes nowhere (not into the hand); the side simply has no king square any more.
          this.kingSquare[us ^ 1] = 0;
        }
      }
      board[from] = EMPTY;
      t = updateRaysThrough(board, effects, base, from, 1, touched, t);
      board[to] = moved;
      occupied[us * 3 + SQUARE_WORD[from]!]! ^= SQUARE_BIT[from]!;
      occupied[us * 3 + SQUARE_WORD[to]!]! |= SQUARE_BIT[to]!;
      if (captured !== EMPTY) occupied[(us ^ 1) * 3 + SQUARE_WORD[to]!]! ^= SQUARE_BIT[to]!;
      if (captured === EMPTY) t = updateRaysThrough(board, effects, base, to, -1, touched, t);
      t = updatePieceEffect(board, effects, base, moved, to, 1, touched, t);
      if ((piece & 15) === Kind.King) this.kingSquare[us] = to;
      else if (moved !== piece && (piece & 15) === Kind.Pawn)
        this.pawnFiles[us]! &= ~(1 << (fileOf(to) - 1));
      this.capturedStack[ply] = captured;
    }

    this.keyLo = this.nextKeyLo;
    this.keyHi = this.nextKeyHi;
    this.nextKeyMove = 0;
    this.moveStack[ply] = move;
    this.touchedCount[ply] = t - ply * MAX_TOUCHED;
    this.sideToMove = (us ^ 1) as Color;
    this.ply = ply + 1;
    this.keyLoStack[ply + 1] = this.keyLo;
    this.keyHiStack[ply + 1] = this.keyHi;
    this.checkStack[ply + 1] = this.inCheck() ? 1 : 0;
    this.pliesFromNullStack[ply + 1] = this.pliesFromNullStack[ply]! + 1;
  }
  // #endregion

  // #region undo-move
  /** Take back `move`, which must be the last move played. */
  undoMove(move: Move): void {
    const { board, hand, occupied } = this;
    const ply = this.ply - 1;
    this.nextKeyMove = 0;
    const us = (this.sideToMove ^ 1) as Color;
    const to = moveTo(move);
    const from = moveFrom(move);
    occupied[us * 3 + SQUARE_WORD[to]!]! ^= SQUARE_BIT[to]!;
    if (isDrop(move)) {
      board[to] = EMPTY;
      hand[us * 8 + dropKind(move)]!++;
    } else {
      const moved = board[to]!;
      const piece = isPromotion(move) ? moved - PROMOTED : moved;
      const captured = this.capturedStack[ply]!;
      board[from] = piece;
      board[to] = captured;
      occupied[us * 3 + SQUARE_WORD[from]!]! |= SQUARE_BIT[from]!;
      if (captured !== EMPTY) occupied[(us ^ 1) * 3 + SQUARE_WORD[to]!]! |= SQUARE_BIT[to]!;
      if (captured !== EMPTY) {
        if ((captured & 7) !== 0) hand[us * 8 + (captured & 7)]!--;
        else this.kingSquare[us ^ 1] = to;
      }
      if ((piece & 15) === Kind.King) this.kingSquare[us] = from;
    }
    this.pawnFiles[0] = this.pawnFilesStack[ply * 2]!;
    this.pawnFiles[1] = this.pawnFilesStack[ply * 2 + 1]!;
    this.material = this.materialStack[ply]!;
    this.effectBase -= EFFECT_STRIDE;
    this.sideToMove = us;
    this.ply = ply;
    this.keyLo = this.keyLoStack[ply]!;
    this.keyHi = this.keyHiStack[ply]!;
  }
  // #endregion

  /**
   * Recompute everything derived (key, kings, pawn files, effects) from board, hands and side.
   * Called once after set-up; the result becomes ply 0 of the state stack.
   */
  resetDerivedState(): void {
    const { lo, hi } = computeKey(this);
    this.keyLo = lo;
    this.keyHi = hi;
    this.nextKeyMove = 0;
    this.kingSquare.fill(0);
    this.pawnFiles.fill(0);
    this.occupied.set(computeOccupied(this.board));
    for (const sq of SQUARES) {
      const p = this.board[sq]!;
      if ((p & 15) === Kind.King) this.kingSquare[p >> 4] = sq;
      if ((p & 15) === Kind.Pawn) this.pawnFiles[p >> 4]! |= 1 << (fileOf(sq) - 1);
    }
    this.ply = 0;
    this.effectBase = 0;
    this.effects.set(computeEffects(this.board), 0);
    this.keyLoStack[0] = this.keyLo;
    this.keyHiStack[0] = this.keyHi;
    this.checkStack[0] = this.inCheck() ? 1 : 0;
    this.pliesFromNullStack[0] = 0;
    this.material = computeMaterial(this);
  }

  /** A copy of the current position (history not included: the copy starts at ply 0). */
  clone(): Position {
    const p = new Position();
    p.board.set(this.board);
    p.hand.set(this.hand);
    p.sideToMove = this.sideToMove;
    p.startMoveNumber = this.startMoveNumber + this.ply;
    p.resetDerivedState();
    return p;
  }
}
