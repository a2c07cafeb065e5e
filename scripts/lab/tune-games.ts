/**
 * `npm run tune:games`: self-play games for the tuner (npm run tune), written as a match file so
 * that the Lab can replay them and the tuner reads them like any other games.
 *
 *   npm run tune:games -- --count 3000 --seed 7 --nodes 5000 --out public/lab/effect-table-tuning/round-1.json
 *     [--player '{"evaluator":"tuned","nullMove":true,"lmr":true,"futility":true}'] [--workers 2]
 *
 * One engine plays both sides, so each opening is played once (the colours swapped would give the
 * same game, move for move): `count` openings made as the match openings are (random plies from
 * the start position, kept when a search finds them near level), each played once at a fixed
 * number of nodes a move, so the games do not depend on the machine's speed or load. Lost ends
 * are resigned (both sides agree on a rook's worth for four moves each), as in the lab's series.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { availableParallelism } from 'node:os';
import { readArgs } from '../lib/cli';
import { planGames, type MatchSettings } from '../../src/engine/lab/match';
import { makeOpenings, OPENING_RULE } from '../../src/engine/lab/openings';
import { parsePlayer } from '../../src/engine/lab/presets';
import { formatTally, matchResult } from './match-result';
import { provenance } from './provenance';
import { runMatch } from './run-match';

/** The self-play engine: the tuned table with the backward pruning that makes it read deep. */
const DEFAULT_PLAYER = '{"evaluator":"tuned","nullMove":true,"lmr":true,"futility":true}';
const USAGE =
  'usage: npm run tune:games -- --out FILE [--count N] [--seed N] [--nodes N] [--player JSON] [--workers N]';

async function main(): Promise<void> {
  const { values } = readArgs(
    'tune:games',
    {
      options: {
        count: { type: 'string', default: '3000' },
        seed: { type: 'string', default: '7' },
        nodes: { type: 'string', default: '5000' },
        player: { type: 'string', default: DEFAULT_PLAYER, value: 'JSON' },
        workers: { type: 'string', default: String(availableParallelism()) },
        out: { type: 'string', value: 'FILE' },
      },
    },
    USAGE,
  );
  const count = Number(values.count);
  const seed = Number(values.seed);
  const nodes = Number(values.nodes);
  const workers = Number(values.workers);
  if (![count, seed, nodes, workers].every((n) => Number.isInteger(n) && n > 0) || !values.out) {
    console.error(USAGE);
    process.exit(2);
  }
  const player = parsePlayer(values.player);
  if (!player.ok) {
    console.error(`tune:games: --player: ${player.error}`);
    process.exit(2);
  }
  process.stderr.write(`tune:games: making ${count} openings (seed ${seed})\n`);
  const openings = makeOpenings(seed, count, OPENING_RULE, (kept, tried) => {
    if (kept % 100 === 0) process.stderr.write(`\r  … ${kept}/${count} kept of ${tried} tried`);
  });
  process.stderr.write('\n');
  const side = { name: player.value.name, label: player.value.label, change: player.value.change };
  const settings: MatchSettings = {
    a: side,
    b: side,
    games: 2 * openings.length,
    seed,
    limits: { nodes },
    clock: null,
    maxPlies: 320,
    adjudication: { score: 2000, plies: 8 },
    contempt: 50,
    sprt: null,
    shard: null,
  };
  // Each opening once, A as sente: with the same engine on both sides the other game is the same.
  const specs = planGames(openings, settings).filter((g) => g.aIsSente);
  // The run's provenance as the games start: the commit whose code plays them.
  const command = `npm run tune:games -- ${process.argv.slice(2).join(' ')}`;
  const played = provenance(command);
  const started = performance.now();
  const run = await runMatch(settings, specs, {
    workers,
    onGame: (_g, finished) => {
      const seconds = (performance.now() - started) / 1000;
      if (finished.length % 20 === 0)
        process.stderr.write(
          `\r  ${finished.length}/${specs.length} games, ${(finished.length / seconds).toFixed(2)} a second`,
        );
    },
  });
  process.stderr.write('\n');
  const result = matchResult(played, settings, `made by the command (seed ${seed})`, run);
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(result)}\n`);
  process.stderr.write(`tune:games: ${formatTally(result.tally)}\n`);
  process.stderr.write(
    `  king moves ${result.tally.kingMoveShare.all}, mean length ${result.tally.gameLength?.mean}, ends ${JSON.stringify(result.tally.ends)}\n`,
  );
}

await main();
