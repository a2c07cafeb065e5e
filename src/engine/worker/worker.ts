/**
 * The engine's Web Worker: it reads requests (protocol.ts), runs them on its own thread so the
 * page never freezes, and posts back progress and results. Only src/components/engine-client.ts
 * creates it.
 *
 * The engine has no DOM types, so the few worker globals used here are declared by hand.
 */
import { evaluateMoves, MOVE_EVAL_OPTIONS, type MoveEvalParams } from '../eval/move-evaluation';
import { flattenDecls, resolveValues } from '../option-spec';
import { rankReport } from '../eval/move-rank';
import { divide } from '../perft';
import {
  checkGoLimits,
  checkPerftRequest,
  type EngineRequest,
  type EngineResponse,
  type EvaluateRequest,
  type GoRequest,
  INFO_INTERVAL_MS,
  parsePositionText,
  type PerftRequest,
  type RankRequest,
} from './protocol';
import { Searcher } from '../search/iterate';
import { resolveOptions } from '../search/options';
import rankFixture from '../eval/move-rank-positions.json';

/** The part of a dedicated worker's global scope this file uses. */
interface WorkerScope {
  postMessage(message: EngineResponse): void;
  onmessage: ((event: { data: EngineRequest }) => void) | null;
}

type Post = (message: EngineResponse) => void;

/** Milliseconds on a monotonic clock (performance.now in workers and Node). */
const now = (): number =>
  (globalThis as unknown as { performance: { now(): number } }).performance.now();

/** Run a perft request to the end, posting throttled `info` messages and then `result` or `error`. */
export function runPerft(request: PerftRequest, post: Post, clock: () => number = now): void {
  const { id } = request;
  const problem = checkPerftRequest(request);
  if (problem) return post({ type: 'error', id, message: problem });
  const parsed = parsePositionText(request.sfen);
  if (!parsed.ok) return post({ type: 'error', id, message: parsed.error });

  const start = clock();
  let lastInfo = start;
  const rate = (nodes: number, ms: number): number =>
    ms > 0 ? Math.round((nodes / ms) * 1000) : 0;
  const split = divide(parsed.value, request.depth, {
    bulk: request.bulk,
    onRootMove: (done, total, nodes) => {
      const t = clock();
      if (t - lastInfo < INFO_INTERVAL_MS && done < total) return;
      lastInfo = t;
      const ms = t - start;
      post({ type: 'info', id, done, total, nodes, seconds: ms / 1000, nps: rate(nodes, ms) });
    },
  });
  const ms = clock() - start;
  const nodes = split.reduce((sum, entry) => sum + entry.nodes, 0);
  post({ type: 'result', id, nodes, seconds: ms / 1000, nps: rate(nodes, ms), divide: split });
}

/** One Searcher per worker, so the transposition table lives from one search to the next. */
let searcher: Searcher | null = null;

// #region worker-go
/** Run a search, posting `searchinfo` after each completed depth and then `bestmove`. */
export function runGo(request: GoRequest, post: Post): void {
  const { id } = request;
  const problem = checkGoLimits(request.limits);
  if (problem) return post({ type: 'error', id, message: problem });
  const options = resolveOptions(request.options ?? {});
  if (!options.ok) return post({ type: 'error', id, message: options.error });
  const parsed = parsePositionText(request.sfen);
  if (!parsed.ok) return post({ type: 'error', id, message: parsed.error });
  searcher ??= new Searcher(options.value);
  searcher.setOptions(options.value);
  searcher.clear(); // every widget search starts cold, so node counts are reproducible
  const result = searcher.search(parsed.value, request.limits, {
    onInfo: (info) => post({ type: 'searchinfo', id, info }),
  });
  post({ type: 'bestmove', id, result });
}
// #endregion

/**
 * Move-evaluation constants over seed 000's, checked by the same declarations and validator as
 * the search's `moveEval` options (an unknown name or a value out of range names the constant).
 */
function moveEvalParams(params: unknown): MoveEvalParams | string {
  const r = resolveValues(MOVE_EVAL_OPTIONS, MOVE_EVAL_SCHEMA, params ?? {});
  return r.ok ? r.value : r.error.replace(/^options: /, 'move evaluation: ');
}

const MOVE_EVAL_SCHEMA = flattenDecls(MOVE_EVAL_OPTIONS, 'move-eval');

export function runEvaluate(request: EvaluateRequest, post: Post): void {
  const params = moveEvalParams(request.params);
  if (typeof params === 'string') return post({ type: 'error', id: request.id, message: params });
  const parsed = parsePositionText(request.sfen);
  if (!parsed.ok) return post({ type: 'error', id: request.id, message: parsed.error });
  post({ type: 'evaluation', id: request.id, moves: evaluateMoves(parsed.value, params) });
}

export function runRank(request: RankRequest, post: Post): void {
  const params = moveEvalParams(request.params);
  if (typeof params === 'string') return post({ type: 'error', id: request.id, message: params });
  post({ type: 'rankreport', id: request.id, report: rankReport(rankFixture.positions, params) });
}

/** Answer one request. */
export function handleRequest(request: EngineRequest, post: Post): void {
  const guard = (name: string, run: () => void): void => {
    try {
      run();
    } catch (error) {
      post({ type: 'error', id: request.id, message: `${name} failed: ${String(error)}` });
    }
  };
  switch (request.type) {
    case 'go':
      return guard('search', () => runGo(request, post));
    case 'evaluate':
      return guard('move evaluation', () => runEvaluate(request, post));
    case 'rank':
      return guard('rank measure', () => runRank(request, post));
    case 'perft':
      try {
        runPerft(request, post);
      } catch (error) {
        post({ type: 'error', id: request.id, message: `perft failed: ${String(error)}` });
      }
      return;
    case 'stop':
      // perft runs synchronously, so a stop read here arrives after the run it meant: nothing to do.
      return;
  }
}

const scope = globalThis as unknown as Partial<WorkerScope>;
// Install the handler only inside a worker (tests import this module in Node to call runPerft).
if (typeof scope.postMessage === 'function' && 'onmessage' in scope) {
  const post: Post = (message) => scope.postMessage!(message);
  scope.onmessage = (event) => handleRequest(event.data, post);
}
