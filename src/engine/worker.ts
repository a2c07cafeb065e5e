/**
 * The engine's Web Worker: it reads requests (protocol.ts), runs them on its own thread so the
 * page never freezes, and posts back progress and results. Only src/components/engine-client.ts
 * creates it.
 *
 * The engine has no DOM types, so the few worker globals used here are declared by hand.
 */
import { divide } from './perft';
import {
  checkPerftRequest,
  type EngineRequest,
  type EngineResponse,
  INFO_INTERVAL_MS,
  parsePositionText,
  type PerftRequest,
} from './protocol';

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

/** Answer one request. */
export function handleRequest(request: EngineRequest, post: Post): void {
  switch (request.type) {
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
