/** The engine's public surface: what widgets, tests, benchmarks and the CLI import. */
export * from './types';
export * from './square';
export { attacks, DIRECTIONS } from './attacks';
export { computeEffects, EFFECT_STRIDE } from './effect';
export { Position } from './position';
export { computeKey, MAX_PLY } from './position-state';
export { parseSfen, makeSfen, parsePositionCommand, pieceLetter, STARTPOS_SFEN } from './sfen';
export { makeUsiMove, parseUsiMove } from './notation';
export {
  generateMoves,
  GenMode,
  legalMoves,
  countLegalMoves,
  hasLegalMove,
  MAX_MOVES,
} from './movegen';
export { isDropPawnMate } from './drop-pawn-mate';
export {
  isMate,
  isDoublePawn,
  illegalDrops,
  IllegalDropReason,
  repetition,
  Repetition,
  canDeclareWin,
  hasCheckingMove,
} from './rules';
export { legalMovesNaive } from './naive';
export { perft, divide, type PerftOptions } from './perft';
export { keyToHex } from './zobrist';

// The df-pn mate search (詰み探索). The search, its presets and the evaluators are entries of their
// own (search/index.ts, lab/presets.ts, eval/index.ts): their modules build trees, tables and
// option declarations as they load, work a bundler cannot drop, so re-exporting them here would
// ship them to every page that imports only the rules (about 120 kB to the board chapter's widgets).
export { DfpnSearcher } from './mate/dfpn';
export type { DfpnLimits, DfpnResult, DfpnStatus } from './mate/proof';
