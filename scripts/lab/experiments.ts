/**
 * The lab's experiments by name: what each asks, which chapter discusses it, and how it runs.
 * `npm run experiment -- <name>` runs one and writes src/data/experiments/<name>.json (and, for
 * matches, every game to public/lab/<name>/), which the chapters and the Lab page render.
 *
 * Three kinds. A `command` experiment wraps one of the repo's measuring commands (run with
 * `--json`): deterministic node counts, cheap to remake, so a test insists they are current. A
 * `matches` experiment plays a series of matches: long, and kept with the commit it ran on. A
 * `tuning` experiment plays self-play games and tunes the effect table on them, round by round.
 */
import type { GameClock, MoveLimits } from '../../src/engine/lab/game';
import type { UsiArgs } from './sides';

/**
 * One match of a series: A against B, by preset name, options JSON or `usi:<path>` (as
 * `npm run match`), with a USI side's options (`["USI_Hash=64"]`), commit and pawn as
 * `--a-option` and the rest give them.
 */
export interface SeriesMatch {
  id: string;
  a: string;
  b: string;
  usi?: { a?: UsiArgs; b?: UsiArgs };
}

interface ExperimentBase {
  name: string;
  title: string;
  /** The question, in a sentence. */
  question: string;
  /** Where the book discusses it: a chapter slug and, optionally, a heading's id. */
  chapter: { slug: string; section?: string };
}

export interface CommandExperiment extends ExperimentBase {
  kind: 'command';
  /** An npm script and its arguments; `--json` is added, and its stdout is the result. */
  script: string;
  args: string[];
}

export interface MatchesExperiment extends ExperimentBase {
  kind: 'matches';
  matches: SeriesMatch[];
  games: number;
  limits: MoveLimits;
  /** A game clock (byoyomi or increment), where the series is played on one. */
  clock?: GameClock;
  maxPlies: number;
  adjudication: { score: number; plies: number } | null;
  contempt: number;
  seed: number;
}

/**
 * Tuning the effect table (Texel's method, npm run tune) on self-play games (npm run tune:games),
 * in rounds: each round's games are played by the table the rounds before it tuned, and each
 * round tunes again on all the games so far, from the seed's constants.
 */
export interface TuningExperiment extends ExperimentBase {
  kind: 'tuning';
  rounds: { id: string; games: number; seed: number; nodes: number; player: string }[];
  /** npm run tune's settings. */
  tune: { epochs: number; rate: number; l2: number; l2Family: Record<string, number> };
}

export type Experiment = CommandExperiment | MatchesExperiment | TuningExperiment;

/** The pruning schemes of chapter 3, each against plain α-β. */
const PRUNING_MATCHES: SeriesMatch[] = [
  { id: 'threshold', a: 'threshold', b: 'plain' },
  { id: 'rank10', a: 'rank10', b: 'plain' },
  { id: 'seed-rule', a: 'seed-rule', b: 'plain' },
  { id: 'null', a: 'null', b: 'plain' },
  { id: 'lmr', a: 'lmr', b: 'plain' },
  { id: 'futility', a: 'futility', b: 'plain' },
  { id: 'modern', a: 'modern', b: 'plain' },
];

/** Chapter 4's extensions, each against none. */
const EXTENSION_MATCHES: SeriesMatch[] = [
  { id: 'check', a: 'check', b: 'plain' },
  { id: 'recapture', a: 'recapture', b: 'plain' },
];

/**
 * What every match series shares: both engines resign once both have seen a rook's worth of
 * advantage (2,000; a rook is 990) for four moves each, which saves the lost ends of games
 * without deciding any that was still open; games past 320 plies are draws.
 */
const SERIES_RULES = {
  maxPlies: 320,
  adjudication: { score: 2000, plies: 8 },
  contempt: 50,
  seed: 2026,
} as const;

/** Seed 003's comparisons: the effect evaluation against material, the cap N, KKPEE9, the defended-piece ideas. */
const EFFECT_MATCHES: SeriesMatch[] = [
  // Material by name: the book's default evaluator is the tuned table now, and this match asks
  // what seed 003's evaluation adds to material alone.
  { id: 'effect-material', a: 'effect', b: '{"evaluator":"material"}' },
  { id: 'n2-first', a: '{"evaluator":"effect","effectEval":{"cap":2}}', b: 'effect' },
  {
    id: 'n3-n2',
    a: '{"evaluator":"effect","effectEval":{"cap":3}}',
    b: '{"evaluator":"effect","effectEval":{"cap":2}}',
  },
  {
    id: 'n4-n2',
    a: '{"evaluator":"effect","effectEval":{"cap":4}}',
    b: '{"evaluator":"effect","effectEval":{"cap":2}}',
  },
  { id: 'kkpee9-effect', a: 'kkpee9', b: 'effect' },
  {
    id: 'bonus-effect',
    a: '{"evaluator":"effect","effectEval":{"defendedBonus":1}}',
    b: 'effect',
  },
  {
    id: 'shares-effect',
    a: '{"evaluator":"effect","effectEval":{"defendedShare":0.1,"attackedShare":0.2}}',
    b: 'effect',
  },
];

/** Seed 002's future work: the engine's decision trees inside the search, each against plain α-β. */
const DTREE_MATCHES: SeriesMatch[] = [
  { id: 'order', a: '{"ordering":"decision-tree"}', b: 'plain' },
  { id: 'prune', a: '{"forwardPruning":"tree"}', b: 'plain' },
  { id: 'mate-extension', a: '{"treeMateExtension":true}', b: 'plain' },
];

/** The native opponent: YaneuraOu's material edition, as a USI program (not in this repository). */
export const YANEURAOU_PATH = 'lab-engines/yaneuraou-material';

/**
 * YaneuraOu's settings in the lab: one thread and a table as large as ours, no opening book, both
 * network delays low so that it thinks for most of its time (its defaults, 120 and 1120 ms, keep
 * it to about a tenth of a one-second byoyomi), and its clock kept to the millisecond, as the
 * lab's is. With RoundUpToFullSecond (its default, for servers that count whole seconds) it plans
 * as if at least 100 ms were left, and on a 0.1 s increment it overstepped its clock whenever
 * its moves took a few milliseconds more: 3 games of 200 on an idle machine, dozens on a busy one.
 * The rest are its defaults (MinimumThinkingTime 2 s: it spends two seconds on each of its first
 * moves of a 10 s game, then plays on the increment). NetworkDelay2 100 leaves it 900 ms of a
 * 1000 ms byoyomi, as our TimeMargin of 100 does for us: equal time.
 */
const YANEURAOU_OPTIONS = [
  'USI_Hash=64',
  'Threads=1',
  'BookFile=no_book',
  'USI_OwnBook=false',
  'NetworkDelay=100',
  'NetworkDelay2=100',
  'RoundUpToFullSecond=false',
];

/**
 * The strongest settings as the `strongest` series played them, spelled out so that the matches
 * keep meaning what they played if the preset changes, and the same with the check extension.
 */
const STRONGEST_AS_PLAYED = '{"nullMove":true,"lmr":true,"futility":true,"ttSizeMb":64}';
const STRONGEST_WITH_CHECKS =
  '{"nullMove":true,"lmr":true,"futility":true,"ttSizeMb":64,"checkExtension":true}';

/** Our engine as a USI program, at its defaults (the strongest settings) but for the margin. */
const YOMI_USI = {
  a: 'usi:bin/yomi-usi',
  usiA: { options: ['TimeMargin=100'], cpPerPawn: '90' },
} as const;

/** The engine against YaneuraOu's material edition, on a clock. */
const YANEURAOU_MATCH = (id: string): SeriesMatch => ({
  id,
  a: YOMI_USI.a,
  b: `usi:${YANEURAOU_PATH}`,
  usi: {
    a: YOMI_USI.usiA,
    // A build from an unpacked source tree knows no commit: give it (YANEURAOU_COMMIT=<sha>).
    b: { options: YANEURAOU_OPTIONS, commit: process.env['YANEURAOU_COMMIT'] },
  },
});

export const EXPERIMENTS: readonly Experiment[] = [
  {
    name: 'effect-table-tuning',
    kind: 'tuning',
    title: 'Tuning the effect table',
    question:
      'Seed 003 says its constants came from an optimiser. Started from them, what does Texel’s method make of the table’s parameters on our engine’s self-play games, and how much better do the tuned values predict how games end?',
    chapter: { slug: 'effect-tables' },
    rounds: [
      {
        id: 'round-1',
        games: 5000,
        seed: 7,
        nodes: 10_000,
        player: '{"evaluator":"tuned","nullMove":true,"lmr":true,"futility":true}',
      },
      {
        id: 'round-2',
        games: 5000,
        seed: 8,
        nodes: 10_000,
        player: '{"evaluator":"tuned","nullMove":true,"lmr":true,"futility":true}',
      },
    ],
    // The seed's families (effects, the piece with its effects) move freely; the terms that
    // place a piece by the kings or on its square, 5,000 parameters many seldom seen, are held
    // near zero: without the pull they fit the training games and predict the held-out ones
    // worse (0.2155 against 0.2140 in round 1's trials).
    tune: {
      epochs: 1000,
      rate: 0.5,
      l2: 0,
      l2Family: { ownKp: 2e-8, oppKp: 2e-8, psq: 2e-8, king: 2e-8 },
    },
  },
  {
    name: 'tuned-eval-elo',
    kind: 'matches',
    title: 'The tuned table in games',
    question:
      'At equal time, how much stronger than material alone is the tuned effect table, the engine’s default evaluation, and how much stronger than the seed’s own KKPEE9 constants?',
    chapter: { slug: 'effect-tables' },
    matches: [
      { id: 'tuned-material', a: '{"evaluator":"tuned"}', b: '{"evaluator":"material"}' },
      { id: 'tuned-kkpee9', a: '{"evaluator":"tuned"}', b: '{"evaluator":"kkpee9"}' },
    ],
    games: 400,
    limits: { movetimeMs: 100 },
    ...SERIES_RULES,
  },
  {
    name: 'self-play',
    kind: 'matches',
    title: 'The engine against itself, at the defaults',
    question:
      'Do the engine’s games at the book’s defaults (the tuned table, plain α-β) look like shogi: how often does a side move its king, how long are the games, how do they end?',
    chapter: { slug: 'effect-tables' },
    matches: [{ id: 'defaults', a: 'plain', b: 'plain' }],
    games: 200,
    limits: { movetimeMs: 100 },
    ...SERIES_RULES,
  },
  {
    name: 'strongest',
    kind: 'matches',
    title: 'The strongest settings',
    question:
      'With the tuned table, at equal time, do null move, LMR and futility pruning together (the settings bin/yomi-usi and Play use) beat the book’s baseline, and would the check extension add to them?',
    chapter: { slug: 'pruning', section: 'what-they-buy' },
    matches: [
      { id: 'strongest-plain', a: 'strongest', b: 'plain' },
      {
        id: 'check-strongest',
        a: STRONGEST_WITH_CHECKS,
        b: 'strongest',
      },
    ],
    games: 200,
    limits: { movetimeMs: 100 },
    ...SERIES_RULES,
  },
  {
    name: 'check-extension-300ms',
    kind: 'matches',
    title: 'The check extension at 300 ms',
    question:
      'The check extension added to the strongest settings at 100 ms a move. Does it still add at three times the time, before it joins the defaults?',
    chapter: { slug: 'pruning', section: 'what-they-buy' },
    matches: [
      {
        id: 'check-strongest-300',
        a: STRONGEST_WITH_CHECKS,
        b: STRONGEST_AS_PLAYED,
      },
    ],
    games: 200,
    limits: { movetimeMs: 300 },
    ...SERIES_RULES,
  },
  {
    name: 'yaneuraou-byoyomi',
    kind: 'matches',
    title: 'Against YaneuraOu, byoyomi 1 s',
    question:
      'Our engine (bin/yomi-usi at its defaults) against native YaneuraOu’s material edition, both thinking for 900 ms of a one-second byoyomi: what does it score?',
    chapter: { slug: 'effect-tables' },
    matches: [YANEURAOU_MATCH('byoyomi-1s')],
    games: 200,
    limits: {},
    clock: { baseMs: 0, incMs: 0, byoyomiMs: 1000 },
    ...SERIES_RULES,
  },
  {
    name: 'yaneuraou-fischer',
    kind: 'matches',
    title: 'Against YaneuraOu, 10 s + 0.1 s',
    question:
      'The same two engines on a Fischer clock: ten seconds each and a tenth of a second added after every move.',
    chapter: { slug: 'effect-tables' },
    matches: [YANEURAOU_MATCH('fischer-10-0.1')],
    games: 200,
    limits: {},
    clock: { baseMs: 10_000, incMs: 100, byoyomiMs: 0 },
    ...SERIES_RULES,
  },
  {
    name: 'pruning-bench',
    kind: 'command',
    title: 'What each pruning and extension reads',
    question:
      'At a fixed depth, how many nodes does each technique read and how much CPU time does it take, how deep does it get in a second, and how often does it pick the move a deeper search picks?',
    chapter: { slug: 'pruning', section: 'what-forward-pruning-costs-and-saves' },
    script: 'bench:pruning',
    args: ['--detail'],
  },
  {
    name: 'ordering-compare',
    kind: 'command',
    title: 'Three move orderings at depth 3',
    question:
      'How much of the tree does each move ordering let α-β skip, on the chapter’s positions and 57 more from the rank fixture?',
    chapter: { slug: 'move-evaluation', section: 'ordering-the-search' },
    script: 'ordering-compare',
    args: ['--depth', '3', '--fixture', '60'],
  },
  {
    name: 'ordering-compare-depth4',
    kind: 'command',
    title: 'Three move orderings at depth 4',
    question: 'Does the gap between the orderings grow with depth?',
    chapter: { slug: 'move-evaluation', section: 'ordering-the-search' },
    script: 'ordering-compare',
    args: ['--depth', '4'],
  },
  {
    name: 'move-rank',
    kind: 'command',
    title: 'Where the reference move ranks',
    question:
      'How high does seed 000’s move evaluation rank the move a deeper search plays, with its constants and with each changed?',
    chapter: { slug: 'move-evaluation', section: 'measuring-a-move-evaluation' },
    script: 'move-rank',
    args: [],
  },
  {
    name: 'dual-credit-nodes',
    kind: 'command',
    title: 'What Dual Credit reads',
    question:
      'How many more nodes does Dual Credit read, position by position (seed 001’s Fig. 2), and at what limit does one shared account read as many as two?',
    chapter: { slug: 'dual-credit', section: 'what-it-costs' },
    script: 'dual-credit-nodes',
    args: ['--depth', '4', '--positions', '60'],
  },
  {
    name: 'effect-eval-agree',
    kind: 'command',
    title: 'One evaluation in three forms',
    question:
      'Do seed 003’s formula, its big precomputed tables and our factored tables give the same value, to the last unit, on 100,000 random positions — and what does each form cost in memory?',
    chapter: { slug: 'effect-tables' },
    script: 'effect-agree',
    args: ['--positions', '100000'],
  },
  {
    name: 'dtree-tables',
    kind: 'command',
    title: 'Seed 002’s tables on our engine’s games',
    question:
      'Trained on our teacher’s self-play games and on 3-ply games to a mate, how well do ID3 trees tell the teacher’s move from another (Tables 6–7), a mate in 3 from no mate (Table 8), and the winner from the position (Table 1); how often does the chosen move carry each policy (Table 4)?',
    chapter: { slug: 'decision-trees' },
    script: 'dtree-tables',
    args: [],
  },
  {
    name: 'eval-bench',
    kind: 'command',
    title: 'What each form of the effect evaluation costs',
    question:
      'How many nodes a second does the search make with material alone and with each form of seed 003’s evaluation — formula, factored tables, kept up to date, the big table — and how much memory does each take? The seed: the table gains 20–30 %.',
    chapter: { slug: 'effect-tables' },
    script: 'bench:eval',
    args: ['--depth', '4', '--runs', '3'],
  },
  {
    name: 'pruning-elo-nodes',
    kind: 'matches',
    title: 'Pruning in Elo, at equal nodes',
    question:
      'Playing games with the same number of nodes per move, how much stronger or weaker than plain α-β is each pruning scheme?',
    chapter: { slug: 'pruning', section: 'what-they-buy' },
    matches: PRUNING_MATCHES,
    games: 200,
    limits: { nodes: 20_000 },
    ...SERIES_RULES,
  },
  {
    name: 'pruning-elo-time',
    kind: 'matches',
    title: 'Pruning in Elo, at equal time',
    question:
      'With the same time per move, does reading less pay — the seed’s 2015 claim that backward pruning replaced forward pruning because reading deeper pays for its errors?',
    chapter: { slug: 'pruning', section: 'what-they-buy' },
    matches: PRUNING_MATCHES,
    games: 200,
    limits: { movetimeMs: 50 },
    ...SERIES_RULES,
  },
  {
    name: 'extensions-elo-nodes',
    kind: 'matches',
    title: 'Extensions in Elo, at equal nodes',
    question:
      'Do the check extension and seed 000’s recapture re-search win games, with the same nodes per move?',
    chapter: { slug: 'horizon', section: 'the-seeds-recapture-re-search' },
    matches: EXTENSION_MATCHES,
    games: 200,
    limits: { nodes: 20_000 },
    ...SERIES_RULES,
  },
  {
    name: 'extensions-elo-time',
    kind: 'matches',
    title: 'Extensions in Elo, at equal time',
    question: 'With the same time per move, do the extensions pay for the nodes they add?',
    chapter: { slug: 'horizon', section: 'the-seeds-recapture-re-search' },
    matches: EXTENSION_MATCHES,
    games: 200,
    limits: { movetimeMs: 50 },
    ...SERIES_RULES,
  },
  {
    name: 'dual-credit-elo',
    kind: 'matches',
    title: 'Dual Credit in games',
    question:
      'Seed 001’s three matches: Dual Credit against plain α-β (the paper: 62–38), credit only at moves that improve the score against at every move (47–53), two accounts against one shared (66–34), and a shared account at exactly twice the limit.',
    chapter: { slug: 'dual-credit', section: 'in-games' },
    matches: [
      { id: 'table2', a: 'dual-credit', b: 'plain' },
      { id: 'table4', a: 'dual-credit', b: 'dual-credit-combined' },
      { id: 'table3', a: 'dual-credit', b: 'dual-credit-every' },
      {
        id: 'table4-double',
        a: 'dual-credit',
        b: '{"dualCredit":true,"creditPool":"combined","combinedCreditLimit":4}',
      },
      // Table 2 again with the check extension on both sides, as the paper's programs had it.
      { id: 'table2-check', a: '{"dualCredit":true,"checkExtension":true}', b: 'check' },
    ],
    games: 200,
    // The paper's programs searched to a base depth of 4 or 6 with 10 s a move as the cap; here
    // depth 4, with a node cap in place of the clock so that a game does not depend on the load.
    limits: { depth: 4, nodes: 400_000 },
    ...SERIES_RULES,
  },
  {
    name: 'effect-eval-elo',
    kind: 'matches',
    title: 'The effect evaluation in games',
    question:
      'At equal time, how much stronger than material alone is seed 003’s effect evaluation; do the count cap N = 2, 3, 4, KKPEE9 and the defended-piece ideas change that, as the seed says?',
    chapter: { slug: 'effect-tables' },
    matches: EFFECT_MATCHES,
    games: 200,
    limits: { movetimeMs: 50 },
    ...SERIES_RULES,
  },
  {
    name: 'effect-eval-elo-100ms',
    kind: 'matches',
    title: 'The effect evaluation against material, at 100 ms a move',
    question:
      'With twice the time of the 50 ms series, does the effect evaluation’s better judgement start to pay for its slower nodes against material alone?',
    chapter: { slug: 'effect-tables' },
    matches: EFFECT_MATCHES.filter((m) => m.id === 'effect-material'),
    games: 200,
    limits: { movetimeMs: 100 },
    ...SERIES_RULES,
  },
  {
    name: 'effect-eval-elo-nodes',
    kind: 'matches',
    title: 'The effect evaluation in games, at equal nodes',
    question:
      'With the same nodes per move, so that the effect evaluation’s slower nodes cost it nothing, how much better are its judgements than material alone, and do the cap, KKPEE9 and the defended-piece ideas change them?',
    chapter: { slug: 'effect-tables' },
    matches: EFFECT_MATCHES,
    games: 200,
    limits: { nodes: 20_000 },
    ...SERIES_RULES,
  },
  {
    name: 'shogi-basic',
    kind: 'matches',
    title: '将棋ベーシック’s point, on material alone',
    question:
      'Seed 003 quotes a program that added one point for every defended piece to material alone. In its own setting, against material alone at equal nodes, does the point change the score?',
    chapter: { slug: 'effect-tables', section: 'a-point-for-every-defended-piece' },
    matches: [{ id: 'basic-material', a: '{"evaluator":"basic"}', b: '{"evaluator":"material"}' }],
    games: 200,
    limits: { nodes: 20_000 },
    ...SERIES_RULES,
  },
  {
    name: 'shogi-basic-style',
    kind: 'command',
    title: '将棋ベーシック’s point: the style of its games',
    question:
      'Its author reported a change of style, not of strength: golds moved up into castles instead of edge pawns pushed while it waited. In each side’s first 30 moves of the shogi-basic games, how often does it move its king, a gold, a silver, an edge pawn, or drop a piece, and how many of its pieces stand defended?',
    chapter: { slug: 'effect-tables', section: 'a-point-for-every-defended-piece' },
    script: 'play-style',
    args: ['public/lab/shogi-basic/basic-material.json', '--moves', '30'],
  },
  {
    name: 'dtree-search',
    kind: 'command',
    title: 'The decision trees inside the search',
    question:
      'Seed 002’s future work: ordering moves by the tree, pruning the moves it judges not best, extending the moves its mate tree says threaten mate — how many nodes does each read at a fixed depth, how much time does it take, and how often does it still pick the move a deeper search picks?',
    chapter: { slug: 'decision-trees', section: 'the-tree-inside-the-search' },
    script: 'bench:pruning',
    args: [
      '--only',
      'decision-tree-order,forward-tree,forward-tree-(nothing-kept),forward-tree-from-depth-1,tree-mate-threat-extension',
      '--detail',
    ],
  },
  {
    name: 'dtree-elo-nodes',
    kind: 'matches',
    title: 'The decision trees in games, at equal nodes',
    question:
      'With the same nodes per move, so the tree’s cost per node is free, does ordering by the tree, pruning by it or the mate-threat extension play better than plain α-β?',
    chapter: { slug: 'decision-trees', section: 'the-tree-inside-the-search' },
    matches: DTREE_MATCHES,
    games: 200,
    limits: { nodes: 20_000 },
    ...SERIES_RULES,
  },
  {
    name: 'dtree-elo-time',
    kind: 'matches',
    title: 'The decision trees in games, at equal time',
    question:
      'At 50 ms a move, where every microsecond the tree costs is a node not read, does any use of the tree still pay?',
    chapter: { slug: 'decision-trees', section: 'the-tree-inside-the-search' },
    matches: DTREE_MATCHES,
    games: 200,
    limits: { movetimeMs: 50 },
    ...SERIES_RULES,
  },
  {
    name: 'end-of-game-methods',
    kind: 'command',
    title: 'Four ways to know the end of the game',
    question:
      'Legal moves, plain king capture, and seed 004’s two remedies (decide the end at every node; search extra plies where a rule may apply): which move does each choose where 打ち歩詰め or stalemate decides, and what does each cost in nodes, time and lines of code where no rule is near?',
    chapter: { slug: 'end-of-game', section: 'what-each-costs' },
    script: 'end-of-game',
    args: [],
  },
  {
    name: 'mate-search',
    kind: 'command',
    title: 'df-pn against α-β on mate problems',
    question:
      'On 1- to 69-ply tsume problems from public collections, with the same node budget, how many does the df-pn mate search solve, and how many does the α-β search (every technique that can skip a defence off) solve?',
    chapter: { slug: 'end-of-game', section: 'reading-only-checks' },
    script: 'bench:mate',
    args: ['--nodes', '1000000'],
  },
  {
    name: 'mate-probe',
    kind: 'command',
    title: 'A mate search at the leaves of α-β',
    question:
      'With a 300-node df-pn mate search at the nodes next to the horizon, everywhere or only where the king under attack has few flight squares, how many 5- to 13-ply mates does the game search find within 200,000 nodes, and what does the probe cost in ordinary positions?',
    chapter: { slug: 'end-of-game', section: 'the-horizon-near-the-king' },
    script: 'bench:mate-probe',
    args: [],
  },
  {
    name: 'mate-probe-elo-time',
    kind: 'matches',
    title: 'The mate search at the leaves in games',
    question:
      'At 50 ms a move, does a 300-node mate search near the horizon, where the king under attack has at most two flight squares (or at most one), pay for its time?',
    chapter: { slug: 'end-of-game', section: 'the-horizon-near-the-king' },
    matches: [
      { id: 'flights-2', a: 'mate-probe', b: 'plain' },
      { id: 'flights-1', a: 'mate-probe-1', b: 'plain' },
    ],
    games: 200,
    limits: { movetimeMs: 50 },
    ...SERIES_RULES,
  },
];

export const experimentByName = (name: string): Experiment | undefined =>
  EXPERIMENTS.find((e) => e.name === name);
