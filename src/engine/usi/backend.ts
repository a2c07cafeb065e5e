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
  /**
   * When the time limits began to count (Date.now() where the `go` arrived). The job may start
   * later: in a search thread still busy (clearing the table for a new game, finishing a stopped
   * search) or not yet given a core on a loaded machine. Without it, the limits count from the
   * job's start.
   */
  clockStart?: number;
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
  const limits =
    job.clockStart === undefined ? job.limits : lessWaited(job.limits, Date.now() - job.clockStart);
  if (job.solver === 'dfpn')
    return ok(runMateSearch(mateSearcherOf(searcher), parsed.value, limits, callbacks));
  return ok(searcher.search(parsed.value, limits, callbacks));
}

/**
 * The time limits less the time the job waited to start, so that they end when the GUI's clock
 * says, not that much later. A wait below zero (the wall clock set back) counts as none.
 */
export function lessWaited(limits: SearchLimits, waitedMs: number): SearchLimits {
  const waited = Math.max(0, waitedMs);
  const out = { ...limits };
  if (out.timeMs !== undefined) out.timeMs = Math.max(0, out.timeMs - waited);
  if (out.softTimeMs !== undefined) out.softTimeMs = Math.max(0, out.softTimeMs - waited);
  return out;
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
  limits: SearchLimits,
  callbacks: SearchCallbacks,
): SearchResult {
  const r = mate.solve(pos, { timeMs: limits.timeMs, shouldStop: callbacks.shouldStop });
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
