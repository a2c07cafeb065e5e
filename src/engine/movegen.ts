/**
 * Legal move generation.
 *
 * Moves are generated legal, not pseudo-legal: pins and checks are found once per position from
 * the king outwards, and the effect counts answer "is this square attacked?" in one lookup. So
 * perft and the search never make a move only to take it back because it left the king in check.
 *
 * `generateMoves` writes packed moves into a caller's Uint32Array (no allocation); it can emit
 * every legal move, only captures and promotions (for quiescence search), only the rest, or the
 * rest split into board moves and drops (the search's move picker asks for each when it needs it).
 *
 * `generatePseudoLegalMoves` is the other kind, for a king-capture search (chapter 8): every move
 * the pieces can make, whether or not it leaves the king attacked, and pawn drops that mate.
 */
import {
  DIRECTION_TO,
  REACHES_ALONG,
  SLIDES,
  SLIDE_COUNT,
  SLIDES_ALONG,
  STEPS,
  STEP_COUNT,
  DIRECTIONS,
} from './attacks';
import { DIRECTION_BIT, LONG_EFFECT } from './effect';
import { isDropPawnMate } from './drop-pawn-mate';
import type { Position } from './position';
import {
  BITS_PER_WORD,
  BOARD_SIZE,
  FIRST_LIVE_RANK,
  FULL_WORD,
  fileOf,
  relativeRank,
  SQUARES,
} from './square';
import { EMPTY, Kind, MOVE_DROP, MOVE_PROMOTE, WALL, type Move } from './types';

/**
 * Which legal moves to generate. CapturesAndPromotions and Quiets split All in two; Quiets splits
 * again into QuietBoardMoves and Drops; Quiescence is the part of CapturesAndPromotions that
 * quiescence search reads.
 */
export const GenMode = {
  All: 0,
  /** Captures (promoting or not) and promotions that capture nothing. */
  CapturesAndPromotions: 1,
  /** Everything else: board moves that neither capture nor promote, and drops. */
  Quiets: 2,
  QuietBoardMoves: 3,
  Drops: 4,
  /**
   * What quiescence search reads, a part of CapturesAndPromotions: every capture, but a pawn,
   * bishop or rook that can promote by capturing only with the promotion (declining it is never
   * better), and of the promotions that capture nothing only the pawns'. The moves come in the
   * order CapturesAndPromotions gives them, the others left out (`isPointlessInQuiescence` in
   * search/move-picker.ts is the filter this mode is tested against).
   */
  Quiescence: 5,
} as const;
export type GenMode = (typeof GenMode)[keyof typeof GenMode];

/** More than the most legal moves any shogi position has (593). */
export const MAX_MOVES = 600;

/** `RELATIVE_RANK[color * BOARD_SIZE + sq]`: 1 = that side's far rank. */
const RELATIVE_RANK = new Uint8Array(2 * BOARD_SIZE);
for (const sq of SQUARES) {
  RELATIVE_RANK[sq] = relativeRank(0, sq);
  RELATIVE_RANK[BOARD_SIZE + sq] = relativeRank(1, sq);
}

/** `LANDABLE[color * 128 + target]`: 1 when a piece of `color` may move onto `target` (empty or enemy). */
const LANDABLE = new Uint8Array(256);
for (let c = 0; c < 2; c++) {
  LANDABLE[c * 128 + EMPTY] = 1;
  for (let kind = 1; kind <= 14; kind++) LANDABLE[c * 128 + (kind | ((c ^ 1) << 4))] = 1;
}

/** Kinds that gain by promoting and lose nothing by it (pawn, bishop, rook), by kind. */
const ALWAYS_PROMOTES = new Uint8Array([0, 1, 0, 0, 0, 1, 1]);

/**
 * The farthest relative rank from which each kind can step into the promotion zone (rank 3): a
 * pawn, silver or gold-less step piece from rank 4, a knight from rank 5; sliders from anywhere.
 */
const MAX_RANK_TO_PROMOTE = new Uint8Array([0, 4, 9, 5, 4, 9, 9]);

/**
 * `PAWN_PROMOTION_REACH[color * 3 + word]`: the squares from which a pawn of that colour can
 * promote by its next move (its relative ranks 1 to 4), as occupancy words; words 6 to 8 hold
 * every square (no limit).
 */
const PAWN_PROMOTION_REACH = (() => {
  const reach = new Int32Array(9);
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const w = Math.floor(i / BITS_PER_WORD);
    const bit = 1 << (i % BITS_PER_WORD);
    for (let c = 0; c < 2; c++)
      if (relativeRank(c, sq) <= MAX_RANK_TO_PROMOTE[Kind.Pawn]!) reach[c * 3 + w]! |= bit;
    reach[6 + w]! |= bit;
  }
  return reach;
})();

// Scratch state of one generation (the engine is single-threaded per worker).
const pinDirection = new Int8Array(BOARD_SIZE);
const pinnedSquares = new Uint8Array(8);
let pinnedCount = 0;
const evasionTarget = new Uint8Array(BOARD_SIZE);
const evasionSquares = new Uint8Array(16);
let evasionCount = 0;
/**
 * Pins are found per piece as it is needed (out of check), from the position of the generation
 * under way, rather than by eight walks out from the king at every generation.
 */
let lazyPins = false;
let genPos: Position | null = null;

// #region generate-moves
/**
 * Write the legal moves of `pos` into `out` from index `start`; return the index after the last.
 */
export function generateMoves(
  pos: Position,
  out: Uint32Array,
  start: number,
  mode: GenMode = GenMode.All,
): number {
  const board = pos.board;
  const us = pos.sideToMove;
  const them = us ^ 1;
  const enemyEffect = pos.effectBase + them * BOARD_SIZE;
  const effects = pos.effects;
  const king = pos.kingSquare[us]!;
  let n = start;

  const boardMoves = mode !== GenMode.Drops;
  const wantsDrops = mode === GenMode.All || mode === GenMode.Quiets || mode === GenMode.Drops;
  const capturesOnly = mode === GenMode.CapturesAndPromotions || mode === GenMode.Quiescence;

  // How many enemy pieces give check (Step 2 answers them; Step 1 needs to know).
  const checkers = king !== 0 ? effects[enemyEffect + king]! : 0;

  // Step 1. Pins, and squares the king cannot step back to along a checking slide (a drop
  // cares about neither). In check, every piece's pin is found at once by walking out from the
  // king; out of check there is no checking slide, and a piece's pin is asked when the piece is
  // about to move (pinOf): most pieces stand on no enemy slide's line, and are answered at once.
  let xray1 = -1;
  let xray2 = -1;
  lazyPins = checkers === 0;
  genPos = pos;
  if (king !== 0 && boardMoves && !lazyPins) {
    for (let i = 0; i < 8; i++) {
      const d = DIRECTIONS[i]!;
      let s = king + d;
      while (board[s] === EMPTY) s += d;
      const p = board[s]!;
      if (p === WALL) continue;
      if (p >> 4 === us) {
        let t = s + d;
        while (board[t] === EMPTY) t += d;
        const q = board[t]!;
        if (q !== WALL && q >> 4 === them && SLIDES_ALONG[q * 32 - d + 16]) {
          pinDirection[s] = d;
          pinnedSquares[pinnedCount++] = s;
        }
      } else if (SLIDES_ALONG[p * 32 - d + 16]) {
        if (xray1 < 0) xray1 = king - d;
        else xray2 = king - d;
      }
    }
  }

  // Step 2. Checks: with one checker, other pieces must capture it or block its line.
  if (checkers === 1) markEvasionSquares(pos, king);

  // Step 3. King moves: onto squares the opponent does not reach.
  if (king !== 0 && boardMoves) {
    const kp = board[king]!;
    for (let i = 0, c = STEP_COUNT[kp]!; i < c; i++) {
      const to = king + STEPS[kp * 8 + i]!;
      const t = board[to]!;
      if (
        !LANDABLE[us * 128 + t] ||
        effects[enemyEffect + to] !== 0 ||
        to === xray1 ||
        to === xray2
      )
        continue;
      if (mode === GenMode.All || !capturesOnly === (t === EMPTY)) out[n++] = to | (king << 8);
    }
  }

  if (checkers < 2) {
    // Step 4. Moves of the other pieces: captures found from the squares attacked (an enemy piece
    // with our effect on it), or every piece's moves walked from the piece.
    if (capturesOnly) n = generateCaptures(pos, out, n, checkers !== 0, mode);
    else if (boardMoves) n = generatePieceMoves(pos, out, n, checkers !== 0, mode);

    // Step 5. Drops (駒打ち): never captures, so not in the captures-only mode.
    if (wantsDrops) n = generateDrops(pos, out, n, checkers !== 0, true);
  }

  while (pinnedCount > 0) pinDirection[pinnedSquares[--pinnedCount]!] = 0;
  while (evasionCount > 0) evasionTarget[evasionSquares[--evasionCount]!] = 0;
  return n;
}
// #endregion

/** Step 4 for every mode but captures: each of our pieces (not the king), each of its moves. */
function generatePieceMoves(
  pos: Position,
  out: Uint32Array,
  start: number,
  inCheck: boolean,
  mode: GenMode,
): number {
  const board = pos.board;
  const us = pos.sideToMove;
  const king = pos.kingSquare[us]!;
  let n = start;
  // Our pieces in reading order, from the occupancy bitsets (the lowest bit first).
  for (let w = 0; w < 3; w++) {
    for (let bits = pos.occupied[us * 3 + w]!; bits !== 0; bits &= bits - 1) {
      const from = SQUARES[w * BITS_PER_WORD + 31 - Math.clz32(bits & -bits)]!;
      const p = board[from]!;
      if ((p & 15) === Kind.King) continue;
      const pin = lazyPins ? pinOf(pos, from, king) : pinDirection[from]!;
      for (let i = 0, c = STEP_COUNT[p]!; i < c; i++) {
        const to = from + STEPS[p * 8 + i]!;
        const t = board[to]!;
        if (!LANDABLE[us * 128 + t]) continue;
        if (inCheck && !evasionTarget[to]) continue;
        if (pin !== 0 && DIRECTION_TO[king * BOARD_SIZE + to] !== pin) continue;
        n = pushPieceMove(out, n, p, from, to, t, us, mode);
      }
      for (let i = 0, c = SLIDE_COUNT[p]!; i < c; i++) {
        const d = SLIDES[p * 4 + i]!;
        if (pin !== 0 && d !== pin && d !== -pin) continue;
        for (let to = from + d; ; to += d) {
          const t = board[to]!;
          if (!LANDABLE[us * 128 + t]) break;
          if (!inCheck || evasionTarget[to]) n = pushPieceMove(out, n, p, from, to, t, us, mode);
          if (t !== EMPTY) break;
        }
      }
    }
  }
  return n;
}

// #region captures
/**
 * Step 4 for captures and promotions, found from the other end. A capture needs an enemy piece
 * that our effect count says we bear on; for each, the attackers are found by walking the eight
 * lines out of its square and looking at the two knight squares, as many as the count says. Then
 * the promotions that capture nothing: only pieces that can promote, only onto empty squares in or
 * from the promotion zone. Both sides' pieces are visited in reading order, from the occupancy
 * bitsets.
 */
function generateCaptures(
  pos: Position,
  out: Uint32Array,
  start: number,
  inCheck: boolean,
  mode: GenMode,
): number {
  const board = pos.board;
  const us = pos.sideToMove;
  const king = pos.kingSquare[us]!;
  const ourEffect = pos.effectBase + us * BOARD_SIZE;
  const effects = pos.effects;
  const rank = us * BOARD_SIZE;
  let n = start;
  // Quiescence promotes only pawns, and a pawn only from its fourth rank on: none of ours
  // elsewhere need be looked at.
  const region = mode === GenMode.Quiescence ? us * 3 : 6;
  for (let w = 0; w < 3; w++) {
    const ours = pos.occupied[us * 3 + w]! & PAWN_PROMOTION_REACH[region + w]!;
    for (let bits = ours | pos.occupied[(us ^ 1) * 3 + w]!; bits !== 0; bits &= bits - 1) {
      const sq = SQUARES[w * BITS_PER_WORD + 31 - Math.clz32(bits & -bits)]!;
      const p = board[sq]!;
      if (p >> 4 === us) {
        // One of ours: its promotions onto empty squares, if it can promote from here (in
        // quiescence, a pawn's only).
        const kind = p & 15;
        if (
          kind <= Kind.Rook &&
          RELATIVE_RANK[rank + sq]! <= MAX_RANK_TO_PROMOTE[kind]! &&
          (mode !== GenMode.Quiescence || kind === Kind.Pawn)
        )
          n = pushQuietPromotions(board, out, n, p, sq, king, rank, inCheck);
      } else if (effects[ourEffect + sq]! !== 0 && (p & 15) !== Kind.King) {
        if (!inCheck || evasionTarget[sq])
          n = pushCapturesOf(board, out, n, sq, us, king, effects[ourEffect + sq]!, mode);
      }
    }
  }
  return n;
}

/** The captures of the enemy piece on `to` by our pieces other than the king (`bearing` of them in all). */
function pushCapturesOf(
  board: Uint8Array,
  out: Uint32Array,
  start: number,
  to: number,
  us: number,
  king: number,
  bearing: number,
  mode: GenMode,
): number {
  const t = board[to]!;
  let n = start;
  for (let i = 0; i < 8 && bearing > 0; i++) {
    const d = DIRECTIONS[i]!;
    let from = to + d;
    while (board[from] === EMPTY) from += d;
    const p = board[from]!;
    if (p === WALL || p >> 4 !== us) continue;
    if (!(from === to + d ? REACHES_ALONG[p * 32 - d + 16] : SLIDES_ALONG[p * 32 - d + 16]))
      continue;
    bearing--;
    if ((p & 15) === Kind.King) continue; // the king's captures are Step 3's
    const pin = lazyPins ? pinOf(genPos!, from, king) : pinDirection[from]!;
    if (pin !== 0 && DIRECTION_TO[king * BOARD_SIZE + to] !== pin) continue;
    n = pushPieceMove(out, n, p, from, to, t, us, mode);
  }
  const knight = Kind.Knight | (us << 4);
  for (let i = 0; i < 2 && bearing > 0; i++) {
    const from = to - STEPS[knight * 8 + i]!;
    if (board[from] !== knight) continue;
    bearing--;
    if ((lazyPins ? pinOf(genPos!, from, king) : pinDirection[from]!) === 0)
      n = pushPieceMove(out, n, knight, from, to, t, us, mode);
  }
  return n;
}

/** Promotions of the piece `p` on `from` onto empty squares in, or from, the zone. */
function pushQuietPromotions(
  board: Uint8Array,
  out: Uint32Array,
  start: number,
  p: number,
  from: number,
  king: number,
  rank: number,
  inCheck: boolean,
): number {
  let n = start;
  const fromZone = RELATIVE_RANK[rank + from]! <= 3;
  const pin = lazyPins ? pinOf(genPos!, from, king) : pinDirection[from]!;
  for (let i = 0, c = STEP_COUNT[p]!; i < c; i++) {
    const to = from + STEPS[p * 8 + i]!;
    if (board[to] !== EMPTY || (!fromZone && RELATIVE_RANK[rank + to]! > 3)) continue;
    if (inCheck && !evasionTarget[to]) continue;
    if (pin !== 0 && DIRECTION_TO[king * BOARD_SIZE + to] !== pin) continue;
    out[n++] = to | (from << 8) | MOVE_PROMOTE;
  }
  for (let i = 0, c = SLIDE_COUNT[p]!; i < c; i++) {
    const d = SLIDES[p * 4 + i]!;
    if (pin !== 0 && d !== pin && d !== -pin) continue;
    for (let to = from + d; board[to] === EMPTY; to += d) {
      if (!fromZone && RELATIVE_RANK[rank + to]! > 3) continue;
      if (!inCheck || evasionTarget[to]) out[n++] = to | (from << 8) | MOVE_PROMOTE;
    }
  }
  return n;
}
// #endregion

// #region promotion
/** Emit a board move with its promotion choices: optional in and out of the zone, forced where the piece would be dead. */
function pushPieceMove(
  out: Uint32Array,
  n: number,
  piece: number,
  from: number,
  to: number,
  target: number,
  us: number,
  mode: GenMode,
): number {
  const kind = piece & 15;
  const move = to | (from << 8);
  const isCapture = target !== EMPTY;
  const quietsOnly = mode === GenMode.Quiets || mode === GenMode.QuietBoardMoves;
  if (kind <= Kind.Rook) {
    const rankTo = RELATIVE_RANK[us * BOARD_SIZE + to]!;
    if (rankTo <= 3 || RELATIVE_RANK[us * BOARD_SIZE + from]! <= 3) {
      if (!quietsOnly) out[n++] = move | MOVE_PROMOTE;
      if (rankTo < FIRST_LIVE_RANK[kind]!) return n;
      // Quiescence: a pawn, bishop or rook never does better by declining the promotion.
      if (mode === GenMode.Quiescence && ALWAYS_PROMOTES[kind]) return n;
    }
  }
  if (mode === GenMode.All || quietsOnly !== isCapture) out[n++] = move;
  return n;
}
// #endregion

/**
 * The line our piece on `from` is pinned along (the direction from our king to it), or 0: found
 * from the enemy's long effects on `from` (a slide arriving there) and an empty line on from
 * there to our king. The same answer as Step 1's walk out from the king, for one piece.
 */
function pinOf(pos: Position, from: number, king: number): number {
  const them = pos.sideToMove ^ 1;
  const mask = pos.effects[pos.effectBase + LONG_EFFECT + them * BOARD_SIZE + from]!;
  if (mask === 0 || king === 0) return 0;
  const d = DIRECTION_TO[from * BOARD_SIZE + king]!;
  if (d === 0 || (mask & DIRECTION_BIT[d + 11]!) === 0) return 0;
  const board = pos.board;
  for (let s = from + d; s !== king; s += d) if (board[s] !== EMPTY) return 0;
  return -d;
}

/** Mark the squares a non-king move may go to when in single check: the checker and the line to it. */
function markEvasionSquares(pos: Position, king: number): void {
  const board = pos.board;
  const them = pos.sideToMove ^ 1;
  for (let i = 0; i < 8; i++) {
    const d = DIRECTIONS[i]!;
    let s = king + d;
    while (board[s] === EMPTY) s += d;
    const p = board[s]!;
    if (p === WALL || p >> 4 !== them || !REACHES_ALONG[p * 32 - d + 16]) continue;
    if (s !== king + d && !SLIDES_ALONG[p * 32 - d + 16]) continue;
    for (let t = king + d; ; t += d) {
      evasionTarget[t] = 1;
      evasionSquares[evasionCount++] = t;
      if (t === s) return;
    }
  }
  const knight = Kind.Knight | (them << 4);
  for (let i = 0; i < 2; i++) {
    const s = king - STEPS[knight * 8 + i]!;
    if (board[s] === knight) {
      evasionTarget[s] = 1;
      evasionSquares[evasionCount++] = s;
      return;
    }
  }
}

// #region drops
/**
 * Drops onto empty squares, with the three drop rules: no 二歩, no dead piece, and, when
 * `noDropPawnMate`, no 打ち歩詰め (a king-capture search leaves that one to its search).
 */
function generateDrops(
  pos: Position,
  out: Uint32Array,
  start: number,
  inCheck: boolean,
  noDropPawnMate: boolean,
): number {
  const us = pos.sideToMove;
  const hand = pos.hand;
  const kinds = dropKinds;
  let kindCount = 0;
  for (let k = Kind.Pawn; k <= Kind.Gold; k++) if (hand[us * 8 + k]! > 0) kinds[kindCount++] = k;
  if (kindCount === 0) return start;
  const pawnFiles = pos.pawnFiles[us]!;
  const enemyKing = pos.kingSquare[us ^ 1]!;
  const forward = us === 0 ? -10 : 10;
  let n = start;
  // The empty squares in reading order: neither side's bit set.
  for (let w = 0; w < 3; w++) {
    const empty = ~(pos.occupied[w]! | pos.occupied[3 + w]!) & FULL_WORD;
    for (let bits = empty; bits !== 0; bits &= bits - 1) {
      const to = SQUARES[w * BITS_PER_WORD + 31 - Math.clz32(bits & -bits)]!;
      if (inCheck && !evasionTarget[to]) continue;
      const rank = RELATIVE_RANK[us * BOARD_SIZE + to]!;
      for (let i = 0; i < kindCount; i++) {
        const kind = kinds[i]!;
        if (rank < FIRST_LIVE_RANK[kind]!) continue;
        if (kind === Kind.Pawn) {
          if (pawnFiles & (1 << (fileOf(to) - 1))) continue;
          if (noDropPawnMate && to + forward === enemyKing && isDropPawnMate(pos, to)) continue;
        }
        out[n++] = to | (kind << 8) | MOVE_DROP;
      }
    }
  }
  return n;
}
// #endregion
/** The kinds in hand, for one drop generation (a typed array: nothing allocated per call). */
const dropKinds = new Uint8Array(8);

// #region pseudo-legal
/**
 * Every move the side to move's pieces can make by their movement and the drop rules of 二歩 and
 * dead pieces, without asking whether it leaves the own king attacked, and with pawn drops that
 * mate: the moves of a king-capture search (seed 004), which finds out by trying — the king is
 * taken on the next ply. Promotion choices are as in `generateMoves`.
 */
export function generatePseudoLegalMoves(pos: Position, out: Uint32Array, start: number): number {
  const board = pos.board;
  const us = pos.sideToMove;
  let n = start;
  for (let si = 0; si < 81; si++) {
    const from = SQUARES[si]!;
    const p = board[from]!;
    if (p === EMPTY || p >> 4 !== us) continue;
    for (let i = 0, c = STEP_COUNT[p]!; i < c; i++) {
      const to = from + STEPS[p * 8 + i]!;
      const t = board[to]!;
      if (LANDABLE[us * 128 + t]) n = pushPieceMove(out, n, p, from, to, t, us, GenMode.All);
    }
    for (let i = 0, c = SLIDE_COUNT[p]!; i < c; i++) {
      const d = SLIDES[p * 4 + i]!;
      for (let to = from + d; ; to += d) {
        const t = board[to]!;
        if (!LANDABLE[us * 128 + t]) break;
        n = pushPieceMove(out, n, p, from, to, t, us, GenMode.All);
        if (t !== EMPTY) break;
      }
    }
  }
  return generateDrops(pos, out, n, false, false);
}
// #endregion

const scratch = new Uint32Array(MAX_MOVES);

/** The legal moves as a fresh array (boundary code, tests and widgets; the search uses generateMoves). */
export function legalMoves(pos: Position): Move[] {
  const n = generateMoves(pos, scratch, 0);
  return Array.from(scratch.subarray(0, n));
}

/** How many legal moves the side to move has. */
export function countLegalMoves(pos: Position): number {
  return generateMoves(pos, scratch, 0);
}

/** Has the side to move any legal move? (False means mate, or in shogi terms 詰み; shogi has no stalemate draw.) */
export function hasLegalMove(pos: Position): boolean {
  return generateMoves(pos, scratch, 0) > 0;
}
