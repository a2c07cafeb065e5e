/** The search: what the worker, the USI engine, the benchmarks and the chapters use. */
export {
  Searcher,
  toScore,
  MAX_DEPTH,
  type SearchLimits,
  type SearchInfo,
  type SearchResult,
  type SearchCallbacks,
  type Score,
} from './iterate';
export {
  DEFAULT_OPTIONS,
  OPTION_SCHEMA,
  resolveOptions,
  diffOptions,
  checkValue,
  type SearchOptions,
  type OptionSpec,
} from './options';
export { type SearchStats } from './state';
export { type TraceNode, type TraceKind } from './trace';
export { MATE, MATE_BOUND, TranspositionTable, Bound } from './tt';
export { alphaBeta, quiescence, INFINITE } from './alphabeta';
