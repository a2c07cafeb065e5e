/**
 * The options of the techniques that read the search state, each a switch or a number, declared
 * here in the options panel's order: move ordering (ordering.ts, move-picker.ts), forward pruning
 * (forward-pruning.ts), null move, late-move reductions, futility and razoring (pruning.ts), the
 * extensions (extensions.ts), the mate search at the leaves (mate-probe.ts), Dual Credit
 * (dual-credit/dual-credit.ts, with Table 1 in dual-credit/credit-table.ts), α-β itself
 * (alphabeta.ts) and quiescence search (quiescence.ts). options.ts gathers them into groups, with
 * the declarations of the modules below the state (tt.ts, trace.ts, eval/, dtree/), which keep
 * their own.
 *
 * They are declared apart from the techniques because the search state's type (search-data.ts)
 * is made from them, and every technique reads the state: declared in the techniques' own modules,
 * each would import itself through the state. This module imports none of them.
 */
import { integer, number, select, table, toggle } from '../option-spec';
import { CREDIT_MEANINGS, CREDIT_PIECES, DEFAULT_CREDITS } from '../dual-credit/credit-table';

// Move ordering (ordering.ts, move-picker.ts).

export const ORDERINGS = ['standard', 'move-evaluation', 'decision-tree', 'none'] as const;
export const CAPTURE_ORDERS = ['mvv-lva', 'see'] as const;

export const ORDERING_OPTIONS = {
  ordering: select({
    label: 'Move ordering',
    choices: ORDERINGS,
    default: 'standard',
    help: 'The order moves are searched in: standard (captures, killers, history), by seed 000’s move values, by the decision tree’s share of best moves (seed 002, from the depth set under Decision trees), or as generated.',
  }),
  captureOrder: select({
    label: 'Capture order',
    choices: CAPTURE_ORDERS,
    default: 'mvv-lva',
    help: 'MVV-LVA or static exchange.',
  }),
  ttMove: toggle({
    label: 'TT move first',
    default: true,
    help: 'Search the transposition table move first.',
  }),
  killers: toggle({
    label: 'Killer moves',
    default: true,
    help: 'Quiet moves that cut off at the same ply.',
  }),
  history: toggle({
    label: 'History heuristic',
    default: true,
    help: 'Quiet moves that cut off often, anywhere.',
  }),
};

// Forward pruning (forward-pruning.ts).

export const FORWARD_PRUNINGS = ['off', 'threshold', 'rank', 'tree'] as const;

export const FORWARD_PRUNING_OPTIONS = {
  forwardPruning: select({
    label: 'Forward pruning',
    choices: FORWARD_PRUNINGS,
    default: 'off',
    help: 'Seed 000: skip moves by value threshold or by rank; seed 002’s future work: skip the moves the decision tree judges not best.',
  }),
  forwardThreshold: integer({
    label: 'Value threshold',
    default: -100,
    min: -3000,
    max: 3000,
    step: 50,
    help: 'Skip moves valued at or below this (seed: −100).',
  }),
  forwardRank: integer({
    label: 'Rank limit',
    default: 10,
    min: 1,
    max: 100,
    unit: 'moves',
    help: 'Search only this many moves, best valued first.',
  }),
  forwardRankTies: select({
    label: 'Ties at the rank limit',
    choices: ['break', 'keep'],
    default: 'break',
    help: 'Moves valued the same as the last one within the limit: read them in order until the limit is reached (break, as a sorted list read in order would) or read them all (keep).',
  }),
  forwardKeepCaptures: toggle({
    label: 'Keep captures',
    default: true,
    help: 'Never forward-prune a capture.',
  }),
  forwardKeepChecks: toggle({
    label: 'Keep checks',
    default: true,
    help: 'Never forward-prune a check.',
  }),
  forwardMaxDepth: integer({
    label: 'Prune at depth ≤',
    default: 64,
    min: 1,
    max: 64,
    unit: 'plies',
    help: 'Forward-prune only this close to the horizon.',
  }),
};

// Null move, late-move reductions, futility pruning and razoring (pruning.ts).

export const NULL_MOVE_OPTIONS = {
  nullMove: toggle({
    label: 'Null-move pruning',
    default: false,
    help: 'Pass; if still ≥ β, cut.',
  }),
  nullMoveR: integer({
    label: 'Null-move R',
    default: 2,
    min: 1,
    max: 5,
    unit: 'plies',
    help: 'Depth reduction of the null-move search.',
  }),
  nullMoveVerifyDepth: integer({
    label: 'Verify from depth',
    default: 0,
    min: 0,
    max: 32,
    unit: 'plies',
    help: '0 = never verify a null-move cut-off.',
  }),
};

export const LMR_OPTIONS = {
  lmr: toggle({
    label: 'Late-move reductions',
    default: false,
    help: 'Search late quiet moves shallower.',
  }),
  lmrMinDepth: integer({
    label: 'LMR from depth',
    default: 3,
    min: 2,
    max: 16,
    unit: 'plies',
    help: 'Reduce only at this depth or more.',
  }),
  lmrMinMove: integer({
    label: 'LMR after move',
    default: 3,
    min: 1,
    max: 40,
    help: 'Reduce moves after this many.',
  }),
  lmrBase: integer({
    label: 'LMR base',
    default: 75,
    min: 0,
    max: 300,
    step: 5,
    unit: '/100 ply',
    help: 'Constant part of the reduction.',
  }),
  lmrDivisor: integer({
    label: 'LMR divisor',
    default: 225,
    min: 50,
    max: 1000,
    step: 5,
    unit: '/100',
    help: 'Larger reduces less.',
  }),
};

export const FUTILITY_OPTIONS = {
  futility: toggle({
    label: 'Futility pruning',
    default: false,
    help: 'Skip quiet moves that cannot lift the score to α.',
  }),
  futilityMargin: integer({
    label: 'Futility margin',
    default: 200,
    min: 0,
    max: 2000,
    step: 10,
    unit: 'per ply',
    help: 'How much a quiet move might still gain.',
  }),
  futilityMaxDepth: integer({
    label: 'Futility depth',
    default: 3,
    min: 1,
    max: 8,
    unit: 'plies',
    help: 'Apply this close to the horizon.',
  }),
};

export const RAZORING_OPTIONS = {
  razoring: toggle({
    label: 'Razoring',
    default: false,
    help: 'Hopeless nodes drop straight into quiescence.',
  }),
  razorMargin: integer({
    label: 'Razor margin',
    default: 400,
    min: 0,
    max: 3000,
    step: 10,
    unit: 'per ply',
    help: 'How far below α is hopeless.',
  }),
  razorMaxDepth: integer({
    label: 'Razor depth',
    default: 2,
    min: 1,
    max: 6,
    unit: 'plies',
    help: 'Apply this close to the horizon.',
  }),
};

// Extensions (extensions.ts).

export const EXTENSION_OPTIONS = {
  checkExtension: toggle({
    label: 'Check extension',
    default: false,
    help: 'A move that gives check is read one ply deeper.',
  }),
  recaptureExtension: toggle({
    label: 'Recapture re-search',
    default: false,
    help: 'Seed 000: re-read recaptures of a badly placed piece deeper.',
  }),
  recapturePlies: integer({
    label: 'Re-search plies',
    default: 2,
    min: 1,
    max: 4,
    unit: 'plies',
    help: 'Seed 000 adds 2.',
  }),
  recaptureMinPly: integer({
    label: 'Re-search from ply',
    default: 1,
    min: 1,
    max: 8,
    unit: 'plies',
    help: 'The first ply whose recaptures may be re-searched. Ours: 1, a reply to a root move. The seed tests depth > 1 with the root at depth 0: 2.',
  }),
  treeMateExtension: toggle({
    label: 'Mate-threat extension (tree)',
    default: false,
    help: 'Seed 002’s future work: a move after which the decision tree says the mover would have a mate in 3 is read one ply deeper (from the tree’s depth up).',
  }),
  maxExtension: integer({
    label: 'Extension cap',
    default: 8,
    min: 0,
    max: 32,
    unit: 'plies',
    help: 'Most extension one line may collect.',
  }),
  extensionDepthBound: toggle({
    label: 'Bound by depth',
    default: true,
    help: 'A line collects no more extension than the search depth.',
  }),
};

// The mate search at the leaves (mate-probe.ts).

export const MATE_PROBE_OPTIONS = {
  mateProbeNodes: integer({
    label: 'Mate search at the leaves',
    default: 0,
    min: 0,
    max: 100000,
    step: 50,
    unit: 'nodes',
    help: 'A df-pn mate search with this many nodes where the side to move is not in check, at the horizon and just above it; a mate it proves ends the node. 0: off.',
  }),
  mateProbeDepth: integer({
    label: 'Mate search up to depth',
    default: 1,
    min: 0,
    max: 8,
    unit: 'plies',
    help: 'Probe also at nodes with at most this much depth left (0: only at the horizon).',
  }),
  mateProbeFlights: integer({
    label: 'Only near a boxed-in king',
    default: 8,
    min: 0,
    max: 8,
    unit: 'flights',
    help: 'Probe only where the king under attack has at most this many flight squares (neighbours it could step to: not its own piece, not attacked). 8: everywhere.',
  }),
};

// Dual Credit (dual-credit/dual-credit.ts; Table 1 in dual-credit/credit-table.ts).

export const DUAL_CREDIT_OPTIONS = {
  dualCredit: toggle({
    label: 'Dual Credit',
    default: false,
    help: 'Seed 001: each side earns credit for forcing moves; enough credit becomes extension.',
  }),
  creditLimit: number({
    label: 'Credit limit',
    default: 2,
    min: 0.5,
    max: 8,
    step: 0.25,
    help: 'Credit a side needs before it is turned into plies (the paper’s example: 2).',
  }),
  creditWhere: select({
    label: 'Credit given',
    choices: ['improving', 'every'],
    default: 'improving',
    help: 'At moves that beat the best so far, with a re-search (Fig. 1), or at every move (§4.2).',
  }),
  creditPool: select({
    label: 'Credit accounts',
    choices: ['separate', 'combined'],
    default: 'separate',
    help: 'One account per side (Dual Credit) or one shared by both (§4.3).',
  }),
  combinedCreditLimit: number({
    label: 'Combined limit',
    default: 2.25,
    min: 0.5,
    max: 16,
    step: 0.25,
    help: 'The limit of a shared account, set so that it reads about as many nodes as two accounts at the separate limit (the paper: a little more than twice that limit; ours, measured by npm run dual-credit-nodes at depth 4: 2.25).',
  }),
  creditTable: table({
    label: 'Credits by move class',
    rows: CREDIT_PIECES,
    columns: CREDIT_MEANINGS,
    default: DEFAULT_CREDITS,
    min: 0,
    max: 4,
    step: 0.25,
    whole: false,
    help: 'Seed 001, Table 1: the credit a move earns, by the piece that moves and what the move does (the largest entry that applies).',
  }),
};

// α-β (alphabeta.ts).

export const ALPHA_BETA_OPTIONS = {
  pvs: toggle({ label: 'PVS', default: true, help: 'Null-window search after the first move.' }),
  contempt: integer({
    label: 'Contempt',
    default: 0,
    min: 0,
    max: 1000,
    step: 10,
    help: 'A repetition draw counts this much against the side to move at the root.',
  }),
};

// Quiescence search (quiescence.ts).

export const QUIESCENCE_OPTIONS = {
  quiescence: toggle({
    label: 'Quiescence search',
    default: true,
    help: 'Resolve captures at the leaves.',
  }),
};
