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
import { exchangeValueAt } from './exchange';
import { kingNeighbourhood, zoneSquare } from './position-features';

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

export interface PolicyInfo {
  /** 1..28, the paper's numbering. */
  number: number;
  id: PolicyId;
  ja: string;
  reading: string;
  en: string;
  /** The definition the code implements, in a sentence. */
  definition: string;
}

/** The policies' ids in the paper's order. */
export const POLICY_IDS = [
  'pawnExchange',
  'pawnThrust',
  'pawnPromotionSacrifice',
  'hangingPawn',
  'focusPawn',
  'strikingPawn',
  'matchingPawn',
  'bottomPawn',
  'tetheredPawn',
  'check',
  'capturesLastMoved',
  'capturesOther',
  'freeSacrifice',
  'promotes',
  'promotesNext',
  'attacksPiece',
  'savesPiece',
  'intoOutnumbered',
  'dropInEnemyCamp',
  'blocksMajorLine',
  'edgeEffect',
  'contestedEffect',
  'boardMove',
  'ownKingPieces',
  'ownKingEffects',
  'enemyKingPieces',
  'enemyKingEffects',
  'other',
] as const;
export type PolicyId = (typeof POLICY_IDS)[number];

/** The 28 policies in the paper's order: `POLICIES[i]` is policy i + 1, bit i of a policy mask. */
export const POLICIES: readonly PolicyInfo[] = (
  [
    {
      id: 'pawnExchange',
      ja: '歩の交換',
      reading: 'fu no kōkan',
      en: 'pawn exchange',
      definition:
        'A pawn steps forward, without capturing or promoting, onto the square in front of an enemy pawn, and the opponent cannot win material by taking it (we retake): it offers to trade pawns.',
    },
    {
      id: 'pawnThrust',
      ja: '歩の突き捨て',
      reading: 'fu no tsukisute',
      en: 'pawn thrust sacrifice',
      definition:
        'A pawn steps forward, without capturing or promoting, onto a square the enemy bears on, where the opponent wins material by taking it: the pawn is given away.',
    },
    {
      id: 'pawnPromotionSacrifice',
      ja: '歩の成り捨て',
      reading: 'fu no narisute',
      en: 'pawn promotion sacrifice',
      definition:
        'A pawn promotes, without capturing, on a square where the opponent wins material by taking the new tokin.',
    },
    {
      id: 'hangingPawn',
      ja: '垂れ歩',
      reading: 'tarefu',
      en: 'hanging pawn',
      definition:
        'A pawn is dropped two to four ranks from the far edge, the square in front of it empty, where the opponent cannot win it: it waits to advance and promote.',
    },
    {
      id: 'focusPawn',
      ja: '焦点の歩',
      reading: 'shōten no fu',
      en: 'focus pawn',
      definition:
        'A pawn (moved or dropped) goes where two or more enemy pieces bear, so that whichever takes it leaves the others (seed 000’s definition).',
    },
    {
      id: 'strikingPawn',
      ja: '単打の歩',
      reading: 'tanda no fu',
      en: 'single striking pawn',
      definition:
        'A pawn is dropped on the square in front of an enemy piece other than a pawn, striking it.',
    },
    {
      id: 'matchingPawn',
      ja: '合わせの歩',
      reading: 'awase no fu',
      en: 'matching pawn',
      definition: 'A pawn is dropped face to face with an enemy pawn.',
    },
    {
      id: 'bottomPawn',
      ja: '底歩',
      reading: 'sokofu',
      en: 'bottom pawn',
      definition: 'A pawn is dropped on our own back rank, a defence rooks cannot easily break.',
    },
    {
      id: 'tetheredPawn',
      ja: '紐歩',
      reading: 'himofu',
      en: 'tethered pawn',
      definition:
        'A pawn is dropped behind one of our pieces that the enemy bears on, tying a string (紐) to it.',
    },
    { id: 'check', ja: '王手', reading: 'ōte', en: 'check', definition: 'The move gives check.' },
    {
      id: 'capturesLastMoved',
      ja: '直前に動いた駒を取る',
      reading: 'chokuzen ni ugoita koma o toru',
      en: 'captures the piece that just moved',
      definition: 'The move captures the piece the opponent’s last move put there.',
    },
    {
      id: 'capturesOther',
      ja: '直前に動いた駒以外の駒を取る',
      reading: 'chokuzen ni ugoita koma igai no koma o toru',
      en: 'captures another piece',
      definition: 'The move captures a piece other than the one that just moved.',
    },
    {
      id: 'freeSacrifice',
      ja: 'ただ捨て',
      reading: 'tadasute',
      en: 'free sacrifice',
      definition:
        'Without capturing, a piece goes where the enemy bears and none of ours does: it can be taken for nothing.',
    },
    {
      id: 'promotes',
      ja: '駒が成る',
      reading: 'koma ga naru',
      en: 'promotes',
      definition: 'The move promotes.',
    },
    {
      id: 'promotesNext',
      ja: '指した駒が次手で成る',
      reading: 'sashita koma ga jite de naru',
      en: 'can promote next move',
      definition:
        'The piece moved or dropped is unpromoted, of a kind that promotes, and has a move next turn that may promote (it stands in the enemy camp or reaches into it).',
    },
    {
      id: 'attacksPiece',
      ja: '相手の駒に利きを付ける',
      reading: 'aite no koma ni kiki o tsukeru',
      en: 'attacks an enemy piece',
      definition:
        'After the move we bear on some enemy piece other than the king more times than before (the moved piece, or a line it opened).',
    },
    {
      id: 'savesPiece',
      ja: '取られる駒を逃がすまたは防ぐ',
      reading: 'torareru koma o nigasu mata wa fusegu',
      en: 'saves a threatened piece',
      definition:
        'Before the move the opponent could win material from one of our pieces by an exchange; after it, the most the opponent can win that way is less.',
    },
    {
      id: 'intoOutnumbered',
      ja: '自分の利きの数より相手の利きが多いマスに駒を動かす',
      reading: 'jibun no kiki no kazu yori aite no kiki ga ōi masu ni koma o ugokasu',
      en: 'moves where the enemy has more effects',
      definition:
        'A piece moves or is dropped on a square the enemy bears on more times than we do after the move.',
    },
    {
      id: 'dropInEnemyCamp',
      ja: '相手陣への打ち込み',
      reading: 'aitejin e no uchikomi',
      en: 'drop into the enemy camp',
      definition: 'A piece is dropped in the enemy camp (our promotion zone).',
    },
    {
      id: 'blocksMajorLine',
      ja: '大駒の利きを遮る駒を動かす',
      reading: 'ōgoma no kiki o saegiru koma o ugokasu',
      en: 'blocks a major piece’s line',
      definition:
        'A piece moves or is dropped on an empty square that an enemy rook, bishop, dragon or horse slides across, cutting its line short. (The phrase can also be read “moves the piece that blocks the line”; we take the blocking move.)',
    },
    {
      id: 'edgeEffect',
      ja: '端に利きを付ける',
      reading: 'hashi ni kiki o tsukeru',
      en: 'adds effect to the edge',
      definition: 'Our effects on the two edge files (1 and 9) add up to more after the move.',
    },
    {
      id: 'contestedEffect',
      ja: 'お互いに利きのあるマスに利きを加える',
      reading: 'otagai ni kiki no aru masu ni kiki o kuwaeru',
      en: 'adds effect to a contested square',
      definition: 'On some square both sides bore on before the move, we bear more times after it.',
    },
    {
      id: 'boardMove',
      ja: '盤上の駒を動かす',
      reading: 'banjō no koma o ugokasu',
      en: 'moves a board piece',
      definition: 'The move is not a drop.',
    },
    {
      id: 'ownKingPieces',
      ja: '自玉周辺の（自分の駒数－相手の駒数）を増やす',
      reading: 'jigyoku shūhen no koma-sū',
      en: 'more pieces round our king',
      definition:
        'Our pieces minus the enemy’s on the 24 squares round our king rise (kings not counted).',
    },
    {
      id: 'ownKingEffects',
      ja: '自玉周辺の（自分の利き－相手の利き）を増やす',
      reading: 'jigyoku shūhen no kiki',
      en: 'more effects round our king',
      definition:
        'Our effects minus the enemy’s on the 24 squares round our king rise (each effect counted, the king’s own left out).',
    },
    {
      id: 'enemyKingPieces',
      ja: '相手玉周辺の（自分の駒数－相手の駒数）を増やす',
      reading: 'aitegyoku shūhen no koma-sū',
      en: 'more pieces round the enemy king',
      definition: 'Our pieces minus the enemy’s on the 24 squares round the enemy king rise.',
    },
    {
      id: 'enemyKingEffects',
      ja: '相手玉周辺の（自分の利き－相手の利き）を増やす',
      reading: 'aitegyoku shūhen no kiki',
      en: 'more effects round the enemy king',
      definition: 'Our effects minus the enemy’s on the 24 squares round the enemy king rise.',
    },
    {
      id: 'other',
      ja: 'その他',
      reading: 'sono ta',
      en: 'other',
      definition: 'None of policies 1 to 27.',
    },
  ] as const satisfies readonly Omit<PolicyInfo, 'number'>[]
).map((p, i) => ({ number: i + 1, ...p }));

/** Policy bits by id: `Policy.check` is bit 9 (policy 10). */
export const Policy = Object.fromEntries(POLICY_IDS.map((id, i) => [id, 1 << i])) as Record<
  PolicyId,
  number
>;
export const POLICY_COUNT = POLICIES.length;
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

/** The policies of a mask by number (1..28), for tables and widgets. */
export function policyNumbers(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < POLICY_COUNT; i++) if (mask & (1 << i)) out.push(i + 1);
  return out;
}
