/**
 * `npm run dtree-data`: make the games seed 002's decision trees learn from (src/engine/lab/
 * dtree-data.ts says how each kind is made) and write them, with the settings and provenance, to
 * public/lab/dtree/<kind>-games.json (served, so the chapter's widgets fetch them).
 *
 *   npm run dtree-data -- --kind best --games 500          the teacher's self-play games
 *   npm run dtree-data -- --kind mate --games 12000        3-ply games to the first mate in 3
 *   npm run dtree-data -- --kind mate --games 20000 --resume   play on from a file's last game
 *
 * Games run in worker threads (--workers, default one per core) with a progress line; each game
 * is a pure function of its kind, index and seed, so the result does not depend on the workers.
 * The file is written every few games, so Ctrl-C (or a crash) keeps what was played, and
 * `--resume` goes on from there.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readArgs } from './lib/cli';
import { Worker } from 'node:worker_threads';
import {
  BEST_MOVE_FROM_PLY,
  GAME_RULES,
  MATE_OPENING_PLIES,
  MATE_PLAYER_DEPTH,
  MATE_PLIES,
  MATE_SHARE,
  type MateGame,
  NO_MATE_OFFSETS,
  TEACHER,
  type TeacherGame,
} from '../src/engine/dtree/data';
import { OPENING_RULE } from '../src/engine/lab/openings';
import type { DtreeJob, DtreeResponse } from './dtree-data-worker';
import { bundleWorker } from './lib/bundle-worker';
import { provenance } from './lab/provenance';

const WORKER_ENTRY = fileURLToPath(new URL('./dtree-data-worker.ts', import.meta.url));
/** Write the file after this many more games are in. */
const SAVE_EVERY = 25;

function fail(message: string): never {
  console.error(`dtree-data: ${message}`);
  process.exit(2);
}

const { values } = readArgs('dtree-data', {
  options: {
    kind: { type: 'string', value: 'best|mate' },
    games: { type: 'string', value: 'N' },
    seed: { type: 'string', default: '2026' },
    workers: { type: 'string', default: String(availableParallelism()) },
    out: { type: 'string', value: 'FILE' },
    resume: { type: 'boolean', default: false },
  },
});
const kindArg = values.kind;
if (kindArg !== 'best' && kindArg !== 'mate') fail('--kind must be best or mate');
const kind: 'best' | 'mate' = kindArg;
const games = Number(values.games);
const seed = Number(values.seed);
const workers = Number(values.workers);
if (!Number.isInteger(games) || games < 1)
  fail(`--games: expected a whole number ≥ 1, got ${values.games}`);
if (!Number.isInteger(seed)) fail(`--seed: expected a whole number, got ${values.seed}`);
if (!Number.isInteger(workers) || workers < 1)
  fail(`--workers: expected a whole number ≥ 1, got ${values.workers}`);
const out = values.out ?? `public/lab/dtree/${kind === 'best' ? 'best-move' : 'mate'}-games.json`;

/** What made the games: a file made with other settings cannot be resumed. */
const settings =
  kind === 'best'
    ? {
        kind,
        seed,
        openings: OPENING_RULE,
        teacher: TEACHER,
        rules: GAME_RULES,
        fromPly: BEST_MOVE_FROM_PLY,
      }
    : {
        kind,
        seed,
        openingPlies: MATE_OPENING_PLIES,
        playerDepth: MATE_PLAYER_DEPTH,
        matePlies: MATE_PLIES,
        mateShare: MATE_SHARE,
        noMateOffsets: NO_MATE_OFFSETS,
        rules: GAME_RULES,
      };

const DESCRIPTION = {
  best: 'Best-move data for seed 002’s decision trees (chapter 7). Self-play games of the teacher (our search with null move, LMR and futility at a fixed node count) from level openings made by the lab’s rule, one per game from the game’s own seed. From ply 40 on, the teacher’s move in each position is class 1 and one other legal move class 0 (chosen when the examples are made). The last tenth of the games are the test games.',
  mate: 'Mate data for seed 002’s decision trees (chapter 7). Games between two full-width 3-ply searches from 8–14 random plies, played until the side to move has a mate within 3 plies. Each game gives one example: that position (class 1) with the paper’s share of mates, else one 2–10 plies earlier (class 0), kept as SFEN with its ply; `sfen` is null when the game ended without a mate. The last tenth of the games are the test games.',
} as const;

type Game = TeacherGame | MateGame;
const played: Game[] = [];
if (values.resume && existsSync(out)) {
  const old = JSON.parse(readFileSync(out, 'utf8')) as { settings: unknown; games: Game[] };
  if (JSON.stringify(old.settings) !== JSON.stringify(settings))
    fail(`${out} was made with other settings; move it away or run without --resume`);
  played.push(...old.games.slice(0, games));
}

const command = `npm run dtree-data -- --kind ${kind} --games ${games} --seed ${seed}`;
/** Taken once, at the start: what the games were played with. */
const made = provenance(command);
function save(): void {
  mkdirSync(out.replace(/\/[^/]*$/, ''), { recursive: true });
  // One game per line: a file of thousands of games stays readable and diffs by game.
  const header = JSON.stringify(
    { description: DESCRIPTION[kind], command, settings, provenance: made },
    null,
    2,
  ).replace(/\n}$/, '');
  const body = played.map((g) => `    ${JSON.stringify(g)}`).join(',\n');
  writeFileSync(out, `${header},\n  "games": [\n${body}\n  ]\n}\n`);
}

const start = performance.now();
const first = played.length;
const results = new Map<number, Game>();
function progress(): void {
  const done = played.length - first;
  const seconds = (performance.now() - start) / 1000;
  const left = done > 0 ? ((games - played.length) * seconds) / done : 0;
  const found =
    kind === 'mate'
      ? ` · ${played.filter((g) => (g as MateGame).sfen !== null).length} examples`
      : '';
  process.stderr.write(
    `\r  ${kind} games ${played.length}/${games}${found} · ${Math.round(seconds)} s · ~${Math.round(left / 60)} min left   `,
  );
}

const bundle = await bundleWorker(WORKER_ENTRY);
let next = played.length;
let stopping = false;
const pool: Worker[] = [];
try {
  await new Promise<void>((resolve, reject) => {
    let running = 0;
    const feed = (worker: Worker): void => {
      if (stopping || next >= games) {
        if (running === 0) resolve();
        return;
      }
      running++;
      worker.postMessage({ kind, index: next++, seed } satisfies DtreeJob);
    };
    process.once('SIGINT', () => {
      stopping = true;
      resolve();
    });
    for (let i = 0; i < Math.min(workers, games - next); i++) {
      const worker = new Worker(bundle.file);
      pool.push(worker);
      worker.on('message', (message: DtreeResponse) => {
        running--;
        if (message.type === 'error')
          return reject(new Error(`game ${message.index}: ${message.message}`));
        results.set(message.index, message.game);
        // Keep the games in order: a file is always a prefix of the full run.
        while (results.has(played.length)) {
          played.push(results.get(played.length)!);
          results.delete(played.length - 1);
          if (played.length % SAVE_EVERY === 0) save();
        }
        progress();
        feed(worker);
      });
      worker.on('error', reject);
      feed(worker);
    }
    if (next >= games && running === 0) resolve();
  });
} finally {
  await Promise.all(pool.map((w) => w.terminate()));
  await bundle.remove();
}
save();
process.stderr.write('\n');
console.log(
  `wrote ${played.length} ${kind} games to ${out}${stopping ? ' (stopped: --resume goes on)' : ''}`,
);
