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
 * `generatePseudoLegalMoves` (movegen-pseudo.ts) is the other kind, for a king-capture search
 * (chapter 8): every move the pieces can make, whether or not it leaves the king attacked, and
 * pawn drops that mate. The drops are in movegen-drops.ts; the modes, the tables and the promotion
 * choices every generator shares in movegen-shared.ts.
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
import type { Position } from './position';
import { BITS_PER_WORD, BOARD_SIZE, SQUARE_BIT, SQUARE_WORD, SQUARES } from './square';
import { EMPTY, Kind, MOVE_PROMOTE, WALL, type Move } from './types';
import { generateDrops } from './movegen-drops';
import {
  evasionTarget,
  evasionWords,
  GenMode,
  LANDABLE,
  MAX_MOVES,
  MAX_RANK_TO_PROMOTE,
  PAWN_PROMOTION_REACH,
  pushPieceMove,
  RELATIVE_RANK,
} from './movegen-shared';

// The modes and the list size are declared in movegen-shared.ts, beside what every generator
// shares, and are generateMoves' own: callers take them from here.
export { GenMode, MAX_MOVES } from './movegen-shared';

// Scratch state of one generation (the engine is single-threaded per worker); the squares a move
// may go to out of a single check are movegen-shared.ts's evasionTarget, since drops read them.
const pinDirection = new Int8Array(BOARD_SIZE);
const pinnedSquares = new Uint8Array(8);
let pinnedCount = 0;
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
      // A square of the kind the mode wants (a capture or not), then one no enemy piece reaches.
      if (!LANDABLE[us * 128 + t] || (mode !== GenMode.All && capturesOnly === (t === EMPTY)))
        continue;
      if (effects[enemyEffect + to] === 0 && to !== xray1 && to !== xray2)
        out[n++] = to | (king << 8);
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
  if (evasionCount > 0) {
    while (evasionCount > 0) evasionTarget[evasionSquares[--evasionCount]!] = 0;
    evasionWords.fill(0);
  }
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
  // In check, only the pieces that bear on a square between the checker and the king (the
  // checker's own included) have a move to make, and they are found from those squares.
  if (inCheck) markEvasionMovers(pos);
  // Our pieces in reading order, from the occupancy bitsets (the lowest bit first).
  for (let w = 0; w < 3; w++) {
    const pieces = pos.occupied[us * 3 + w]! & (inCheck ? moverWords[w]! : -1);
    for (let bits = pieces; bits !== 0; bits &= bits - 1) {
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
 * Step 4 for captures and promotions, found from the other end. The promotions that capture
 * nothing come first: only our pieces that can promote, only onto empty squares in or from the
 * promotion zone. Then the captures: a capture needs an enemy piece that our effect count says we
 * bear on; for each, the attackers are found on the eight lines out of its square (a neighbour,
 * or a slider where our long effects say one arrives) and on the two knight squares, as many as
 * the count says. Each side's pieces are visited in reading order, from its occupancy bitsets,
 * one side after the other: one loop over both sides in reading order, asking "whose piece?" at
 * every square, ran 2.4 % more instructions (material search, bench:instructions).
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
  const ourLong = ourEffect + LONG_EFFECT;
  const effects = pos.effects;
  const rank = us * BOARD_SIZE;
  let n = start;
  // Quiescence promotes only pawns, and a pawn only from its fourth rank on: none of ours
  // elsewhere need be looked at.
  const region = mode === GenMode.Quiescence ? us * 3 : 6;
  for (let w = 0; w < 3; w++) {
    // Ours: their promotions onto empty squares, where they can promote from (in quiescence, the
    // pawns' only).
    const ours = pos.occupied[us * 3 + w]! & PAWN_PROMOTION_REACH[region + w]!;
    for (let bits = ours; bits !== 0; bits &= bits - 1) {
      const sq = SQUARES[w * BITS_PER_WORD + 31 - Math.clz32(bits & -bits)]!;
      const p = board[sq]!;
      const kind = p & 15;
      if (
        kind <= Kind.Rook &&
        RELATIVE_RANK[rank + sq]! <= MAX_RANK_TO_PROMOTE[kind]! &&
        (mode !== GenMode.Quiescence || kind === Kind.Pawn)
      )
        n = pushQuietPromotions(board, out, n, p, sq, king, rank, inCheck);
    }
  }
  // Theirs: the captures of each piece we bear on.
  for (let w = 0; w < 3; w++) {
    for (let bits = pos.occupied[(us ^ 1) * 3 + w]!; bits !== 0; bits &= bits - 1) {
      const sq = SQUARES[w * BITS_PER_WORD + 31 - Math.clz32(bits & -bits)]!;
      const bearing = effects[ourEffect + sq]!;
      if (bearing !== 0 && (board[sq]! & 15) !== Kind.King && (!inCheck || evasionTarget[sq]))
        n = pushCapturesOf(board, out, n, sq, us, king, bearing, effects[ourLong + sq]!, mode);
    }
  }
  return n;
}

/**
 * The captures of the enemy piece on `to` by our pieces other than the king (`bearing` of them in
 * all). Along each line, a neighbour of ours that reaches `to`; past an empty neighbour, our slide
 * that arrives there, which our long effects on `to` (`long`) say is there before any walk.
 */
function pushCapturesOf(
  board: Uint8Array,
  out: Uint32Array,
  start: number,
  to: number,
  us: number,
  king: number,
  bearing: number,
  long: number,
  mode: GenMode,
): number {
  const t = board[to]!;
  let n = start;
  for (let i = 0; i < 8 && bearing > 0; i++) {
    const from = reacherAlong(board, to, DIRECTIONS[i]!, us, long);
    if (from === 0) continue;
    const p = board[from]!;
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

/**
 * Our piece that reaches `to` along the line through `to + d`, or 0: the neighbour, if it steps
 * or slides onto `to`; past empty squares, the slide that our long effects on `to` (`long`) say
 * arrives from that side, travelling the other way (direction −d), found before any walk.
 */
function reacherAlong(board: Uint8Array, to: number, d: number, us: number, long: number): number {
  let from = to + d;
  const p = board[from]!;
  if (p === EMPTY) {
    if ((long & DIRECTION_BIT[11 - d]!) === 0) return 0;
    do from += d;
    while (board[from] === EMPTY);
    return from;
  }
  return p !== WALL && p >> 4 === us && REACHES_ALONG[p * 32 - d + 16] ? from : 0;
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

/** In single check, our pieces that bear on a square a move may go to (occupancy words). */
const moverWords = new Int32Array(3);

/**
 * Fill `moverWords` with our pieces that bear on a square of the check's line (marked by
 * markEvasionSquares): on each, the nearest piece along each of the eight lines that reaches it,
 * by a step or, past empty squares, by a slide our long effects say arrives; and the two knight
 * squares. Each of them is a piece whose effect counts that square, and no other piece can move
 * there, so generatePieceMoves walks these alone and writes the moves in the same order.
 */
function markEvasionMovers(pos: Position): void {
  const board = pos.board;
  const us = pos.sideToMove;
  const ourEffect = pos.effectBase + us * BOARD_SIZE;
  const effects = pos.effects;
  moverWords.fill(0);
  for (let e = 0; e < evasionCount; e++) {
    const to = evasionSquares[e]!;
    if (effects[ourEffect + to] === 0) continue;
    const long = effects[ourEffect + LONG_EFFECT + to]!;
    for (let i = 0; i < 8; i++) {
      const from = reacherAlong(board, to, DIRECTIONS[i]!, us, long);
      if (from !== 0) moverWords[SQUARE_WORD[from]!]! |= SQUARE_BIT[from]!;
    }
    const knight = Kind.Knight | (us << 4);
    for (let i = 0; i < 2; i++) {
      const from = to - STEPS[knight * 8 + i]!;
      if (board[from] === knight) moverWords[SQUARE_WORD[from]!]! |= SQUARE_BIT[from]!;
    }
  }
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
      evasionWords[SQUARE_WORD[t]!]! |= SQUARE_BIT[t]!;
      if (t === s) return;
    }
  }
  const knight = Kind.Knight | (them << 4);
  for (let i = 0; i < 2; i++) {
    const s = king - STEPS[knight * 8 + i]!;
    if (board[s] === knight) {
      evasionTarget[s] = 1;
      evasionSquares[evasionCount++] = s;
      evasionWords[SQUARE_WORD[s]!]! |= SQUARE_BIT[s]!;
      return;
    }
  }
}

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
