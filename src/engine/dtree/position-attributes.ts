/**
 * The 64 position attributes of seed 002 (Watanabe & Kotani, Table 5): what a decision tree may
 * ask of a position besides the move's policies. "We" (自分) are the side to move; in the mate
 * data that is the side that would mate, and the enemy king (相手玉) is the one to be mated, as
 * in the paper. Every attribute is a small non-negative integer, so a tree splits each at a
 * threshold.
 *
 * The king-neighbourhood counts come from `position-features.ts` (counts a, b, c, d and the
 * king's freedom, the king's own effects left out as the paper says). Attributes 57–64, the state
 * of each square next to the enemy king, are categories in the paper (ours only, theirs only,
 * both, neither); our trees split binary at thresholds, so we number the states in the order that
 * is worse and worse for the king's side: theirs only 0, neither 1, both 2, ours only 3, and 4
 * for a square off the board (the king cannot go there either). The paper's mate trees need not
 * have been binary; ours are.
 */
import type { Position } from '../position';
import { BOARD_SIZE, isInPromotionZone, SQUARES } from '../square';
import { type Color, EMPTY, Kind } from '../types';
import { kingFreedom, kingNeighbourhood, zoneSquare } from '../eval/position-features';

export interface AttributeInfo {
  /** 1..64, the paper's numbering. */
  number: number;
  id: string;
  ja: string;
  en: string;
  /** Asked by the best-move trees (Table 5, ○ in its first column). */
  bestMove: boolean;
  /** Asked by the mate trees (○ in its second column). */
  mate: boolean;
}

/** Hand kinds in the paper's usual order (歩 香 桂 銀 金 角 飛). */
const HAND_ORDER = [
  Kind.Pawn,
  Kind.Lance,
  Kind.Knight,
  Kind.Silver,
  Kind.Gold,
  Kind.Bishop,
  Kind.Rook,
] as const;
const HAND_JA = ['歩', '香', '桂', '銀', '金', '角', '飛'];
const HAND_EN = ['pawns', 'lances', 'knights', 'silvers', 'golds', 'bishops', 'rooks'];
const COUNTS = ['a', 'b', 'c', 'd'] as const;
const COUNT_EN = {
  a: 'squares borne on',
  b: 'effects',
  c: 'squares held',
  d: 'squares held alone',
} as const;

function build(): AttributeInfo[] {
  const out: Omit<AttributeInfo, 'number'>[] = [];
  const add = (id: string, ja: string, en: string, bestMove: boolean, mate: boolean) =>
    out.push({ id, ja, en, bestMove, mate });
  HAND_ORDER.forEach((_, i) =>
    add(`handOurs.${i}`, `自分の持ち駒（${HAND_JA[i]}）`, `our ${HAND_EN[i]} in hand`, true, true),
  );
  HAND_ORDER.forEach((_, i) =>
    add(
      `handTheirs.${i}`,
      `相手の持ち駒（${HAND_JA[i]}）`,
      `enemy ${HAND_EN[i]} in hand`,
      true,
      true,
    ),
  );
  add(
    'promotedMajorsOurs',
    '自分の大駒が成っている',
    'our promoted rooks and bishops',
    true,
    false,
  );
  add(
    'promotedMajorsTheirs',
    '相手の大駒が成っている',
    'enemy promoted rooks and bishops',
    true,
    false,
  );
  add('ourCampOurs', '自陣の自分の駒', 'our pieces in our camp', true, false);
  add('ourCampTheirs', '自陣の相手の駒', 'enemy pieces in our camp', true, false);
  add('enemyCampOurs', '相手陣の自分の駒', 'our pieces in the enemy camp', true, false);
  add('enemyCampTheirs', '相手陣の相手の駒', 'enemy pieces in their camp', true, false);
  add('freedomOurs8', '自玉8近傍自由度', 'our king’s free squares (8)', true, false);
  add('freedomOurs24', '自玉24近傍自由度', 'our king’s free squares (24)', true, false);
  add('freedomTheirs8', '相手玉8近傍自由度', 'enemy king’s free squares (8)', true, true);
  add('freedomTheirs24', '相手玉24近傍自由度', 'enemy king’s free squares (24)', true, true);
  for (const radius of [8, 24] as const)
    for (const [king, kingJa, kingEn] of [
      ['Ours', '自玉', 'our king'],
      ['Theirs', '相手玉', 'the enemy king'],
    ] as const)
      for (const [side, sideJa, sideEn] of [
        ['ours', '自分', 'our'],
        ['theirs', '相手', 'enemy'],
      ] as const)
        for (const c of COUNTS)
          add(
            `king${king}${radius}.${side}.${c}`,
            `${kingJa}${radius}近傍の${sideJa}の利き ${c}`,
            `${sideEn} ${COUNT_EN[c]} round ${kingEn} (${radius}, ${c})`,
            true,
            king === 'Theirs',
          );
  for (let i = 0; i < 8; i++)
    add(
      `enemyKingSquare.${i}`,
      `相手玉8近傍の利き状態 ${i + 1}`,
      `effects on the enemy king’s neighbour ${NEIGHBOUR_NAMES[i]}`,
      false,
      true,
    );
  return out.map((a, i) => ({ number: i + 1, ...a }));
}

/**
 * The enemy king's eight neighbours as the side to move sees them from its seat: the three beyond
 * the king first, then left and right, then the three nearer us. For sente that is the order
 * `KING_ZONE` lists them (rank by rank from rank 1); for gote it is reversed.
 */
export const NEIGHBOUR_NAMES = [
  'far left',
  'far',
  'far right',
  'left',
  'right',
  'near left',
  'near',
  'near right',
];

/** Table 5 in the paper's order: `ATTRIBUTES[i]` is attribute i + 1. */
export const ATTRIBUTES: readonly AttributeInfo[] = build();
export const ATTRIBUTE_COUNT = ATTRIBUTES.length;
/** Index of attribute 57, the first of the eight neighbour states (57–64). */
export const FIRST_NEIGHBOUR_ATTRIBUTE = ATTRIBUTES.findIndex((a) => a.id === 'enemyKingSquare.0');

/** Indices (0-based) of the attributes each kind of tree asks. */
export const BEST_MOVE_ATTRIBUTES: readonly number[] = ATTRIBUTES.flatMap((a, i) =>
  a.bestMove ? [i] : [],
);
export const MATE_ATTRIBUTES: readonly number[] = ATTRIBUTES.flatMap((a, i) => (a.mate ? [i] : []));

/** States of a square next to the enemy king (attributes 57–64), worse and worse for that king. */
export const NeighbourState = {
  TheirsOnly: 0,
  Neither: 1,
  Both: 2,
  OursOnly: 3,
  OffBoard: 4,
} as const;

const abcd = new Int32Array(4);
const clamp = (v: number): number => (v > 255 ? 255 : v);

// #region position-attributes
/**
 * Write the 64 attributes of `pos`, seen by `us` (the side to move unless given), to
 * `out[offset ..]` (each 0..255). Seen by the side that just moved, they ask whether it threatens
 * something, such as a mate, were it to move again. A side without a king (a king-capture
 * search's leaves) has zero freedom and zero counts.
 */
export function positionAttributes(
  pos: Position,
  out: Uint8Array,
  offset = 0,
  us: Color = pos.sideToMove,
): void {
  const them = (us ^ 1) as Color;
  let k = offset;
  for (const kind of HAND_ORDER) out[k++] = pos.hand[us * 8 + kind]!;
  for (const kind of HAND_ORDER) out[k++] = pos.hand[them * 8 + kind]!;
  // 15–20: promoted majors, and pieces in each camp (kings not counted).
  // counts[side * 3 + what]: promoted majors, pieces in our camp, pieces in the enemy camp.
  const counts = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const p = pos.board[sq]!;
    if (p === EMPTY || (p & 15) === Kind.King) continue;
    const side = p >> 4 === us ? 0 : 3;
    const kind = p & 15;
    if (kind === Kind.Dragon || kind === Kind.Horse) counts[side]!++;
    if (isInPromotionZone(them, sq)) counts[side + 1]!++;
    else if (isInPromotionZone(us, sq)) counts[side + 2]!++;
  }
  out[k++] = counts[0]!;
  out[k++] = counts[3]!;
  out[k++] = counts[1]!;
  out[k++] = counts[4]!;
  out[k++] = counts[2]!;
  out[k++] = counts[5]!;
  // 21–24: each king's freedom.
  out[k++] = kingFreedom(pos, us, 1);
  out[k++] = kingFreedom(pos, us, 2);
  out[k++] = kingFreedom(pos, them, 1);
  out[k++] = kingFreedom(pos, them, 2);
  // 25–56: counts a, b, c, d round each king, each side's effects.
  for (const radius of [1, 2] as const)
    for (const king of [us, them])
      for (const side of [us, them]) {
        kingNeighbourhood(pos, king, side, radius, abcd);
        for (let c = 0; c < 4; c++) out[k++] = clamp(abcd[c]!);
      }
  // 57–64: the state of each square next to the enemy king.
  const king = pos.kingSquare[them]!;
  const base = pos.effectBase;
  for (let j = 0; j < 8; j++) {
    const sq = king === 0 ? -1 : zoneSquare(king, us === 0 ? j : 7 - j);
    if (sq < 0) {
      out[k++] = NeighbourState.OffBoard;
      continue;
    }
    const ours = pos.effects[base + us * BOARD_SIZE + sq]! > 0;
    // The king's own effect on its neighbours is not counted.
    const theirs = pos.effects[base + them * BOARD_SIZE + sq]! > 1;
    out[k++] = ours
      ? theirs
        ? NeighbourState.Both
        : NeighbourState.OursOnly
      : theirs
        ? NeighbourState.TheirsOnly
        : NeighbourState.Neither;
  }
}
// #endregion
