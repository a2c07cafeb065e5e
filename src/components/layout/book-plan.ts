/**
 * The book's table of contents, including the chapters not yet written.
 *
 * A chapter that exists in src/content/chapters takes its title and summary from its own
 * frontmatter; this list gives the home page something to say about the others, which it shows as
 * "in preparation" without a link.
 */

export interface PlannedChapter {
  order: number;
  slug: string;
  title: string;
  japanese: string;
  summary: string;
  /** Source documents (seed ids) the chapter teaches; empty means all of them. */
  source: readonly string[];
}

export const BOOK_PLAN: readonly PlannedChapter[] = [
  {
    order: 1,
    slug: 'board',
    title: 'The board and its rules',
    japanese: '盤と駒',
    summary:
      'Shogi for a chess programmer: drops, promotion and the odd rules, then a board that keeps its own effect counts, a move generator and perft to prove it right.',
    source: [],
  },
  {
    order: 2,
    slug: 'move-evaluation',
    title: 'Judging a move before reading it',
    japanese: '指し手の評価',
    summary:
      'How a cheap estimate of each move — what it wins, what it threatens, how close it comes to the king — decides what the search looks at first.',
    source: ['000'],
  },
  {
    order: 3,
    slug: 'pruning',
    title: 'Forward and backward pruning',
    japanese: '枝刈り',
    summary:
      'Cutting the tree: α-β as pruning that never changes the answer, forward pruning that sometimes does, and the null-move and reduction tricks in between.',
    source: ['000'],
  },
  {
    order: 4,
    slug: 'horizon',
    title: 'The horizon',
    japanese: '水平線効果',
    summary:
      'Why a search that stops at a fixed depth pushes trouble just out of sight, and what quiescence, check extensions and re-searches cost to fix it.',
    source: ['000'],
  },
  {
    order: 5,
    slug: 'dual-credit',
    title: 'Credit for forcing moves',
    japanese: 'Dual Credit 探索',
    summary:
      'Deep Blue’s dual-credit extensions brought to shogi: each side earns extra depth for forcing moves, and the published experiments are run again.',
    source: ['001'],
  },
  {
    order: 6,
    slug: 'effect-tables',
    title: 'An evaluation you can tweet',
    japanese: '利きの評価テーブル',
    summary:
      'Scoring a position by who controls the squares near each king, with everything precomputed into large tables, and what that does to speed and the cache.',
    source: ['003'],
  },
  {
    order: 7,
    slug: 'decision-trees',
    title: 'Learning which moves matter',
    japanese: '決定木',
    summary:
      'Decision trees grown from game records that guess which moves are worth reading and whether a position holds a mate, and how they fit inside a search.',
    source: ['002'],
  },
  {
    order: 8,
    slug: 'end-of-game',
    title: 'Mates, drop-pawn mate, repetition and stalemate',
    japanese: '詰みと打ち歩詰め',
    summary:
      'The rules that depend on the reply — a pawn drop may not mate, a stalemate draws — and how a king-capture search can see them; a search made for mates; repetition.',
    source: ['004'],
  },
];
