/**
 * `npm run match`: a match between two sides — our engine with two option sets, or a USI engine
 * against ours or against another — with Elo and its 95 % interval.
 *
 *   npm run match -- --a null --b plain --games 200 --nodes 20000
 *   npm run match -- --a '{"lmr":true}' --b plain --tc 10+0.1 --sprt 0,20 --out lmr.json
 *   npm run match -- --a modern --b plain --depth 4 --shard 1/4 --out shard1.json
 *   npm run match -- --a plain --b usi:path/to/engine --b-option USI_Hash=64 --byoyomi 1000 \
 *     --out vs-engine.json
 *
 * Games run in worker threads (--workers, default one per core); a progress line shows the score
 * and Elo so far; Ctrl-C stops and keeps the games finished. The result (settings, totals, Elo,
 * every game as USI moves) goes to --out as JSON, or to stdout; a USI engine's output in each game
 * goes to a log file beside it (--logs).
 */
import { writeFileSync } from 'node:fs';
import { checkSetup } from '../../src/engine/lab/game';
import {
  planGames,
  tallyMatch,
  type MatchGame,
  type MatchSettings,
} from '../../src/engine/lab/match';
import { MATCH_USAGE, parseMatchArgs } from './match-args';
import { readOpenings } from './openings-file';
import { formatTally, matchResult, type MatchResult } from './match-result';
import { provenance } from './provenance';
import { runMatch } from './run-match';
import { identifySides } from './sides';

/**
 * Everything checked before a game starts, USI engines started once and asked who they are;
 * returns the error to print, or what to run.
 */
async function prepare(argv: string[]) {
  const args = parseMatchArgs(argv);
  if (!args.ok) return { error: args.error };
  const openings = readOpenings(args.value.openingsFile);
  if (typeof openings === 'string') return { error: openings };
  const specs = planGames(openings, args.value.settings);
  for (const spec of specs.slice(0, 2)) {
    const check = checkSetup({ ...args.value.settings, opening: spec.position });
    if (!check.ok) return { error: check.error };
  }
  const settings = await identifySides(args.value.settings);
  if (!settings.ok) return { error: settings.error };
  return { args: { ...args.value, settings: settings.value }, specs };
}

function progressLine(
  settings: MatchSettings,
  games: readonly MatchGame[],
  total: number,
  seconds: number,
): string {
  const t = tallyMatch(games, settings.sprt);
  const width = 24;
  const filled = Math.round((games.length / total) * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  const rate = seconds > 0 ? (games.length / seconds).toFixed(2) : '—';
  return `[${bar}] ${games.length}/${total}  ${formatTally(t)}  ${rate} games/s`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(MATCH_USAGE);
    process.exit(0);
  }
  const prepared = await prepare(argv);
  if ('error' in prepared) {
    console.error(`match: ${prepared.error}`);
    process.exit(2);
  }
  const { args, specs } = prepared;
  const { settings } = args;
  const controller = new AbortController();
  process.once('SIGINT', () => {
    process.stderr.write('\nmatch: stopping; the finished games are kept\n');
    controller.abort();
  });
  const started = performance.now();
  const tty = process.stderr.isTTY && !args.quiet;
  let lastLine = 0;
  const run = await runMatch(settings, specs, {
    workers: args.workers,
    signal: controller.signal,
    logsDir: args.logs,
    onGame: (_game, finished) => {
      const seconds = (performance.now() - started) / 1000;
      const line = progressLine(settings, finished, specs.length, seconds);
      if (tty) process.stderr.write(`\r${line}`);
      else if (!args.quiet && seconds - lastLine >= 10) {
        lastLine = seconds;
        process.stderr.write(`${line}\n`);
      }
      // An SPRT decision ends the match, at a pair boundary.
      if (!settings.sprt || finished.length % 2 !== 0) return false;
      return tallyMatch(finished, settings.sprt).sprt?.decision !== 'continue';
    },
  });
  if (tty) process.stderr.write('\n');
  const result: MatchResult = matchResult(
    provenance(`npm run match -- ${process.argv.slice(2).join(' ')}`),
    settings,
    args.openingsFile,
    run,
  );
  const json = `${JSON.stringify(result, null, 2)}\n`;
  if (args.out) writeFileSync(args.out, json);
  else process.stdout.write(json);
  process.stderr.write(`${formatTally(result.tally)}${run.stopped ? ' (stopped)' : ''}\n`);
}

await main();
