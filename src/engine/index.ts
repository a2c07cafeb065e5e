/** The engine's public surface: what widgets, tests, benchmarks and the CLI import. */
export * from './types';
export * from './square';
export { attacks, DIRECTIONS } from './attacks';
export { computeEffects, EFFECT_STRIDE } from './effect';
export { Position, computeKey, MAX_PLY } from './position';
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
