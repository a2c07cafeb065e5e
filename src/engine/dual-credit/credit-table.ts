/**
 * Seed 001's Table 1 (Dual Credit, chapter 5): the pieces that move (its rows), what a move does
 * (its columns), and our default credit for each pair, which the paper does not print. The credit
 * table is a search option (search/option-decls.ts); dual-credit.ts reads a move's entry from it.
 */

/** Table 1's pieces, in its order: 王 飛 角 金 銀 桂 香 歩 龍 馬 成銀 成桂 成香 と. */
export const CREDIT_PIECES = [
  'king',
  'rook',
  'bishop',
  'gold',
  'silver',
  'knight',
  'lance',
  'pawn',
  'dragon',
  'horse',
  'promoted silver',
  'promoted knight',
  'promoted lance',
  'tokin',
] as const;

/** Table 1's meanings of a move, in its order. */
export const CREDIT_MEANINGS = [
  'captures the piece that just moved',
  'captures another piece',
  'moves a threatened piece away',
  'to a square the opponent attacks',
  'to a square it does not attack',
  'check',
  'escape from check',
  'captures a more valuable piece',
  'captures a less valuable piece',
  'promotes',
  'drop onto an attacked square',
  'drop onto an unattacked square',
  'high provisional value',
  'other',
] as const;

/** Table row of a piece kind (1–14 as in types.ts). */
export const ROW_OF_KIND: readonly number[] = [-1, 7, 6, 5, 4, 2, 1, 3, 0, 13, 12, 11, 10, 9, 8];

/**
 * Default credits, one row per piece. The paper's values were tuned by hand and are not printed.
 * Ours are round numbers built around one rule: with CREDIT_LIMIT 2, two checks by one side along a
 * line earn it one ply (1.25 + 1.25 = 2.5 → 1, the paper's own example). A check is 1.25, 1.5 for
 * a rook, bishop or their promotions, whose checks are the hardest to meet. Captures earn less
 * (the piece that just moved 0.5, a more valuable piece 0.75, a capture worth at least a silver 0.5,
 * any other 0.25), because quiescence search already reads captures past the horizon; a promotion
 * or an escape from check 0.5, a threatened piece moving away 0.25; quiet moves and drops that
 * give no check nothing (a checking drop earns its piece's check); the king, which never checks
 * or promotes, earns for captures, escapes, fleeing and a high provisional value. So a check and a capture of a larger piece
 * (2.0, exactly the limit) extend nothing yet; a third forcing move does. Tried at depths 3 and 4
 * on a dozen bench positions against two other tables: one with half these checks, which extended
 * nothing at these depths, and one crediting captures like checks, which read 2.5 times the nodes
 * of plain α-β at depth 4. Not tuned beyond that. The whole table is an option, and chapter 5's
 * grid edits it.
 */
// prettier-ignore
export const DEFAULT_CREDITS: readonly number[] = [
  //          last  other flee toAtt toSafe check evade more less promo dropA dropS high other
  /* king  */ 0.5, 0.25, 0.25, 0, 0, 0, 0.5, 0.75, 0.25, 0, 0, 0, 0.5, 0,
  /* rook  */ 0.5, 0.25, 0.25, 0, 0, 1.5, 0.5, 0.75, 0.25, 0.5, 0, 0, 0.5, 0,
  /* bishop*/ 0.5, 0.25, 0.25, 0, 0, 1.5, 0.5, 0.75, 0.25, 0.5, 0, 0, 0.5, 0,
  /* gold  */ 0.5, 0.25, 0.25, 0, 0, 1.25, 0.5, 0.75, 0.25, 0, 0, 0, 0.5, 0,
  /* silver*/ 0.5, 0.25, 0.25, 0, 0, 1.25, 0.5, 0.75, 0.25, 0.5, 0, 0, 0.5, 0,
  /* knight*/ 0.5, 0.25, 0.25, 0, 0, 1.25, 0.5, 0.75, 0.25, 0.5, 0, 0, 0.5, 0,
  /* lance */ 0.5, 0.25, 0.25, 0, 0, 1.25, 0.5, 0.75, 0.25, 0.5, 0, 0, 0.5, 0,
  /* pawn  */ 0.5, 0.25, 0.25, 0, 0, 1.25, 0.5, 0.75, 0.25, 0.5, 0, 0, 0.5, 0,
  /* dragon*/ 0.5, 0.25, 0.25, 0, 0, 1.5, 0.5, 0.75, 0.25, 0, 0, 0, 0.5, 0,
  /* horse */ 0.5, 0.25, 0.25, 0, 0, 1.5, 0.5, 0.75, 0.25, 0, 0, 0, 0.5, 0,
  /* +S    */ 0.5, 0.25, 0.25, 0, 0, 1.25, 0.5, 0.75, 0.25, 0, 0, 0, 0.5, 0,
  /* +N    */ 0.5, 0.25, 0.25, 0, 0, 1.25, 0.5, 0.75, 0.25, 0, 0, 0, 0.5, 0,
  /* +L    */ 0.5, 0.25, 0.25, 0, 0, 1.25, 0.5, 0.75, 0.25, 0, 0, 0, 0.5, 0,
  /* tokin */ 0.5, 0.25, 0.25, 0, 0, 1.25, 0.5, 0.75, 0.25, 0, 0, 0, 0.5, 0,
];
