/**
 * A worker thread of `npm run dtree-data` (bundled by esbuild first): plays the games it is sent,
 * one at a time, and posts each back. Every game is a pure function of its kind, index and seed,
 * so which worker plays it does not matter.
 */
import { parentPort } from 'node:worker_threads';
import {
  type MateGame,
  MATE_OPENING_PLIES,
  playMateGame,
  playTeacherGame,
  type TeacherGame,
} from '../src/engine/dtree/data';
import { makeOpenings, randomPlies } from '../src/engine/lab/openings';
import { makeRandom } from '../src/engine/lab/random';
import { Searcher } from '../src/engine/search/iterate';

export interface DtreeJob {
  kind: 'best' | 'mate';
  index: number;
  seed: number;
}

export type DtreeResponse =
  | { type: 'game'; index: number; game: TeacherGame | MateGame }
  | { type: 'error'; index: number; message: string };

/** A game's own seed: different games, different streams, whatever the worker. */
export const gameSeed = (seed: number, index: number): number =>
  (Math.imul(seed, 1_000_003) + index * 7919) >>> 0;

if (parentPort) {
  const port = parentPort;
  const searcher = new Searcher();
  port.on('message', (job: DtreeJob) => {
    try {
      const seed = gameSeed(job.seed, job.index);
      let game: TeacherGame | MateGame;
      if (job.kind === 'best') {
        // One level opening by the lab's rule, from this game's seed.
        game = playTeacherGame(makeOpenings(seed, 1)[0]!, searcher);
      } else {
        const random = makeRandom(seed);
        const { min, max } = MATE_OPENING_PLIES;
        const { moves } = randomPlies(random, min + Math.floor(random() * (max - min + 1)));
        game = playMateGame({ id: `m${job.index}`, moves, score: 0 }, random, searcher);
      }
      port.postMessage({ type: 'game', index: job.index, game } satisfies DtreeResponse);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      port.postMessage({ type: 'error', index: job.index, message } satisfies DtreeResponse);
    }
  });
}
