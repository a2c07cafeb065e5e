/**
 * What runs the USI engine's searches. The state machine (usi.ts) hands a backend plain-data
 * jobs and hears back through callbacks, so the same engine searches in the caller's thread
 * (tests: `createSyncBackend`) or in a worker thread (scripts/usi.ts), where `stop` can arrive
 * while it thinks.
 */
import {
  Searcher,
  type SearchCallbacks,
  type SearchInfo,
  type SearchLimits,
  type SearchOptions,
  type SearchResult,
} from '../search/index';
import { parsePositionCommand } from '../sfen';
import { ok, type Result } from '../types';

/** One search to run: where, how far, with which options. Plain data, so it crosses threads. */
export interface SearchJob {
  /** The position as USI's `position` argument: `startpos moves 7g7f` or `sfen … moves …`. */
  position: string;
  limits: SearchLimits;
  options: SearchOptions;
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
  return ok(searcher.search(parsed.value, job.limits, callbacks));
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
