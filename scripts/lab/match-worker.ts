/**
 * A match worker thread (started by scripts/lab/match.ts, bundled by esbuild first): one engine —
 * a searcher for A and one for B — playing the games it is sent, one at a time, and posting each
 * record back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type GameSetup, playGame, Searcher } from '../../src/engine/lab/game';
import type { SearchOptions } from '../../src/engine/search/options';

/** What the main thread passes at start: both sides' options and the rules of every game. */
export interface MatchWorkerData {
  a: SearchOptions;
  b: SearchOptions;
  rules: Omit<GameSetup, 'opening' | 'sente' | 'gote'>;
}

export interface GameRequest {
  id: number;
  position: string;
  aIsSente: boolean;
}

export type GameResponse =
  | { type: 'game'; id: number; record: ReturnType<typeof playGame> }
  | { type: 'error'; id: number; message: string };

if (parentPort) {
  const port = parentPort;
  const data = workerData as MatchWorkerData;
  const engineA = new Searcher(data.a);
  const engineB = new Searcher(data.b);
  port.on('message', (request: GameRequest) => {
    const sente = request.aIsSente ? engineA : engineB;
    const gote = request.aIsSente ? engineB : engineA;
    try {
      const record = playGame(
        {
          ...data.rules,
          opening: request.position,
          sente: request.aIsSente ? data.a : data.b,
          gote: request.aIsSente ? data.b : data.a,
        },
        { sente, gote },
      );
      port.postMessage({ type: 'game', id: request.id, record } satisfies GameResponse);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      port.postMessage({ type: 'error', id: request.id, message } satisfies GameResponse);
    }
  });
}
