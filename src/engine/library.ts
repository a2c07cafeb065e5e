/**
 * The engine as a library, for programs outside the book's pages (the examples, a notebook cell,
 * a reader's own script): a curated surface, every name chosen. What it holds:
 *
 * - the rules: positions, moves, legal moves, mate, 千日手, drop-pawn mate, the declaration, perft;
 * - the notations: SFEN, USI moves and `position` commands, and whole games as KIF, KI2, CSA;
 * - the α-β search (`Searcher`), its limits, options and the chapters' named option sets;
 * - the evaluators by name, and the df-pn mate search.
 *
 * The engine's working parts (the mailbox, effect counts, the move generator's modes, α-β and
 * quiescence as functions, the transposition table, the slow twins the tests check against) are
 * in `internals.ts`: they change as the engine does, this surface only on purpose. The book's
 * widgets import the narrower modules instead, so a page that only shows a board does not load
 * the search (about 28 kB gzipped).
 */

// Pieces, colours, squares and packed moves: what a program needs to read a position and a move.
export {
  Color,
  Kind,
  PROMOTED,
  type Move,
  MOVE_NONE,
  makePiece,
  pieceKind,
  pieceColor,
  unpromoted,
  opposite,
  moveTo,
  moveFrom,
  isDrop,
  isPromotion,
  dropKind,
  type Result,
  ok,
  err,
} from './types';
export {
  square,
  fileOf,
  rankOf,
  SQUARES,
  isOnBoard,
  makeSquareName,
  parseSquareName,
} from './square';

// The rules.
export { Position } from './position';
export { MAX_PLY } from './position-state';
export { legalMoves, countLegalMoves, hasLegalMove } from './movegen';
export { isDropPawnMate } from './drop-pawn-mate';
export {
  isMate,
  isDoublePawn,
  illegalDrops,
  IllegalDropReason,
  repetition,
  Repetition,
  canDeclareWin,
} from './rules';
export { perft, divide, type PerftOptions } from './perft';
export { keyToHex } from './zobrist';

// Notations and records.
export { parseSfen, makeSfen, parsePositionCommand, STARTPOS_SFEN } from './sfen';
export { makeUsiMove, parseUsiMove } from './notation';
export {
  type Game,
  type Side,
  NEW_GAME,
  positionCommand,
  positionAt,
  importGame,
  exportGame,
  type RecordFormat,
} from './records';

// The search, its limits and options.
export {
  Searcher,
  checkLimits,
  MAX_DEPTH,
  type SearchLimits,
  type SearchInfo,
  type SearchResult,
  type SearchCallbacks,
  DEFAULT_OPTIONS,
  OPTION_GROUPS,
  OPTION_SCHEMA,
  resolveOptions,
  diffOptions,
  checkValue,
  type OptionGroupId,
  type SearchOptions,
  type OptionSpec,
  type SearchStats,
  type TraceNode,
  type TraceKind,
  MATE,
  isMateScore,
  toScore,
  type Score,
} from './search/index';
export {
  PRESETS,
  STRONGEST,
  presetById,
  parsePlayer,
  type Preset,
  type PlayerChoice,
} from './lab/presets';

// The evaluators, and the mate search.
export {
  EVALUATORS,
  EVALUATOR_NAMES,
  evaluatorFor,
  type Evaluator,
  type EvaluatorName,
} from './eval/index';
export { DfpnSearcher } from './mate/dfpn';
export type { DfpnLimits, DfpnResult, DfpnStatus } from './mate/proof';
