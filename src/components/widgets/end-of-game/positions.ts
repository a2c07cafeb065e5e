/**
 * Chapter 8's positions, each with where it came from. The chapter's widgets and the tests read
 * them from here, so what the page shows is what the tests check.
 */

export interface EndPosition {
  id: string;
  label: string;
  /** SFEN (shogi) or FEN (chess). */
  position: string;
  /** Where it came from. */
  source: string;
  /** The move a rule forbids (shogi: the pawn drop that would mate) or the trap (chess: a stalemate). */
  trap: string;
}

/** Shogi positions where a pawn drop would mate: 打ち歩詰め decides the move. */
export const SHOGI_POSITIONS: readonly EndPosition[] = [
  {
    id: 'silver-not-pawn',
    label: 'A pawn would mate; a silver does',
    position: '6bnl/4skn2/+Lp2pppKp/2pp5/1P7/+l1gP1P3/6PPP/+p1SGG2R1/6SNL w rbgsn4p 200',
    source: 'chapter 7’s mate data (public/lab/dtree/mate-games.json, game 114): gote to move',
    trap: 'P*2b',
  },
  {
    id: 'mate-in-three-instead',
    label: 'A pawn would mate; a mate in 3 remains',
    position: '1nk4nl/l1gsg1sb1/p1ppppp2/7Kp/Pr7/1p7/N1PPPPPPP/1BGR1S3/L1S3GNL w Pp 82',
    source: 'chapter 7’s mate data (public/lab/dtree/mate-games.json, game 749): gote to move',
    trap: 'P*2c',
  },
  {
    id: 'pawn-drop-no-mate',
    label: 'A pawn would mate; nothing else does',
    position: 'kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1',
    source: 'antma/tsumeshogi-check, tests/tsume1.rs (test/fixtures/tsume.json)',
    trap: 'P*9b',
  },
  {
    id: 'real-game',
    label: 'From a real game (Ragnarok MateTest1)',
    position: 'l7l/4S1g2/2+Ppp2p1/6p1p/P1SG1R3/2SP1G1kP/KPN6/2P2PG2/Lr3S2L b NP2b2n5p 130',
    source: 'ebifrier/Ragnarok, Ragnarok.Shogi/Tests/CheckMatedTest.cs (test/fixtures/tsume.json)',
    trap: 'P*2g',
  },
];

/** Mate problems for the mate search, from test/fixtures/tsume.json and tsume-long.json. */
export const MATE_PROBLEMS: readonly { id: string; label: string; sfen: string }[] = [
  {
    id: 'tsume3-3',
    label: 'Mate in 3 (antma tsume3, entry 3)',
    sfen: '9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1',
  },
  {
    id: 'antma-5-03',
    label: 'Mate in 5 by tsume rules, 7 by the game’s (antma tsume5, entry 3)',
    sfen: '7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1',
  },
  {
    id: 'shogiboardq-13-002',
    label: 'Mate in 13 (ShogiBoardQ’s computer-made set, problem 2)',
    sfen: '+Ng1r5/1g1k5/9/+S1B1S4/9/9/9/9/9 b rb2g2s3n4l18p 1',
  },
  {
    id: 'rook-chase',
    label: 'A lone rook chases a bare king: checks for ever, no mate',
    sfen: '8k/9/9/9/9/9/9/9/K6R1 b - 1',
  },
];

/**
 * Chess positions for the stalemate half (test/fixtures/chess-stalemate.json, where every fact
 * about them is re-derived with chessops). The seed shows its two examples as pictures; these are
 * ours, built to fit its words.
 */
export const CHESS_POSITIONS: readonly EndPosition[] = [
  {
    id: 'c8-promotion',
    label: 'Promote to a queen and stalemate, or to a bishop and mate',
    position: '8/k1P5/8/1K6/8/8/8/7Q w - - 0 1',
    source: 'seed 004’s second example, rebuilt from its words',
    trap: 'c7c8q',
  },
  {
    id: 'bf6-stalemate',
    label: 'The bishop to f6 stalemates; the knight to f7 does not',
    position: '8/6KP/7N/4B2k/8/5P2/8/8 w - - 0 1',
    source: 'seed 004’s first example, rebuilt from its words',
    trap: 'e5f6',
  },
  {
    id: 'kf3-boxed-king',
    label: 'Where a plain 0 misleads: the king boxed in, not stalemated',
    position: '8/8/8/8/4K3/4p3/7k/5Q2 w - - 0 1',
    source: 'found by scripts/find-chess-examples.ts',
    trap: 'e4e3',
  },
];
