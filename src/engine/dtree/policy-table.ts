/**
 * The 28 move policies of seed 002 (Watanabe & Kotani, Table 3) as a table: each one's number, its
 * Japanese and English names and our written definition, and its bit in a policy mask. The tests
 * that decide them are in move-policies.ts; the tables and widgets read the names from here.
 */

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

/** The policies of a mask by number (1..28), for tables and widgets. */
export function policyNumbers(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < POLICY_COUNT; i++) if (mask & (1 << i)) out.push(i + 1);
  return out;
}
