/** The search: what the worker, the USI engine, the benchmarks and the chapters use. */
export {
  Searcher,
  checkLimits,
  MAX_DEPTH,
  type SearchLimits,
  type SearchInfo,
  type SearchResult,
  type SearchCallbacks,
} from './iterate';
export {
  DEFAULT_OPTIONS,
  OPTION_GROUPS,
  OPTION_SCHEMA,
  resolveOptions,
  diffOptions,
  checkValue,
  type OptionGroupId,
  type SearchOptions,
  type OptionSpec,
} from './options';
export { newStats, type SearchStats } from './search-data';
export { searchLines, MAX_LINES } from './lines';
export { type TraceNode, type TraceKind } from './trace';
export { TranspositionTable, Bound } from './tt';
export {
  MATE,
  MATE_BOUND,
  INFINITE,
  RULE_WIN,
  EVAL_LIMIT,
  toScore,
  isMateScore,
  type Score,
} from './score';
export { alphaBeta } from './alphabeta';
export { quiescence } from './quiescence';
