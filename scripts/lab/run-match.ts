/**
 * Play a match's games in worker threads, one engine per worker, and collect the records in game
 * order. The worker is bundled by esbuild first (the engine as the site ships it: plain ES modules,
 * not tsx's CommonJS, which costs 10–20 % in the search). Stopping — Ctrl-C, an SPRT decision —
 * ends the workers at once and keeps the games already finished.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bundleWorker } from '../lib/bundle-worker';
import { resolveOptions } from '../../src/engine/search/options';
import {
  aScoreOf,
  type GameSpec,
  type MatchGame,
  type MatchSettings,
  withContempt,
} from '../../src/engine/lab/match';
import type { GameRequest, GameResponse, MatchWorkerData } from './match-worker';

const WORKER_ENTRY = fileURLToPath(new URL('./match-worker.ts', import.meta.url));

export interface RunOptions {
  workers: number;
  /** After each finished game, with every game finished so far; return true to stop the match. */
  onGame?: (game: MatchGame, finished: readonly MatchGame[]) => boolean | void;
  /** Aborting stops the match (Ctrl-C). */
  signal?: AbortSignal;
}

export interface RunResult {
  games: MatchGame[];
  stopped: boolean;
  seconds: number;
}

// #region run-match
export async function runMatch(
  settings: MatchSettings,
  specs: readonly GameSpec[],
  options: RunOptions,
): Promise<RunResult> {
  const start = performance.now();
  const a = resolveOptions(withContempt(settings.a.change, settings.contempt));
  const b = resolveOptions(withContempt(settings.b.change, settings.contempt));
  if (!a.ok || !b.ok) throw new Error(a.ok ? (b as { error: string }).error : a.error);
  const data: MatchWorkerData = {
    a: a.value,
    b: b.value,
    rules: {
      limits: settings.limits,
      clock: settings.clock,
      maxPlies: settings.maxPlies,
      adjudication: settings.adjudication,
    },
  };
  const bundle = await bundleWorker(WORKER_ENTRY);
  const finished: MatchGame[] = [];
  const byId = new Map(specs.map((s) => [s.id, s]));
  let next = 0;
  let stopped = false;
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      const stop = (): void => {
        if (stopped) return;
        stopped = true;
        for (const w of workers) void w.terminate();
        resolve();
      };
      options.signal?.addEventListener('abort', stop, { once: true });
      const feed = (worker: Worker): void => {
        if (stopped) return;
        if (next >= specs.length) {
          if (running === 0) resolve();
          return;
        }
        const spec = specs[next++]!;
        running++;
        worker.postMessage({
          id: spec.id,
          position: spec.position,
          aIsSente: spec.aIsSente,
        } satisfies GameRequest);
      };
      const count = Math.max(1, Math.min(options.workers, specs.length));
      for (let i = 0; i < count; i++) {
        const worker = new Worker(bundle.file, { workerData: data });
        workers.push(worker);
        worker.on('message', (message: GameResponse) => {
          running--;
          if (message.type === 'error') {
            stopped = true;
            for (const w of workers) void w.terminate();
            reject(new Error(`game ${message.id} failed: ${message.message}`));
            return;
          }
          const spec = byId.get(message.id)!;
          const game: MatchGame = {
            ...message.record,
            id: spec.id,
            pair: spec.pair,
            openingId: spec.opening.id,
            aIsSente: spec.aIsSente,
            aScore: aScoreOf(message.record, spec.aIsSente),
          };
          finished.push(game);
          if (options.onGame?.(game, finished) === true) return stop();
          feed(worker);
          if (running === 0 && next >= specs.length) resolve();
        });
        worker.on('error', (error) => {
          if (!stopped) reject(error);
        });
      }
      for (const w of workers) feed(w);
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    await bundle.remove();
  }
  finished.sort((x, y) => x.id - y.id);
  return { games: finished, stopped, seconds: (performance.now() - start) / 1000 };
}
// #endregion
