/**
 * The position: a mutable board with doMove / undoMove and a per-ply state stack (Stockfish's
 * `StateInfo`, here a set of typed arrays indexed by ply).
 *
 * What doMove keeps up to date: the board and hands, the side to move, the Zobrist key, the
 * king squares, the files holding each side's pawns (for 二歩), the material balance and the
 * effect counts (利き) with the long effects beside them.
 * Effects are copy-make: doMove copies the current block of counts into the next ply's slot
 * and updates it incrementally; undoMove steps back to the previous slot, which was never touched.
 */
import {
  computeEffects,
  EFFECT_STRIDE,
  LONG_EFFECT,
  MAX_TOUCHED,
  updatePieceEffect,
  updateRaysThrough,
} from './effect';
import { CAPTURE_VALUE, computeMaterial, PROMOTION_GAIN } from './eval/piece-values';
import {
  BOARD_SIZE,
  fileOf,
  square,
  SQUARE_BIT,
  SQUARE_WORD,
  SQUARES,
  SQ81,
  BITS_PER_WORD,
} from './square';
import {
  type Color,
  dropKind,
  EMPTY,
  GOTE_BIT,
  isDrop,
  isPromotion,
  Kind,
  KIND_COUNT,
  type Move,
  moveFrom,
  moveTo,
  PROMOTED,
  WALL,
} from './types';
import {
  HAND_KEY_HI,
  HAND_KEY_LO,
  handKeyIndex,
  PIECE_KEY_HI,
  PIECE_KEY_LO,
  SIDE_KEY_HI,
  SIDE_KEY_LO,
  keyToHex,
} from './zobrist';

/** How many moves a position can hold on its stack: a long game plus a deep search. */
export const MAX_PLY = 1024;

/**
 * How many plies the stacks hold when a position is made: they double as moves are played, up
 * to MAX_PLY. At MAX_PLY from the start a position would cost about 1 MB (the effect counts of
 * every ply are 520 bytes, the touched squares 384), and the pages make positions freely: to show
 * a move, to check a typed line.
 */
const FIRST_PLIES = 16;

const WALL_BOARD = (() => {
  const b = new Uint8Array(BOARD_SIZE).fill(WALL);
  for (const sq of SQUARES) b[sq] = EMPTY;
  return b;
})();

export class Position {
  /** Piece on each padded square: 0 empty, 64 wall, else kind | colour << 4. */
  readonly board = new Uint8Array(BOARD_SIZE);
  /**
   * Each side's occupied squares as bitsets, `occupied[color * 3 + word]` (square.ts says how a
   * square maps to a bit): move generation walks a side's pieces, or the empty squares, in reading
   * order without looking at all 81 squares.
   */
  readonly occupied = new Int32Array(6);
  /** Pieces in hand (持ち駒): `hand[color * 8 + kind]` for kinds 1..7. */
  readonly hand = new Uint8Array(16);
  /** King squares by colour; 0 (a wall square, never attacked) when a side has no king. */
  readonly kingSquare = new Uint8Array(2);
  sideToMove: Color = 0;
  /** Moves made since the position was set up (index into the state stack). */
  ply = 0;
  /** The SFEN move number of the set-up position. */
  startMoveNumber = 1;
  keyLo = 0;
  keyHi = 0;
  /** Bit f-1 set when the side has an unpromoted pawn on file f. */
  readonly pawnFiles = new Uint16Array(2);
  /**
   * Material on the board and in hand, sente's minus gote's (kings not counted), kept move by
   * move; `computeMaterial` is its from-scratch twin.
   */
  material = 0;

  /** Effect counts of every ply, `EFFECT_STRIDE` bytes each; the current block starts at `effectBase`. */
  effects = new Uint8Array((FIRST_PLIES + 1) * EFFECT_STRIDE);
  effectBase = 0;

  // The state stack: what undoMove needs, and what repetition looks back over.
  private capturedStack = new Uint8Array(FIRST_PLIES + 1);
  /**
   * The move played from each ply (0 for a null move): with the captured piece, what an
   * incremental evaluation needs to know which squares changed since an earlier ply.
   */
  moveStack = new Uint32Array(FIRST_PLIES + 1);
  /**
   * The squares whose effect counts the move from each ply changed, `MAX_TOUCHED` a ply, some
   * more than once (`touchedCount[ply]` of them): an incremental evaluation looks only there.
   */
  touched = new Uint8Array((FIRST_PLIES + 1) * MAX_TOUCHED);
  touchedCount = new Uint16Array(FIRST_PLIES + 1);
  private pawnFilesStack = new Uint16Array((FIRST_PLIES + 1) * 2);
  keyLoStack = new Uint32Array(FIRST_PLIES + 1);
  keyHiStack = new Uint32Array(FIRST_PLIES + 1);
  /** 1 when the side to move at that ply was in check (for perpetual check). */
  checkStack = new Uint8Array(FIRST_PLIES + 1);
  /**
   * Plies since the last null move (or since set-up) at each ply: a repetition is only looked
   * for this far back, since a position before a pass was not reached by moves.
   */
  pliesFromNullStack = new Uint16Array(FIRST_PLIES + 1);
  private materialStack = new Int32Array(FIRST_PLIES + 1);
  /** How many plies the stacks hold now (they hold one slot more, for the position after the last). */
  private plies = FIRST_PLIES;

  constructor() {
    this.board.set(WALL_BOARD);
  }

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

  /** The key `keyAfter` computed last. */
  nextKeyLo = 0;
  nextKeyHi = 0;

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
    this.nextKeyLo = lo >>> 0;
    this.nextKeyHi = hi >>> 0;
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
    const prevBase = this.effectBase;
    const base = prevBase + EFFECT_STRIDE;
    effects.copyWithin(base, prevBase, base);
    this.effectBase = base;
    this.pawnFilesStack[ply * 2] = this.pawnFiles[0]!;
    this.pawnFilesStack[ply * 2 + 1] = this.pawnFiles[1]!;
    this.materialStack[ply] = this.material;
    const sign = us === 0 ? 1 : -1;
    this.keyAfter(move);

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

  // #region null-move
  /**
   * Pass: the other side moves twice. Not a shogi move, a search device (null-move pruning).
   * The side to move must not be in check. Effects do not change, but the slot is still copied
   * so that undo stays a step back.
   */
  doNullMove(): void {
    const ply = this.ply;
    if (ply >= this.plies) this.grow();
    const base = this.effectBase + EFFECT_STRIDE;
    this.effects.copyWithin(base, this.effectBase, base);
    this.effectBase = base;
    this.pawnFilesStack[ply * 2] = this.pawnFiles[0]!;
    this.pawnFilesStack[ply * 2 + 1] = this.pawnFiles[1]!;
    this.materialStack[ply] = this.material;
    this.capturedStack[ply] = EMPTY;
    this.moveStack[ply] = 0;
    this.touchedCount[ply] = 0;
    this.keyLo = (this.keyLo ^ SIDE_KEY_LO) >>> 0;
    this.keyHi = (this.keyHi ^ SIDE_KEY_HI) >>> 0;
    this.sideToMove = (this.sideToMove ^ 1) as Color;
    this.ply = ply + 1;
    this.keyLoStack[ply + 1] = this.keyLo;
    this.keyHiStack[ply + 1] = this.keyHi;
    this.checkStack[ply + 1] = 0;
    this.pliesFromNullStack[ply + 1] = 0;
  }

  undoNullMove(): void {
    this.ply--;
    this.effectBase -= EFFECT_STRIDE;
    this.sideToMove = (this.sideToMove ^ 1) as Color;
    this.keyLo = this.keyLoStack[this.ply]!;
    this.keyHi = this.keyHiStack[this.ply]!;
  }
  // #endregion

  /**
   * Twice the room on every stack (up to MAX_PLY plies), what is on them kept. A caller holding
   * one of the arrays across a doMove must read it again after (the search's hot paths read
   * `pos.effects` afresh in each function).
   */
  private grow(): void {
    if (this.plies >= MAX_PLY) throw new Error(`position stack is full (${MAX_PLY} plies)`);
    const plies = Math.min(MAX_PLY, this.plies * 2);
    const wider = <T extends Uint8Array | Uint16Array | Uint32Array | Int32Array>(
      old: T,
      perPly: number,
    ): T => {
      const grown = new (old.constructor as new (length: number) => T)((plies + 1) * perPly);
      grown.set(old);
      return grown;
    };
    this.effects = wider(this.effects, EFFECT_STRIDE);
    this.capturedStack = wider(this.capturedStack, 1);
    this.moveStack = wider(this.moveStack, 1);
    this.touched = wider(this.touched, MAX_TOUCHED);
    this.touchedCount = wider(this.touchedCount, 1);
    this.pawnFilesStack = wider(this.pawnFilesStack, 2);
    this.keyLoStack = wider(this.keyLoStack, 1);
    this.keyHiStack = wider(this.keyHiStack, 1);
    this.checkStack = wider(this.checkStack, 1);
    this.pliesFromNullStack = wider(this.pliesFromNullStack, 1);
    this.materialStack = wider(this.materialStack, 1);
    this.plies = plies;
  }

  /** The piece captured by the last move (0 if none). */
  lastCaptured(): number {
    return this.ply > 0 ? this.capturedStack[this.ply - 1]! : EMPTY;
  }

  /** The piece the move played from `ply` captured (0 if none), for ply < the current ply. */
  capturedAt(ply: number): number {
    return this.capturedStack[ply]!;
  }

  /**
   * Recompute everything derived (key, kings, pawn files, effects) from board, hands and side.
   * Called once after set-up; the result becomes ply 0 of the state stack.
   */
  resetDerivedState(): void {
    const { lo, hi } = computeKey(this);
    this.keyLo = lo;
    this.keyHi = hi;
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

  /**
   * Check the incremental state against a from-scratch recomputation; returns what differs, or
   * null. Tests call it after every doMove and undoMove of a perft walk.
   */
  checkInvariants(): string | null {
    const fresh = computeEffects(this.board);
    for (const sq of SQUARES) {
      for (let c = 0; c < 2; c++) {
        const got = this.effects[this.effectBase + c * BOARD_SIZE + sq]!;
        const want = fresh[c * BOARD_SIZE + sq]!;
        if (got !== want) return `effect of colour ${c} on square ${sq}: ${got}, expected ${want}`;
        const gotLong = this.effects[this.effectBase + LONG_EFFECT + c * BOARD_SIZE + sq]!;
        const wantLong = fresh[LONG_EFFECT + c * BOARD_SIZE + sq]!;
        if (gotLong !== wantLong)
          return `long effects of colour ${c} on square ${sq}: ${gotLong}, expected ${wantLong}`;
      }
    }
    const { lo, hi } = computeKey(this);
    if (lo !== this.keyLo || hi !== this.keyHi)
      return `key ${keyToHex(this.keyLo, this.keyHi)}, expected ${keyToHex(lo, hi)}`;
    for (const sq of SQUARES) {
      const p = this.board[sq]!;
      if ((p & 15) === Kind.King && this.kingSquare[p >> 4] !== sq)
        return `king square of colour ${p >> 4}`;
    }
    for (let c = 0; c < 2; c++) {
      const king = this.kingSquare[c]!;
      if (king !== 0 && this.board[king] !== (Kind.King | (c << 4)))
        return `king square of colour ${c}: ${king} holds no king of that colour`;
      if (king === 0 && SQUARES.some((sq) => this.board[sq] === (Kind.King | (c << 4))))
        return `king square of colour ${c}: 0, but the king is on the board`;
      if (this.hand[c * 8] !== 0) return `hand slot 0 of colour ${c} holds ${this.hand[c * 8]}`;
      for (let k = Kind.Pawn; k <= Kind.Gold; k++)
        if (this.hand[c * 8 + k]! > KIND_COUNT[k])
          return `hand of colour ${c}: ${this.hand[c * 8 + k]} of kind ${k}`;
    }
    const files = [0, 0];
    for (const sq of SQUARES) {
      const p = this.board[sq]!;
      if ((p & 15) === Kind.Pawn) files[p >> 4]! |= 1 << (fileOf(sq) - 1);
    }
    if (files[0] !== this.pawnFiles[0] || files[1] !== this.pawnFiles[1]) return 'pawn files';
    const material = computeMaterial(this);
    if (material !== this.material) return `material ${this.material}, expected ${material}`;
    if (this.ply > 0) {
      // Every count the last move changed is among the squares it says it touched.
      const listed = new Set(
        this.touched.subarray(
          (this.ply - 1) * MAX_TOUCHED,
          (this.ply - 1) * MAX_TOUCHED + this.touchedCount[this.ply - 1]!,
        ),
      );
      const prev = this.effectBase - EFFECT_STRIDE;
      for (const sq of SQUARES)
        for (let c = 0; c < 2; c++)
          if (
            this.effects[this.effectBase + c * BOARD_SIZE + sq] !==
              this.effects[prev + c * BOARD_SIZE + sq] &&
            !listed.has(sq)
          )
            return `effect of colour ${c} on square ${sq} changed, but the move did not list it`;
    }
    const occupied = computeOccupied(this.board);
    for (let w = 0; w < 6; w++)
      if (occupied[w] !== this.occupied[w])
        return `occupied word ${w}: ${this.occupied[w]}, expected ${occupied[w]}`;
    return null;
  }

  /** Bytes held by a position and its stacks. */
  memoryBytes(): number {
    return (
      this.board.byteLength +
      this.occupied.byteLength +
      this.hand.byteLength +
      this.effects.byteLength +
      this.capturedStack.byteLength +
      this.moveStack.byteLength +
      this.touched.byteLength +
      this.touchedCount.byteLength +
      this.pawnFilesStack.byteLength +
      this.keyLoStack.byteLength +
      this.keyHiStack.byteLength +
      this.checkStack.byteLength +
      this.pliesFromNullStack.byteLength +
      this.materialStack.byteLength
    );
  }

  keyHex(): string {
    return keyToHex(this.keyLo, this.keyHi);
  }
}

/** Each side's occupancy bitsets from the board: the twin of doMove's updates. */
export function computeOccupied(board: Uint8Array): Int32Array {
  const occupied = new Int32Array(6);
  for (const sq of SQUARES) {
    const p = board[sq]!;
    if (p !== EMPTY)
      occupied[(p >> 4) * 3 + Math.floor(SQ81[sq]! / BITS_PER_WORD)]! |= SQUARE_BIT[sq]!;
  }
  return occupied;
}

/** The Zobrist key of a position from scratch (the twin of doMove's incremental key). */
export function computeKey(pos: Position): { lo: number; hi: number } {
  let lo = 0;
  let hi = 0;
  for (const sq of SQUARES) {
    const p = pos.board[sq]!;
    if (p === EMPTY) continue;
    lo ^= PIECE_KEY_LO[p * BOARD_SIZE + sq]!;
    hi ^= PIECE_KEY_HI[p * BOARD_SIZE + sq]!;
  }
  for (let c = 0; c < 2; c++) {
    for (let k = 1; k <= 7; k++) {
      const i = handKeyIndex(c, k, pos.hand[c * 8 + k]!);
      lo ^= HAND_KEY_LO[i]!;
      hi ^= HAND_KEY_HI[i]!;
    }
  }
  if (pos.sideToMove === 1) {
    lo ^= SIDE_KEY_LO;
    hi ^= SIDE_KEY_HI;
  }
  return { lo: lo >>> 0, hi: hi >>> 0 };
}
