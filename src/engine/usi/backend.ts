/**
 * What runs the USI engine's searches. The state machine (usi.ts) hands a backend plain-data
 * jobs and hears back through callbacks, so the same engine searches in the caller's thread
 * (tests: `createSyncBackend`) or in a worker thread (scripts/usi.ts), where `stop` can arrive
 * while it thinks.
 */
import { DfpnSearcher } from '../mate/dfpn';
import {
  MATE,
  newStats,
  Searcher,
  toScore,
  type SearchCallbacks,
  type SearchInfo,
  type SearchLimits,
  type SearchOptions,
  type SearchResult,
} from '../search/index';
import type { Position } from '../position';
import { parsePositionCommand } from '../sfen';
import { ok, type Result } from '../types';

/** One search to run: where, how far, with which options. Plain data, so it crosses threads. */
export interface SearchJob {
  /** The position as USI's `position` argument: `startpos moves 7g7f` or `sfen … moves …`. */
  position: string;
  limits: SearchLimits;
  options: SearchOptions;
  /** `dfpn`: a mate search (USI `go mate`) by df-pn instead of the α-β search. */
  solver?: 'alphabeta' | 'dfpn';
}

/** What runs searches for the engine: in the same thread, or in a worker. */
export interface SearchBackend {
  /** Apply the options (allocate the hash table) and call `done` when ready: USI's `isready`. */
  prepare(options: SearchOptions, done: () => void): void;
  /** Run a job; `onInfo` after each completed depth, `onDone` once, possibly before returning. */
  start(
    job: SearchJob,
    onInfo: (info: SearchInfo) => void,
    onDone: (result: Result<SearchResult>) => void,
  ): void;
  /** Ask every running search to finish now; each still calls its `onDone`. */
  stop(): void;
  /** Forget what earlier searches learnt (a new game). */
  clear(): void;
}

/** Run one job on a Searcher (the tables it keeps live on across jobs). */
export function runSearchJob(
  searcher: Searcher,
  job: SearchJob,
  callbacks: SearchCallbacks,
): Result<SearchResult> {
  const parsed = parsePositionCommand(job.position);
  if (!parsed.ok) return parsed;
  searcher.setOptions(job.options);
  if (job.solver === 'dfpn')
    return ok(runMateSearch(mateSearcherOf(searcher), parsed.value, job, callbacks));
  return ok(searcher.search(parsed.value, job.limits, callbacks));
}

/** One df-pn searcher per Searcher, made on the first `go mate` (its table is 32 MiB). */
const mateSearchers = new WeakMap<Searcher, DfpnSearcher>();
function mateSearcherOf(searcher: Searcher): DfpnSearcher {
  let mate = mateSearchers.get(searcher);
  if (!mate) {
    mate = new DfpnSearcher(32);
    mateSearchers.set(searcher, mate);
  }
  return mate;
}

/** A df-pn mate search, its answer in the shape of a search result (one `info` line and `checkmate`). */
function runMateSearch(
  mate: DfpnSearcher,
  pos: Position,
  job: SearchJob,
  callbacks: SearchCallbacks,
): SearchResult {
  const r = mate.solve(pos, { timeMs: job.limits.timeMs, shouldStop: callbacks.shouldStop });
  const value = r.status === 'mate' ? MATE - r.pv.length : 0;
  return {
    depth: r.pv.length,
    seldepth: r.pv.length,
    score: toScore(value),
    value,
    nodes: r.nodes,
    nps: r.timeMs > 0 ? Math.round((r.nodes * 1000) / r.timeMs) : 0,
    timeMs: r.timeMs,
    pv: r.pv,
    hashfull: 0,
    bestMove: r.pv[0] ?? null,
    ponder: r.pv[1] ?? null,
    stopped: r.status === 'timeout',
    stats: newStats(),
    mateStatus: r.status,
  };
}

/** A backend that searches in the caller's thread: `start` returns when the search is done. */
export function createSyncBackend(searcher: Searcher = new Searcher()): SearchBackend {
  let stopRequested = false;
  return {
    prepare(options, done) {
      searcher.setOptions(options);
      done();
    },
    start(job, onInfo, onDone) {
      stopRequested = false;
      onDone(runSearchJob(searcher, job, { onInfo, shouldStop: () => stopRequested }));
    },
    stop() {
      stopRequested = true;
    },
    clear() {
      searcher.clear();
    },
  };
}
