/**
 * What a position holds, and the per-ply state stack behind it (Stockfish's `StateInfo`, here a
 * set of typed arrays indexed by ply): the board, the hands, the side to move, the key, the kings,
 * the pawn files, the material and the effect counts, which doMove keeps up to date (position.ts,
 * where `Position` adds the moves), and the stacks undoMove and repetition read. Here too is what
 * needs the state alone: the stacks' growth, the null move (a pass: no piece moves), and the
 * from-scratch twins the state is checked against (`computeKey`, `computeOccupied`,
 * `checkInvariants`).
 */
import { computeEffects, EFFECT_STRIDE, LONG_EFFECT, MAX_TOUCHED } from './effect';
import { computeMaterial } from './eval/piece-values';
import { BITS_PER_WORD, BOARD_SIZE, fileOf, SQUARE_BIT, SQUARES, SQ81 } from './square';
import { type Color, EMPTY, Kind, KIND_COUNT, WALL } from './types';
import {
  HAND_KEY_HI,
  HAND_KEY_LO,
  handKeyIndex,
  keyToHex,
  PIECE_KEY_HI,
  PIECE_KEY_LO,
  SIDE_KEY_HI,
  SIDE_KEY_LO,
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

/** A position's state and its stack, without the moves: `Position` (position.ts) is the one to make. */
export class PositionState {
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
  /**
   * A view per ply on that ply's block of `effects`: a move copies its ply's block into the next
   * with one view's `set` from the other, which costs less than `copyWithin` on the whole array.
   */
  protected effectBlocks = effectBlockViews(this.effects, FIRST_PLIES);

  // The state stack: what undoMove needs, and what repetition looks back over.
  protected capturedStack = new Uint8Array(FIRST_PLIES + 1);
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
  protected pawnFilesStack = new Uint16Array((FIRST_PLIES + 1) * 2);
  keyLoStack = new Int32Array(FIRST_PLIES + 1);
  keyHiStack = new Int32Array(FIRST_PLIES + 1);
  /** 1 when the side to move at that ply was in check (for perpetual check). */
  checkStack = new Uint8Array(FIRST_PLIES + 1);
  /**
   * Plies since the last null move (or since set-up) at each ply: a repetition is only looked
   * for this far back, since a position before a pass was not reached by moves.
   */
  pliesFromNullStack = new Uint16Array(FIRST_PLIES + 1);
  protected materialStack = new Int32Array(FIRST_PLIES + 1);
  /** How many plies the stacks hold now (they hold one slot more, for the position after the last). */
  protected plies = FIRST_PLIES;

  /**
   * The key `keyAfter` computed last, and the move it was for (0 once a move is made or taken
   * back, or the position set up again): doMove reuses it for that move rather than compute it
   * twice.
   */
  nextKeyLo = 0;
  nextKeyHi = 0;
  nextKeyMove = 0;

  constructor() {
    this.board.set(WALL_BOARD);
  }

  // #region null-move
  /**
   * Pass: the other side moves twice. Not a shogi move, a search device (null-move pruning).
   * The side to move must not be in check. Effects do not change, but the slot is still copied
   * so that undo stays a step back.
   */
  doNullMove(): void {
    const ply = this.ply;
    if (ply >= this.plies) this.grow();
    this.effectBlocks[ply + 1]!.set(this.effectBlocks[ply]!);
    this.effectBase += EFFECT_STRIDE;
    this.pawnFilesStack[ply * 2] = this.pawnFiles[0]!;
    this.pawnFilesStack[ply * 2 + 1] = this.pawnFiles[1]!;
    this.materialStack[ply] = this.material;
    this.capturedStack[ply] = EMPTY;
    this.moveStack[ply] = 0;
    this.touchedCount[ply] = 0;
    this.keyLo ^= SIDE_KEY_LO;
    this.keyHi ^= SIDE_KEY_HI;
    this.nextKeyMove = 0;
    this.sideToMove = (this.sideToMove ^ 1) as Color;
    this.ply = ply + 1;
    this.keyLoStack[ply + 1] = this.keyLo;
    this.keyHiStack[ply + 1] = this.keyHi;
    this.checkStack[ply + 1] = 0;
    this.pliesFromNullStack[ply + 1] = 0;
  }

  undoNullMove(): void {
    this.nextKeyMove = 0;
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
  protected grow(): void {
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
    this.effectBlocks = effectBlockViews(this.effects, plies);
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
   * Check the incremental state against a from-scratch recomputation; returns what differs, or
   * null. Tests call it after every doMove and undoMove of a perft walk.
   */
  checkInvariants(): string | null {
    // The copy into the next ply's block goes through the views of ply and ply + 1.
    if (this.effectBase !== this.ply * EFFECT_STRIDE)
      return `effect block at ${this.effectBase}, expected ply ${this.ply}'s at ${this.ply * EFFECT_STRIDE}`;
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

/** Views on each ply's block of effect counts, plies 0 to `plies`. */
function effectBlockViews(effects: Uint8Array, plies: number): Uint8Array[] {
  const views: Uint8Array[] = [];
  for (let ply = 0; ply <= plies; ply++)
    views.push(effects.subarray(ply * EFFECT_STRIDE, (ply + 1) * EFFECT_STRIDE));
  return views;
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
export function computeKey(pos: PositionState): { lo: number; hi: number } {
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
  return { lo: lo | 0, hi: hi | 0 };
}
