/**
 * Every chapter's exercises (exercise-model.ts says how one is graded). A chapter places one with
 * `<Exercise client:visible id="…" />`; the home page counts them by chapter. The tests run every
 * exercise's searches and check that the engine's answer is one of the choices offered, so a
 * question stays well posed when the engine changes.
 */
import type { Exercise, ExerciseSearch } from './exercise-model';

const ROOK_EXCHANGE = 'startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d';
const KNIGHT_FORK = '5g3/2n1gs3/lp1sp1k1r/p1ppg2pp/9/PPP1PP1PP/B2PG1N2/5KR2/LS4S1L b 2Pb2nlp 61';
const ROOK_DROP = '5g1nl/B4ns2/4kp2p/p1s3P2/3g5/g6pP/P1SP4L/3GB1R2/LN2K2N1 b SL3Pr7p 85';
const MOVE_EVAL_MIDDLE_GAME =
  'ln1k1s1nl/4gr1b1/p1ps2p2/1g2p2Pp/4g4/PP1pPR3/2P3P1P/LB1G4L/1N1SKS1N1 b 3P2p 53';
const ROOK_GRAB = '1n2ks3/lrgsg3l/pp3pnPp/2p1p4/1P1p5/2P1S1Pb1/b2P1P2P/2S1GR3/LN2KG1NL w P3p 36';

/** The chapters' own material-only setting, where a chapter teaches on it. */
const MATERIAL = { evaluator: 'material' } as const;
/** Nothing that could change α-β's value: no table, so the orderings must agree exactly. */
const EXACT = { ttSizeMb: 0 } as const;

/** A search of `position` to `depth` with `options` over the defaults. */
const at = (
  position: string,
  options: Readonly<Record<string, unknown>>,
  depth: number,
): ExerciseSearch => ({ position, options, limits: { depth } });

const SHARE_BANDS = [
  { id: 'band-0', label: 'under a quarter' },
  { id: 'band-1', label: 'a quarter to a half' },
  { id: 'band-2', label: 'half to all of them' },
  { id: 'band-3', label: 'more than A' },
];

export const EXERCISES: readonly Exercise[] = [
  // ---- chapter 1: the board and its rules --------------------------------------------------
  {
    id: 'board-gold-mate',
    chapter: 'board',
    question:
      'Sente holds a gold; gote’s king is on 1a, boxed in by its own lance and sente’s silver. Does sente have a mate?',
    choices: [
      { id: 'mate', label: 'Yes, a mate' },
      { id: 'no-mate', label: 'No mate' },
    ],
    check: {
      kind: 'mate',
      search: at('7lk/9/8S/9/9/9/9/7L1/8K b G 1', MATERIAL, 3),
    },
    lesson:
      'G*1b: the silver on 1c guards the gold, and the king’s last square, 2b, is covered by the gold, the silver and the lance on 2h.',
  },
  {
    id: 'board-pawn-mate',
    chapter: 'board',
    question:
      'The same position with a pawn in hand instead of the gold. P*1b would leave the king no move. Does sente have a mate?',
    choices: [
      { id: 'mate', label: 'Yes, a mate' },
      { id: 'no-mate', label: 'No mate' },
    ],
    check: {
      kind: 'mate',
      search: at('7lk/9/8S/9/9/9/9/7L1/8K b P 1', MATERIAL, 3),
    },
    lesson:
      'P*1b would be a mate by a dropped pawn (打ち歩詰め), which the generator never offers. But a pawn may be dropped elsewhere: P*2b lures the lance off 2a, and the lance on 2h takes it and promotes with mate.',
  },
  // ---- chapter 2: judging a move -------------------------------------------------------------
  {
    id: 'move-eval-ordering-move',
    chapter: 'move-evaluation',
    question:
      'In the Middle game position, A orders moves the standard way and B by seed 000’s move values, both to depth 3 with no transposition table. Do they play the same move?',
    choices: [
      { id: 'same', label: 'The same move' },
      { id: 'different', label: 'Different moves' },
    ],
    check: {
      kind: 'same-move',
      a: at(MOVE_EVAL_MIDDLE_GAME, { ...MATERIAL, ...EXACT, ordering: 'standard' }, 3),
      b: at(MOVE_EVAL_MIDDLE_GAME, { ...MATERIAL, ...EXACT, ordering: 'move-evaluation' }, 3),
    },
    lesson:
      'Ordering changes how much of the tree α-β reads, never the value it finds: with nothing that prunes, the two searches must agree.',
  },
  {
    id: 'move-eval-ordering-nodes',
    chapter: 'move-evaluation',
    question:
      'Same position and depth. A searches the moves in the order the generator makes them; B orders them by seed 000’s values. What share of A’s nodes does B read?',
    choices: SHARE_BANDS,
    check: {
      kind: 'node-share',
      a: at(MOVE_EVAL_MIDDLE_GAME, { ...MATERIAL, ...EXACT, ordering: 'none' }, 3),
      b: at(MOVE_EVAL_MIDDLE_GAME, { ...MATERIAL, ...EXACT, ordering: 'move-evaluation' }, 3),
      upTo: [0.25, 0.5, 1],
    },
    lesson:
      'A good first move makes the cut-off at once; the rest of the node is never read. Most of the saving is in the main search: quiescence sorts its captures in both.',
  },
  // ---- chapter 3: forward and backward pruning ----------------------------------------------
  {
    id: 'pruning-fork-threshold',
    chapter: 'pruning',
    question:
      'The knight fork: 3g2e checks twice and forks the rook, yet the move evaluation values it −182. With the seed’s rule (skip moves at −100 or below, nothing kept), which move does a depth-3 search play?',
    choices: [
      { id: '3g2e', label: '3g2e, the fork' },
      { id: '4h4i', label: '4h4i' },
      { id: 'other', label: 'Another move' },
    ],
    check: {
      kind: 'best-move',
      search: at(
        KNIGHT_FORK,
        {
          ...MATERIAL,
          forwardPruning: 'threshold',
          forwardKeepCaptures: false,
          forwardKeepChecks: false,
        },
        3,
      ),
    },
    lesson:
      'A move below the threshold is never read, however good it is: the fork is pruned at the root.',
  },
  {
    id: 'pruning-fork-checks',
    chapter: 'pruning',
    question:
      'Now keep checks (the engine’s default): checking moves are read whatever their value. Which move now?',
    choices: [
      { id: '3g2e', label: '3g2e, the fork' },
      { id: '4h4i', label: '4h4i' },
      { id: 'other', label: 'Another move' },
    ],
    check: {
      kind: 'best-move',
      search: at(
        KNIGHT_FORK,
        {
          ...MATERIAL,
          forwardPruning: 'threshold',
          forwardKeepCaptures: false,
          forwardKeepChecks: true,
        },
        3,
      ),
    },
    lesson: 'Exempting the kinds of move where the judge is blind (checks) gives the fork back.',
  },
  {
    id: 'pruning-backward-nodes',
    chapter: 'pruning',
    question:
      'The rook exchange, depth 4. A is plain α-β; B switches on null move, LMR and futility pruning. What share of A’s nodes does B read?',
    choices: SHARE_BANDS,
    check: {
      kind: 'node-share',
      a: at(ROOK_EXCHANGE, MATERIAL, 4),
      b: at(ROOK_EXCHANGE, { ...MATERIAL, nullMove: true, lmr: true, futility: true }, 4),
      upTo: [0.25, 0.5, 1],
    },
    lesson:
      'The three backward schemes overlap, so together they save less than their parts would add up to, but far more than any one alone.',
  },
  // ---- chapter 4: the horizon ----------------------------------------------------------------
  {
    id: 'horizon-pawn-check',
    chapter: 'horizon',
    question:
      'Pawn check, rook drop: sente can take gote’s gold with 9g9f, but gote threatens R*7i. Which move does plain α-β play at depth 3?',
    choices: [
      { id: '9g9f', label: '9g9f, take the gold' },
      { id: 'P*5d', label: 'P*5d, a pawn check' },
      { id: '9b7d+', label: '9b7d+, the bishop takes the silver' },
      { id: 'other', label: 'Another move' },
    ],
    check: {
      kind: 'best-move',
      search: at(ROOK_DROP, MATERIAL, 3),
    },
    lesson:
      'The pawn check costs two plies, and pushes the rook drop past the horizon: depth 3 no longer sees it.',
  },
  {
    id: 'horizon-check-extension',
    chapter: 'horizon',
    question: 'The same position and depth with the check extension on. Which move now?',
    choices: [
      { id: '9g9f', label: '9g9f, take the gold' },
      { id: 'P*5d', label: 'P*5d, a pawn check' },
      { id: '9b7d+', label: '9b7d+, the bishop takes the silver' },
      { id: 'other', label: 'Another move' },
    ],
    check: {
      kind: 'best-move',
      search: at(ROOK_DROP, { ...MATERIAL, checkExtension: true }, 3),
    },
    lesson: 'A check is read one ply deeper, which gives back the plies the pawn check took.',
  },
  // ---- chapter 5: Dual Credit ------------------------------------------------------------------
  {
    id: 'dual-credit-nodes',
    chapter: 'dual-credit',
    question:
      'Rook grab, depth 4. A is plain α-β; B adds Dual Credit. What share of A’s nodes does B read?',
    choices: [
      { id: 'band-0', label: 'fewer than A' },
      { id: 'band-1', label: 'up to a fifth more' },
      { id: 'band-2', label: 'a fifth more to twice as many' },
      { id: 'band-3', label: 'more than twice as many' },
    ],
    check: {
      kind: 'node-share',
      a: at(ROOK_GRAB, MATERIAL, 4),
      b: at(ROOK_GRAB, { ...MATERIAL, dualCredit: true }, 4),
      upTo: [1, 1.2, 2],
    },
    lesson:
      'Dual Credit only extends: it reads more than plain α-β, and how much more depends on how many forcing lines the position has.',
  },
  {
    id: 'dual-credit-move',
    chapter: 'dual-credit',
    question: 'Same position and depth: does Dual Credit change the move?',
    choices: [
      { id: 'same', label: 'The same move' },
      { id: 'different', label: 'A different move' },
    ],
    check: {
      kind: 'same-move',
      a: at(ROOK_GRAB, MATERIAL, 4),
      b: at(ROOK_GRAB, { ...MATERIAL, dualCredit: true }, 4),
    },
    lesson:
      'Extra plies on the forcing lines often confirm the move rather than change it; the games count how often they do.',
  },
  // ---- chapter 6: effect tables ----------------------------------------------------------------
  {
    id: 'effect-start-material',
    chapter: 'effect-tables',
    question:
      'The start position, depth 3, with material alone as the evaluation. Which move does the search play?',
    choices: [
      { id: '7g7f', label: '7g7f, the bishop’s pawn' },
      { id: '2g2f', label: '2g2f, the rook’s pawn' },
      { id: '5i5h', label: '5i5h, a king step' },
      { id: 'other', label: 'Another move' },
    ],
    check: {
      kind: 'best-move',
      search: at('startpos', MATERIAL, 3),
    },
    lesson:
      'Every move of the opening scores 0 by material: the search keeps the first one it reads that is as good as any.',
  },
  {
    id: 'effect-start-effect',
    chapter: 'effect-tables',
    question:
      'The same search with the effect evaluation of this chapter. Does it play the same move?',
    choices: [
      { id: 'same', label: 'The same move' },
      { id: 'different', label: 'A different move' },
    ],
    check: {
      kind: 'same-move',
      a: at('startpos', MATERIAL, 3),
      b: at('startpos', { evaluator: 'effect' }, 3),
    },
    lesson:
      'Effects near the kings give the opening’s moves different values, so the choice is no longer the generator’s order.',
  },
  // ---- chapter 7: decision trees --------------------------------------------------------------
  {
    id: 'dtree-order-nodes',
    chapter: 'decision-trees',
    question:
      'The rook exchange, depth 4, no transposition table. A orders moves the standard way, B by the decision tree. What share of A’s nodes does B read?',
    choices: [
      { id: 'band-0', label: 'under 80 %' },
      { id: 'band-1', label: 'about as many (80–120 %)' },
      { id: 'band-2', label: 'more than 120 %' },
    ],
    check: {
      kind: 'node-share',
      a: at(ROOK_EXCHANGE, { ...MATERIAL, ...EXACT, ordering: 'standard' }, 4),
      b: at(ROOK_EXCHANGE, { ...MATERIAL, ...EXACT, ordering: 'decision-tree' }, 4),
      upTo: [0.8, 1.2],
    },
    lesson:
      'Telling the teacher’s move from a random one is not the same as knowing which move refutes the last: α-β needs the refutation first.',
  },
  {
    id: 'dtree-prune-move',
    chapter: 'decision-trees',
    question:
      'Same position and depth. B prunes the moves the tree calls not best. Does it play the same move as plain α-β?',
    choices: [
      { id: 'same', label: 'The same move' },
      { id: 'different', label: 'A different move' },
    ],
    check: {
      kind: 'same-move',
      a: at(ROOK_EXCHANGE, MATERIAL, 4),
      b: at(ROOK_EXCHANGE, { ...MATERIAL, forwardPruning: 'tree' }, 4),
    },
    lesson: 'A pruned move only matters if it was the one move that held the score.',
  },
  // ---- chapter 8: the end of the game ---------------------------------------------------------
  {
    id: 'end-gold-mate',
    chapter: 'end-of-game',
    question:
      'Gote’s king stands alone on 5a; sente has a pawn on 5c and a gold in hand. Does sente have a mate?',
    choices: [
      { id: 'mate', label: 'Yes, a mate' },
      { id: 'no-mate', label: 'No mate' },
    ],
    check: {
      kind: 'mate',
      search: at('4k4/9/4P4/9/9/9/9/9/4K4 b G 1', MATERIAL, 3),
    },
    lesson: 'G*5b, guarded by the pawn, takes every square the king has.',
  },
  {
    id: 'end-pawn-only',
    chapter: 'end-of-game',
    question: 'The same position with a pawn in hand instead of the gold. Does sente have a mate?',
    choices: [
      { id: 'mate', label: 'Yes, a mate' },
      { id: 'no-mate', label: 'No mate' },
    ],
    check: {
      kind: 'mate',
      search: at('4k4/9/4P4/9/9/9/9/9/4K4 b P 1', MATERIAL, 3),
    },
    lesson:
      'A pawn dropped on 5b checks, but the king steps aside: a pawn covers one square, and a dropped pawn may not mate anyway.',
  },
];

export const exerciseById = (id: string): Exercise | undefined =>
  EXERCISES.find((e) => e.id === id);

export const exercisesOf = (chapter: string): Exercise[] =>
  EXERCISES.filter((e) => e.chapter === chapter);
