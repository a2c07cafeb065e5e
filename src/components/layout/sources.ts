/**
 * The five source documents behind the book (the project's seeds). Each chapter names the ones it
 * teaches by id. The descriptions are ours; the documents themselves are in Japanese.
 */

export interface SourceDocument {
  /** Seed id, as used in a chapter's `source` frontmatter. */
  id: string;
  /** The document's own title. */
  japaneseTitle: string;
  /** An English rendering of the title. */
  title: string;
  /** Who wrote it and what kind of text it is, as far as the document says. */
  origin: string;
  /** The authors, as the document names them, or why we cannot name them. */
  authors: string;
  /** Where and when it appeared, as far as the document itself shows. */
  published: string;
  /** Its address, or null: the copy we read came without one. */
  url: string | null;
  description: string;
}

export const SOURCE_DOCUMENTS: readonly SourceDocument[] = [
  {
    id: '000',
    japaneseTitle: '指し手の評価と前向き枝刈',
    title: 'Move evaluation and forward pruning',
    origin: 'A chapter of a tutorial on writing a shogi program in C++.',
    authors: 'Its author is not named in the copy we have.',
    published:
      'Chapter 8 of an online tutorial (its programs ship as chapter08.zip); written before 2015, with postscripts dated October 2015.',
    url: null,
    description:
      'Gives every move a value before it is searched — the change in the evaluation, what the move threatens and leaves hanging in exchanges, how near it comes to the enemy king, bonuses for captures and for a pawn sacrificed on a focal square — and uses that value to order moves and to skip the weak ones. It also describes re-searching two plies deeper when a doubtful move is answered by a recapture, and a later note observes that engines have since moved from forward pruning to backward pruning.',
  },
  {
    id: '001',
    japaneseTitle: '将棋における Dual Credit 探索',
    title: 'Dual Credit search in shogi',
    origin:
      'A research paper by Suzuki Go and Kotani Yoshiyuki (Tokyo University of Agriculture and Technology).',
    authors: 'Suzuki Go and Kotani Yoshiyuki, Tokyo University of Agriculture and Technology.',
    published:
      'A paper in Japanese with an English title; the copy we have names no venue or year (its newest reference is from 2002).',
    url: null,
    description:
      'Adapts the dual-credit extension scheme used in Deep Blue: each side accumulates credit for forcing moves and spends it on deeper search, up to a limit. The paper classifies shogi moves by piece and purpose to decide which earn credit, and reports matches and node counts against plain α-β search.',
  },
  {
    id: '002',
    japaneseTitle: '決定木を用いた将棋の局面評価',
    title: 'Evaluating shogi positions with decision trees',
    origin:
      'A research paper by Watanabe Satoshi and Kotani Yoshiyuki (Tokyo University of Agriculture and Technology).',
    authors:
      'Watanabe Satoshi and Kotani Yoshiyuki, Graduate School of Engineering, Tokyo University of Agriculture and Technology.',
    published:
      'A paper in Japanese; the copy we have names no venue or year (its game records are from the 1999 yearbook of the Japan Shogi Association).',
    url: null,
    description:
      'Describes moves by the plans they serve and positions by counts of effects around the kings, then grows ID3 decision trees from professional game records to predict which moves are worth keeping and whether a position has a mate. It reports how many moves the trees discard and how often the best move survives.',
  },
  {
    id: '003',
    japaneseTitle: '評価関数テーブルの導入',
    title: 'A table-driven effect evaluator',
    origin:
      'A post on the blog of the author of the YaneuraOu engine; the title given here is the heading of its first section.',
    authors: 'yaneurao, the author of the YaneuraOu engine.',
    published:
      'A blog post that continues an earlier one. It names no date, but says its author read a post of October 2011 ten years before: about 2021.',
    url: null,
    description:
      'Values control of each square by its distance to the two kings and by how many pieces of each side bear on it, and folds all of this into precomputed tables indexed by both king squares. It weighs table size against memory traffic, tries capping the effect counts at a small number, and adds the piece standing on the square to the index.',
  },
  {
    id: '004',
    japaneseTitle: '打ち歩詰めのチェックに比べたら簡単',
    title: 'Easy, compared with checking drop-pawn mate',
    origin: 'A 2019 post on a developer’s blog about a game app that plays shogi and chess.',
    authors: 'The developer of a shogi and chess app; not named in the post.',
    published: 'A blog post dated 2 November 2019.',
    url: null,
    description:
      'An engine that wins by capturing the king cannot by itself tell mate from stalemate. The post compares deciding the end of the game inside the evaluation with searching one more ply when the king has no move, explains why drop-pawn mate needs two extra plies, and illustrates the point with chess positions where stalemate decides the right move.',
  },
];

export const sourceById = (id: string): SourceDocument | undefined =>
  SOURCE_DOCUMENTS.find((doc) => doc.id === id);
