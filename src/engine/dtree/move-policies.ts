/**
 * Move policies (指し手の方針, sashite no hōshin): the 28 kinds of move of seed 002 (Watanabe &
 * Kotani, Table 3), each a yes-or-no property of one move in one position, read off the board and
 * the effect counts (利き) before and after the move. A move may have several; policy 28 ("other")
 * is the move that has none of the first 27. The decision trees of chapter 7 learn from them which
 * moves a strong player chooses.
 *
 * The paper names each policy in a few words and takes the definitions from two earlier papers we
 * do not have (Kotani & Iida 1995, Kayama & Inoue 1996), so every definition here is ours, written
 * down in `POLICIES[i].definition` and in the code below; where a name could be read two ways the
 * definition says which reading we took. The paper's text says it set 25 policies, and its table
 * lists 27 and "other"; we build the table.
 *
 * Cost: one doMove and one undoMove per move, a scan of the 81 squares' counts before and after,
 * and static exchange walks for the squares that need them. What every move of a position shares
 * (the most our opponent can win from us, the balance around each king) is computed once by
 * `policyContext`.
 */
import { SLIDE_COUNT, SLIDES, STEP_COUNT, STEPS } from '../attacks';
import { DIRECTION_BIT, EFFECT_STRIDE, LONG_EFFECT } from '../effect';
import { givesCheck } from '../move-check';
import type { Position } from '../position';
import { BOARD_SIZE, fileOf, isInPromotionZone, N, relativeRank, S, SQUARES } from '../square';
import {
  type Color,
  dropKind,
  EMPTY,
  isDrop,
  isPromotion,
  Kind,
  type Move,
  moveFrom,
  moveTo,
  WALL,
} from '../types';
import { exchangeValueAt } from '../eval/exchange';
import { kingNeighbourhood, zoneSquare } from '../eval/position-features';
import { POLICY_COUNT, Policy } from './policy-table';

// #region policy-constants
/** Enemy effects on a square that make a pawn there a focus pawn (焦点の歩): seed 000's "two or more". */
export const FOCUS_PAWN_EFFECTS = 2;
/**
 * How far round a king "around the king" (玉周辺) reaches for policies 24–27: the paper does not
 * say; we take its larger neighbourhood, the 24 squares within two steps (Table 5's 24近傍).
 */
export const POLICY_KING_RADIUS = 2;
/** Relative ranks a hanging pawn (垂れ歩) is dropped on: from just outside the enemy camp inward. */
export const HANGING_PAWN_RANKS = [2, 4] as const;
// #endregion

export {
  type PolicyId,
  type PolicyInfo,
  POLICIES,
  POLICY_COUNT,
  POLICY_IDS,
  Policy,
  policyNumbers,
} from './policy-table';

const OTHER = 1 << (POLICY_COUNT - 1);
const ALL_BUT_OTHER = OTHER - 1;

/** What every move of one position shares: computed once by `policyContext`. */
export interface PolicyContext {
  /** The most the opponent could win from one of our pieces by an exchange, before any move. */
  threat: number;
  /** Piece and effect balances round each king before the move (policies 24–27). */
  ownKingPieces: number;
  ownKingEffects: number;
  enemyKingPieces: number;
  enemyKingEffects: number;
}

const counts = new Int32Array(4);

/** Our pieces minus `them`'s within POLICY_KING_RADIUS of `kingColor`'s king (kings left out). */
function pieceBalance(pos: Position, kingColor: Color, us: Color): number {
  const king = pos.kingSquare[kingColor]!;
  if (king === 0) return 0;
  let balance = 0;
  const n = POLICY_KING_RADIUS === 2 ? 24 : 8;
  for (let i = 0; i < n; i++) {
    const sq = zoneSquare(king, i);
    if (sq < 0) continue;
    const p = pos.board[sq]!;
    if (p === EMPTY || (p & 15) === Kind.King) continue;
    balance += p >> 4 === us ? 1 : -1;
  }
  return balance;
}

/** Our effects minus `them`'s round `kingColor`'s king, the kings' own left out (count b). */
function effectBalance(pos: Position, kingColor: Color, us: Color): number {
  kingNeighbourhood(pos, kingColor, us, POLICY_KING_RADIUS, counts);
  const ours = counts[1]!;
  kingNeighbourhood(pos, kingColor, (us ^ 1) as Color, POLICY_KING_RADIUS, counts);
  return ours - counts[1]!;
}

/** The most `side`'s opponent can win by an exchange on one of `side`'s pieces (kings left out). */
export function largestThreat(pos: Position, side: Color): number {
  let most = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const p = pos.board[sq]!;
    if (p === EMPTY || p >> 4 !== side || (p & 15) === Kind.King) continue;
    const v = exchangeValueAt(pos, sq);
    if (v > most) most = v;
  }
  return most;
}

/**
 * What `movePolicies` needs of the position before any move, for the side to move; written into
 * `out` when given (a search reuses one per ply), else into a new object.
 */
export function policyContext(
  pos: Position,
  out: PolicyContext = {
    threat: 0,
    ownKingPieces: 0,
    ownKingEffects: 0,
    enemyKingPieces: 0,
    enemyKingEffects: 0,
  },
): PolicyContext {
  const us = pos.sideToMove;
  const them = (us ^ 1) as Color;
  out.threat = largestThreat(pos, us);
  out.ownKingPieces = pieceBalance(pos, us, us);
  out.ownKingEffects = effectBalance(pos, us, us);
  out.enemyKingPieces = pieceBalance(pos, them, us);
  out.enemyKingEffects = effectBalance(pos, them, us);
  return out;
}

// #region move-policies
/**
 * The policies of `move`, a legal move of `pos` (left as it was), as a mask: bit i for policy
 * i + 1. `previous` is the opponent's last move (0 when unknown), `context` what
 * `policyContext(pos)` returns (computed here when not given).
 */
export function movePolicies(
  pos: Position,
  move: Move,
  previous: Move = 0,
  context: PolicyContext = policyContext(pos),
): number {
  const board = pos.board;
  const us = pos.sideToMove;
  const them = (us ^ 1) as Color;
  const to = moveTo(move);
  const from = moveFrom(move);
  const drop = isDrop(move);
  const promote = isPromotion(move);
  const kind = drop ? dropKind(move) : board[from]! & 15;
  const captured = board[to]!;
  const forward = us === 0 ? N : S;
  const ahead = board[to + forward]!;
  let f = 0;

  if (captured !== EMPTY) {
    f |=
      previous !== 0 && moveTo(previous) === to ? Policy.capturesLastMoved : Policy.capturesOther;
  }
  if (promote) f |= Policy.promotes;
  if (givesCheck(pos, move)) f |= Policy.check;
  if (drop) {
    if (isInPromotionZone(us, to)) f |= Policy.dropInEnemyCamp;
  } else f |= Policy.boardMove;
  // A square an enemy major piece slides across, before anything moves there.
  if (captured === EMPTY && crossesMajorLine(pos, to, them)) f |= Policy.blocksMajorLine;
  const edgeBefore = edgeEffects(pos.effects, pos.effectBase, us);

  pos.doMove(move);
  const effects = pos.effects;
  const after = pos.effectBase;
  const before = after - EFFECT_STRIDE;
  const ours = us * BOARD_SIZE;
  const theirs = them * BOARD_SIZE;
  const theirsOnTo = effects[after + theirs + to]!;
  const oursOnTo = effects[after + ours + to]!;
  // What the opponent wins by taking the piece that just arrived (0 when it is safe).
  const lost = theirsOnTo > 0 ? exchangeValueAt(pos, to) : 0;

  if (kind === Kind.Pawn) f |= pawnPolicies(pos, to, drop, promote, captured, ahead, lost, us);
  if (captured === EMPTY && theirsOnTo > 0 && oursOnTo === 0 && kind !== Kind.King)
    f |= Policy.freeSacrifice;
  if (theirsOnTo > oursOnTo) f |= Policy.intoOutnumbered;
  if (!promote && promotesNext(board, to, kind, us)) f |= Policy.promotesNext;
  if (edgeEffects(effects, after, us) > edgeBefore) f |= Policy.edgeEffect;
  f |= effectChanges(board, effects, before, after, us);
  if (context.threat > 0 && largestThreat(pos, us) < context.threat) f |= Policy.savesPiece;
  if (pieceBalance(pos, us, us) > context.ownKingPieces) f |= Policy.ownKingPieces;
  if (effectBalance(pos, us, us) > context.ownKingEffects) f |= Policy.ownKingEffects;
  if (pieceBalance(pos, them, us) > context.enemyKingPieces) f |= Policy.enemyKingPieces;
  if (effectBalance(pos, them, us) > context.enemyKingEffects) f |= Policy.enemyKingEffects;
  pos.undoMove(move);
  return f & ALL_BUT_OTHER ? f : OTHER;
}
// #endregion

/**
 * Policies 1–9, for a pawn moved or dropped to `to` (position after the move). `ahead` is the
 * piece that stood in front of `to` before the move, `lost` what the opponent wins by taking the
 * pawn (or tokin) now on `to`.
 */
function pawnPolicies(
  pos: Position,
  to: number,
  drop: boolean,
  promote: boolean,
  captured: number,
  ahead: number,
  lost: number,
  us: Color,
): number {
  const them = us ^ 1;
  const theirsOnTo = pos.effectCount(them as Color, to);
  const aheadIsEnemy = ahead !== EMPTY && ahead !== WALL && ahead >> 4 === them;
  let f = 0;
  if (theirsOnTo >= FOCUS_PAWN_EFFECTS) f |= Policy.focusPawn;
  if (!drop) {
    if (promote) {
      if (captured === EMPTY && lost > 0) f |= Policy.pawnPromotionSacrifice;
    } else if (captured === EMPTY && theirsOnTo > 0) {
      if (aheadIsEnemy && (ahead & 15) === Kind.Pawn && lost === 0) f |= Policy.pawnExchange;
      if (lost > 0) f |= Policy.pawnThrust;
    }
    return f;
  }
  const rank = relativeRank(us, to);
  if (
    rank >= HANGING_PAWN_RANKS[0] &&
    rank <= HANGING_PAWN_RANKS[1] &&
    ahead === EMPTY &&
    lost === 0
  )
    f |= Policy.hangingPawn;
  if (aheadIsEnemy) f |= (ahead & 15) === Kind.Pawn ? Policy.matchingPawn : Policy.strikingPawn;
  if (rank === 9) f |= Policy.bottomPawn;
  const front = to + (us === 0 ? N : S);
  const aheadIsOurs = ahead !== EMPTY && ahead !== WALL && ahead >> 4 === us;
  if (aheadIsOurs && pos.effectCount(them as Color, front) > 0) f |= Policy.tetheredPawn;
  return f;
}

/** `side`'s effects on files 1 and 9, all counted, in the block at `base`. */
function edgeEffects(effects: Uint8Array, base: number, side: Color): number {
  let sum = 0;
  const at = base + side * BOARD_SIZE;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const file = fileOf(sq);
    if (file === 1 || file === 9) sum += effects[at + sq]!;
  }
  return sum;
}

/**
 * Policies 16 and 22 from the counts before and after the move: an enemy piece (not the king)
 * we now bear on more, and a square both sides bore on that we now bear on more.
 */
function effectChanges(
  board: Uint8Array,
  effects: Uint8Array,
  before: number,
  after: number,
  us: Color,
): number {
  const ours = us * BOARD_SIZE;
  const theirs = (us ^ 1) * BOARD_SIZE;
  let f = 0;
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const gained = effects[after + ours + sq]! > effects[before + ours + sq]!;
    if (!gained) continue;
    const p = board[sq]!;
    if (p !== EMPTY && p >> 4 !== us && (p & 15) !== Kind.King) f |= Policy.attacksPiece;
    if (effects[before + ours + sq]! > 0 && effects[before + theirs + sq]! > 0)
      f |= Policy.contestedEffect;
  }
  return f;
}

/** Does an enemy rook, bishop, dragon or horse slide across `sq` (empty) onto a square beyond? */
function crossesMajorLine(pos: Position, sq: number, them: Color): boolean {
  const board = pos.board;
  if (board[sq] !== EMPTY) return false;
  const long = pos.effects[pos.effectBase + LONG_EFFECT + them * BOARD_SIZE + sq]!;
  if (long === 0) return false;
  for (let d = -11; d <= 11; d++) {
    const bit = DIRECTION_BIT[d + 11]!;
    if (d === 0 || bit === 0 || (long & bit) === 0) continue;
    // The slide travels along d, so its piece stands behind sq, against d.
    let s = sq - d;
    while (board[s] === EMPTY) s -= d;
    const k = board[s]! & 15;
    const major = k === Kind.Rook || k === Kind.Bishop || k === Kind.Dragon || k === Kind.Horse;
    if (major && board[sq + d] !== WALL) return true;
  }
  return false;
}

/**
 * Can the piece of `kind` (unpromoted, of a kind that promotes) now on `to` promote with its next
 * move? It can when it stands in the enemy camp (any move from there may promote) or one of the
 * squares it reaches is in it.
 */
function promotesNext(board: Uint8Array, to: number, kind: number, us: Color): boolean {
  if (kind < Kind.Pawn || kind > Kind.Rook) return false;
  if (isInPromotionZone(us, to)) return true;
  const piece = board[to]!;
  for (let i = 0, n = STEP_COUNT[piece]!; i < n; i++) {
    const s = to + STEPS[piece * 8 + i]!;
    const p = board[s]!;
    if (p !== WALL && (p === EMPTY || p >> 4 !== us) && isInPromotionZone(us, s)) return true;
  }
  for (let i = 0, n = SLIDE_COUNT[piece]!; i < n; i++) {
    const d = SLIDES[piece * 4 + i]!;
    for (let s = to + d; board[s] !== WALL; s += d) {
      const p = board[s]!;
      if (p !== EMPTY && p >> 4 === us) break;
      if (isInPromotionZone(us, s)) return true;
      if (p !== EMPTY) break;
    }
  }
  return false;
}
