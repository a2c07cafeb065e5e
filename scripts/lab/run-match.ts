/**
 * Play a match's games in worker threads, one player per side in each worker (a searcher, or a
 * USI engine's process), and collect the records in game order. The worker is bundled by esbuild
 * first (the engine as the site ships it: plain ES modules, not tsx's CommonJS, which costs 10–20 %
 * in the search). Stopping — Ctrl-C, an SPRT decision — ends the workers at once, after their USI
 * engines are told to quit, and keeps the games already finished.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bundleWorker } from '../lib/bundle-worker';
import {
  aScoreOf,
  type GameSpec,
  type MatchGame,
  type MatchSettings,
} from '../../src/engine/lab/match';
import type { MatchWorkerData, WorkerRequest, WorkerResponse } from './match-worker';
import { sideConfig } from './sides';
import { USI_TIMEOUTS, type UsiTimeouts } from './usi-engine';

const WORKER_ENTRY = fileURLToPath(new URL('./match-worker.ts', import.meta.url));

export interface RunOptions {
  workers: number;
  /** After each finished game, with every game finished so far; return true to stop the match. */
  onGame?: (game: MatchGame, finished: readonly MatchGame[]) => boolean | void;
  /** Aborting stops the match (Ctrl-C). */
  signal?: AbortSignal;
  /** Where USI sides' per-game logs go (made if missing); none kept when left out. */
  logsDir?: string | null;
  /** How long USI engines are waited for (tests shorten them). */
  usiTimeouts?: UsiTimeouts;
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
  const timeouts = options.usiTimeouts ?? USI_TIMEOUTS;
  const a = sideConfig(settings.a, settings.contempt, timeouts);
  const b = sideConfig(settings.b, settings.contempt, timeouts);
  if (!a.ok || !b.ok) throw new Error(a.ok ? (b as { error: string }).error : a.error);
  const usi = a.value.kind === 'usi' || b.value.kind === 'usi';
  const logsDir = usi ? (options.logsDir ?? null) : null;
  if (logsDir !== null) mkdirSync(logsDir, { recursive: true });
  const data: MatchWorkerData = {
    a: a.value,
    b: b.value,
    rules: {
      limits: settings.limits,
      clock: settings.clock,
      maxPlies: settings.maxPlies,
      adjudication: settings.adjudication,
    },
    logsDir,
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
        // A worker with USI engines is ended after they quit (in `finally`).
        if (!usi) for (const w of workers) void w.terminate();
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
          type: 'game',
          id: spec.id,
          position: spec.position,
          aIsSente: spec.aIsSente,
        } satisfies WorkerRequest);
      };
      const count = Math.max(1, Math.min(options.workers, specs.length));
      for (let i = 0; i < count; i++) {
        const worker = new Worker(bundle.file, { workerData: data });
        workers.push(worker);
        worker.on('message', (message: WorkerResponse) => {
          if (stopped || message.type === 'closed') return;
          running--;
          if (message.type === 'error') {
            stopped = true;
            if (!usi) for (const w of workers) void w.terminate();
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
            ...(message.logs ? { logs: message.logs } : {}),
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
    if (usi) await Promise.all(workers.map(quitEngines));
    await Promise.all(workers.map((w) => w.terminate()));
    await bundle.remove();
  }
  finished.sort((x, y) => x.id - y.id);
  return { games: finished, stopped, seconds: (performance.now() - start) / 1000 };
}
// #endregion

/** A worker's USI engines are given this long to quit before the worker is ended. */
const QUIT_WAIT_MS = USI_TIMEOUTS.quitMs + 1000;

/** Ask a worker to quit its USI engines, and wait (a while) until it says they have. */
function quitEngines(worker: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, QUIT_WAIT_MS);
    worker.on('message', (message: WorkerResponse) => {
      if (message.type !== 'closed') return;
      clearTimeout(timer);
      resolve();
    });
    worker.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.postMessage({ type: 'quit' } satisfies WorkerRequest);
  });
}
