/**
 * A match worker thread (started by run-match.ts, bundled by esbuild first): a player for A and
 * one for B — a searcher in this thread, or a USI engine's process — playing the games it is
 * sent, one at a time, and posting each record back. A USI side's output during a game goes to a
 * log file, `game-<id>.<a|b>.log` in the logs directory.
 */
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import {
  type GameRecord,
  type GameResult,
  type GameRules,
  playGameWith,
  type Player,
  Searcher,
  searcherPlayer,
} from '../../src/engine/lab/game';
import type { SideConfig } from './sides';
import { UsiPlayer } from './usi-player';

/** What the main thread passes at start: how to play each side, and the rules of every game. */
export interface MatchWorkerData {
  a: SideConfig;
  b: SideConfig;
  rules: Omit<GameRules, 'opening'>;
  /** Where USI sides' logs go (made by the main thread), or null for none. */
  logsDir: string | null;
}

export type WorkerRequest =
  { type: 'game'; id: number; position: string; aIsSente: boolean } | { type: 'quit' };

export type WorkerResponse =
  | { type: 'game'; id: number; record: GameRecord; logs?: { a?: string; b?: string } }
  | { type: 'error'; id: number; message: string }
  | { type: 'closed' };

/** A side as the worker keeps it from game to game. */
interface Side extends Player {
  newGame(): void | Promise<void>;
  /** The game is over (its result from this side's view); returns the log file written, if any. */
  gameOver(result: 'win' | 'lose' | 'draw', logFile: string | null): string | null;
  lastLines(): string[] | undefined;
  quit(): Promise<void>;
}

function makeSide(config: SideConfig): Side {
  if (config.kind === 'usi') {
    const usi = new UsiPlayer(config.engine);
    return {
      move: (request) => usi.move(request),
      newGame: () => usi.newGame(),
      gameOver: (result, logFile) => {
        usi.gameOver(result, logFile);
        return logFile;
      },
      lastLines: () => usi.lastLines(),
      quit: () => usi.quit(),
    };
  }
  const searcher = new Searcher(config.options);
  const player = searcherPlayer(searcher);
  return {
    move: (request) => player.move(request),
    newGame: () => searcher.clear(),
    gameOver: () => null,
    lastLines: () => undefined,
    quit: () => Promise.resolve(),
  };
}

const outcome = (result: GameResult, color: 'sente' | 'gote'): 'win' | 'lose' | 'draw' =>
  result === 'draw' ? 'draw' : result === color ? 'win' : 'lose';

if (parentPort) {
  const port = parentPort;
  const data = workerData as MatchWorkerData;
  const sides = { a: makeSide(data.a), b: makeSide(data.b) };

  const play = async (id: number, position: string, aIsSente: boolean): Promise<void> => {
    const [sente, gote] = aIsSente ? [sides.a, sides.b] : [sides.b, sides.a];
    await Promise.all([sides.a.newGame(), sides.b.newGame()]);
    const record = await playGameWith({ ...data.rules, opening: position }, { sente, gote });
    if (record.fault) {
      const lastLines = (record.fault.side === 'sente' ? sente : gote).lastLines();
      if (lastLines) record.fault.lastLines = lastLines;
    }
    const logs: { a?: string; b?: string } = {};
    for (const key of ['a', 'b'] as const) {
      const color = (key === 'a') === aIsSente ? 'sente' : 'gote';
      const file = data.logsDir === null ? null : join(data.logsDir, `game-${id}.${key}.log`);
      const written = sides[key].gameOver(outcome(record.result, color), file);
      if (written !== null) logs[key] = written;
    }
    const response: WorkerResponse = { type: 'game', id, record };
    if (Object.keys(logs).length > 0) response.logs = logs;
    port.postMessage(response);
  };

  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'quit') {
      void Promise.all([sides.a.quit(), sides.b.quit()]).then(() =>
        port.postMessage({ type: 'closed' } satisfies WorkerResponse),
      );
      return;
    }
    play(request.id, request.position, request.aIsSente).catch((error: unknown) => {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      port.postMessage({ type: 'error', id: request.id, message } satisfies WorkerResponse);
    });
  });
}
