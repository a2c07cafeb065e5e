/**
 * `npm run experiment -- <name>`: run one of the lab's experiments (scripts/lab/experiments.ts)
 * and write its data file, src/data/experiments/<name>.json: what it asks, the command, the date,
 * the engine's commit and bench signature, the machine, the settings and the results. A match
 * series also writes every match, games and all, to public/lab/<name>/<match>.json, which the book
 * fetches to replay a game.
 *
 *   npm run experiment -- --list
 *   npm run experiment -- pruning-bench
 *   npm run experiment -- pruning-elo-nodes [--games 40] [--workers 2] [--only null,lmr] [--resume]
 *
 * A series keeps the matches its data file already holds when they were played with the same
 * settings and are not being played again: `--only lmr` replays one match and keeps the others,
 * `--resume` plays only the matches the file does not have yet, or has from an engine whose bench
 * signature differs from today's (a series stopped halfway goes on).
 * Every match row carries the provenance of the run that played it. `--retally` plays nothing: it
 * counts each kept match again from its games file (a tally that gained a field), keeping the
 * provenance of the run that played it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { readArgs } from '../lib/cli';
import {
  planGames,
  tallyMatch,
  type MatchGame,
  type MatchSettings,
  type MatchTally,
} from '../../src/engine/lab/match';
import {
  EXPERIMENTS,
  experimentByName,
  type CommandExperiment,
  type Experiment,
  type MatchesExperiment,
  type SeriesMatch,
  type TuningExperiment,
} from './experiments';
import type { TuneReport } from './tune';
import { readOpenings } from './openings-file';
import { formatTally, matchResult } from './match-result';
import type {
  ExperimentData,
  MatchRow,
  MatchSeriesData,
  Provenance,
  TuningData,
  TuningRound,
} from '../../src/engine/lab/experiment-data';
import { benchSignature, provenance } from './provenance';
import { runMatch } from './run-match';
import { identifySides, parseSide } from './sides';

const DATA_DIR = 'src/data/experiments';
const GAMES_DIR = 'public/lab';
/**
 * Where a USI side's per-game logs go: outside public/, so the site does not serve them, and as
 * `*.log` files, which git ignores.
 */
const LOGS_DIR = 'lab-logs';
const OPENINGS = 'src/data/openings.json';

function fail(message: string): never {
  console.error(`experiment: ${message}`);
  process.exit(2);
}

function write(name: string, data: ExperimentData): void {
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(`${DATA_DIR}/${name}.json`, `${JSON.stringify(data, null, 2)}\n`);
}

/** The file's header; `played` is the provenance of the run it reports (default: now). */
function header(e: Experiment, command: string, settings: unknown, played = provenance(command)) {
  return {
    name: e.name,
    title: e.title,
    question: e.question,
    chapter: e.chapter,
    kind: e.kind,
    provenance: played,
    settings,
  };
}

function runCommand(e: CommandExperiment, command: string): void {
  const run = spawnSync('npm', ['run', '-s', e.script, '--', ...e.args, '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) fail(`${e.script} exited with ${run.status ?? run.signal}`);
  let results: unknown;
  try {
    results = JSON.parse(run.stdout);
  } catch (error) {
    fail(`${e.script} --json did not print JSON: ${(error as Error).message}`);
  }
  write(e.name, { ...header(e, command, { script: e.script, args: e.args }), results });
}

/** A match series: each match in turn, its games to public/lab/, the summary after every match. */
async function runMatches(
  e: MatchesExperiment,
  command: string,
  options: { games: number; workers: number; only: string[] | null; resume: boolean },
): Promise<void> {
  const openings = readOpenings(OPENINGS);
  if (typeof openings === 'string') fail(openings);
  const settingsOf = (m: Omit<SeriesMatch, 'id'>): MatchSettings => {
    const pa = parseSide('a', m.a, m.usi?.a);
    const pb = parseSide('b', m.b, m.usi?.b);
    if (!pa.ok || !pb.ok) fail(`${e.name}: ${pa.ok ? (pb as { error: string }).error : pa.error}`);
    return {
      a: pa.value,
      b: pb.value,
      games: options.games,
      seed: e.seed,
      limits: e.limits,
      clock: e.clock ?? null,
      maxPlies: e.maxPlies,
      adjudication: e.adjudication,
      contempt: e.contempt,
      sprt: null,
      shard: null,
    };
  };
  const shared = { ...settingsOf({ a: 'plain', b: 'plain' }), a: null, b: null };
  const kept = keptRows(e.name, shared);
  const rows = (): MatchRow[] =>
    e.matches.flatMap((m) => {
      const row = kept.get(m.id);
      return row ? [row] : [];
    });
  mkdirSync(`${GAMES_DIR}/${e.name}`, { recursive: true });
  for (const m of e.matches) {
    if (options.only && !options.only.includes(m.id)) continue;
    if (options.resume && kept.has(m.id)) {
      process.stderr.write(`${e.name}: ${m.id} kept from the data file\n`);
      continue;
    }
    const identified = await identifySides(settingsOf(m));
    if (!identified.ok) fail(`${e.name}: ${m.id}: ${identified.error}`);
    const settings = identified.value;
    const planned = planGames(openings, settings);
    const gamesFile = `${GAMES_DIR}/${e.name}/${m.id}.json`;
    // The run's provenance as the match starts: the commit whose code plays it.
    const played = provenance(command);
    // A match stopped halfway by the same code with the same settings goes on where it stopped.
    const earlier = options.resume ? unfinishedGames(gamesFile, settings, played) : [];
    const done = new Set(earlier.map((g) => g.id));
    const specs = planned.filter((g) => !done.has(g.id));
    process.stderr.write(
      `${e.name}: ${m.id} (${m.a} against ${m.b}), ${planned.length} games` +
        `${earlier.length > 0 ? `, ${earlier.length} kept from a stopped run` : ''}\n`,
    );
    const started = performance.now();
    // Every finished game goes to the games file at once: a match stopped halfway keeps them.
    const checkpoint = (finished: readonly MatchGame[], stopped: boolean): void => {
      const games = [...earlier, ...finished].sort((x, y) => x.id - y.id);
      const seconds = (performance.now() - started) / 1000;
      const partial = matchResult(played, settings, OPENINGS, { games, stopped, seconds });
      writeFileSync(gamesFile, `${JSON.stringify(partial)}\n`);
    };
    const run = await runMatch(settings, specs, {
      workers: options.workers,
      logsDir: `${LOGS_DIR}/${e.name}/${m.id}`,
      onGame: (_g, finished) => {
        const seconds = (performance.now() - started) / 1000;
        process.stderr.write(
          `\r  ${earlier.length + finished.length}/${planned.length}  ${(finished.length / seconds).toFixed(2)} games/s`,
        );
        if (settings.clock !== null || finished.length % 10 === 0) checkpoint(finished, true);
      },
    });
    process.stderr.write('\n');
    const all = [...earlier, ...run.games].sort((x, y) => x.id - y.id);
    const result = matchResult(played, settings, OPENINGS, { ...run, games: all });
    writeFileSync(gamesFile, `${JSON.stringify(result)}\n`);
    if (run.stopped) fail(`${e.name}: ${m.id} stopped after ${all.length} games; --resume goes on`);
    process.stderr.write(`  ${formatTally(result.tally)}\n`);
    kept.set(m.id, {
      id: m.id,
      provenance: played,
      a: settings.a,
      b: settings.b,
      tally: result.tally,
      seconds: result.seconds,
      gamesPerSecond: result.gamesPerSecond,
      gamesFile: gamesFile.replace(/^public/, ''),
    });
    // The header names the code of the match just played, not the tree as it is when the match
    // ends (work may have gone on meanwhile; each row keeps its own).
    write(e.name, { ...header(e, command, shared, played), results: { matches: rows() } });
  }
}

/**
 * A tuning run, one round at a time: the first round whose games are missing plays them (npm run
 * tune:games, with the table the rounds before it tuned, committed), then Texel's method tunes on
 * the games of every round so far (npm run tune), writing tuned.json; the data file gains the
 * round, and the run stops, so that the new table can be committed before the next round plays.
 * A round whose games file exists is tuned on again only when the data file lacks it.
 */
function runTuning(e: TuningExperiment, command: string): void {
  const dir = `${GAMES_DIR}/${e.name}`;
  mkdirSync(dir, { recursive: true });
  const file = `${DATA_DIR}/${e.name}.json`;
  const kept: TuningRound[] = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as TuningData).results.rounds
    : [];
  const settings = { rounds: e.rounds, tune: e.tune };
  const files: string[] = [];
  for (const round of e.rounds) {
    const gamesFile = `${dir}/${round.id}.json`;
    files.push(gamesFile);
    if (kept.some((r) => r.id === round.id) && existsSync(gamesFile)) continue;
    if (!existsSync(gamesFile)) {
      process.stderr.write(`${e.name}: ${round.id}: playing ${round.games} games\n`);
      const args = ['--count', round.games, '--seed', round.seed, '--nodes', round.nodes];
      spawnOrFail('tune:games', [
        ...args.map(String),
        '--player',
        round.player,
        '--out',
        gamesFile,
      ]);
    }
    const report = `${dir}/${round.id}.tune.json`;
    const l2Family = Object.entries(e.tune.l2Family)
      .map(([k, v]) => `${k}=${v}`)
      .join(',');
    spawnOrFail('tune', [
      ...files,
      '--epochs',
      String(e.tune.epochs),
      '--rate',
      String(e.tune.rate),
      '--l2',
      String(e.tune.l2),
      '--l2-family',
      l2Family,
      '--report',
      report,
    ]);
    const games = JSON.parse(readFileSync(gamesFile, 'utf8')) as {
      provenance: Provenance;
      tally: MatchTally;
    };
    const r = JSON.parse(readFileSync(report, 'utf8')) as TuneReport;
    rmSync(report);
    kept.push({
      id: round.id,
      provenance: games.provenance,
      gamesFile: gamesFile.replace(/^public/, ''),
      tally: games.tally,
      positions: r.positions,
      scale: r.scale,
      heldOutError: r.heldOutError,
      bestEpoch: r.bestEpoch,
      curve: r.curve,
      families: r.families,
      paramsSha256: r.paramsSha256,
    });
    write(e.name, {
      ...header(e, command, settings, games.provenance),
      results: { rounds: kept },
    });
    process.stderr.write(
      `${e.name}: ${round.id} tuned; commit src/engine/eval/effect/tuned/tuned.json, then run again for the next round\n`,
    );
    return;
  }
  process.stderr.write(`${e.name}: every round is played and tuned\n`);
}

function spawnOrFail(script: string, args: string[]): void {
  const run = spawnSync('npm', ['run', '-s', script, '--', ...args], { stdio: 'inherit' });
  if (run.status !== 0) fail(`${script} exited with ${run.status ?? run.signal}`);
}

/**
 * The games a stopped run of this match left in its games file: kept only when that run played
 * the same settings with the same committed code (a clean tree at the same commit).
 */
function unfinishedGames(
  gamesFile: string,
  settings: MatchSettings,
  now: ReturnType<typeof provenance>,
): MatchGame[] {
  if (!existsSync(gamesFile)) return [];
  const file = JSON.parse(readFileSync(gamesFile, 'utf8')) as {
    stopped: boolean;
    settings: MatchSettings;
    provenance: ReturnType<typeof provenance>;
    games: MatchGame[];
  };
  const same =
    file.stopped &&
    !file.provenance.engine.dirty &&
    !now.engine.dirty &&
    file.provenance.engine.commit === now.engine.commit &&
    JSON.stringify({ ...file.settings, a: null, b: null }) ===
      JSON.stringify({ ...settings, a: null, b: null }) &&
    file.settings.a.name === settings.a.name &&
    file.settings.b.name === settings.b.name;
  return same ? file.games : [];
}

/**
 * The rows of the series' data file worth keeping: all of them when it was played with these
 * settings (games, seed, limits, rules), none when the settings changed.
 */
function keptRows(name: string, shared: unknown): Map<string, MatchRow> {
  const file = `${DATA_DIR}/${name}.json`;
  if (!existsSync(file)) return new Map();
  const data = JSON.parse(readFileSync(file, 'utf8')) as MatchSeriesData;
  if (JSON.stringify(data.settings) !== JSON.stringify(shared)) {
    process.stderr.write(
      `${name}: settings changed since the data file; every match is replayed\n`,
    );
    return new Map();
  }
  // A match played by another engine (its bench node-count signature differs) is not the same
  // match: --resume plays it again rather than keep a result the engine of today would not give.
  const signature = benchSignature();
  const kept = new Map<string, MatchRow>();
  for (const row of data.results.matches) {
    if (!row.provenance) continue;
    if (row.provenance.engine.signature !== signature) {
      process.stderr.write(
        `${name}: ${row.id} was played by an engine with bench signature ${row.provenance.engine.signature}, this one has ${signature}; it is replayed\n`,
      );
      continue;
    }
    kept.set(row.id, row);
  }
  return kept;
}

/** Count every match of a series' data file again from its games file; play nothing. */
function retally(e: MatchesExperiment): void {
  const file = `${DATA_DIR}/${e.name}.json`;
  if (!existsSync(file)) fail(`${e.name} has no data file to count again`);
  const data = JSON.parse(readFileSync(file, 'utf8')) as MatchSeriesData;
  for (const row of data.results.matches) {
    const gamesFile = `public${row.gamesFile}`;
    const result = JSON.parse(readFileSync(gamesFile, 'utf8')) as {
      settings: MatchSettings;
      tally: unknown;
      games: MatchGame[];
    };
    row.tally = tallyMatch(result.games, result.settings.sprt);
    result.tally = row.tally;
    writeFileSync(gamesFile, `${JSON.stringify(result)}\n`);
    process.stderr.write(`${e.name}: ${row.id} ${formatTally(row.tally)}\n`);
  }
  write(e.name, data);
}

async function main(): Promise<void> {
  const { values, positionals } = readArgs(
    'experiment',
    {
      options: {
        list: { type: 'boolean', default: false },
        games: { type: 'string', value: 'N' },
        workers: { type: 'string', value: 'N' },
        only: { type: 'string', value: 'a,b' },
        resume: { type: 'boolean', default: false },
        retally: { type: 'boolean', default: false },
      },
      allowPositionals: true,
    },
    'usage: npm run experiment -- --list\n' +
      '       npm run experiment -- <name> [--games N] [--workers N] [--only a,b] [--resume] [--retally]',
  );
  if (values.list) {
    for (const e of EXPERIMENTS) console.log(`${e.name.padEnd(26)} ${e.kind.padEnd(8)} ${e.title}`);
    return;
  }
  const name = positionals[0];
  if (name === undefined) fail(`name an experiment (npm run experiment -- --list)`);
  const e = experimentByName(name);
  if (!e)
    fail(
      `no experiment named ${JSON.stringify(name)} (${EXPERIMENTS.map((x) => x.name).join(', ')})`,
    );
  const command = `npm run experiment -- ${process.argv.slice(2).join(' ')}`;
  if (e.kind === 'command') return runCommand(e, command);
  if (e.kind === 'tuning') return runTuning(e, command);
  if (values.retally) return retally(e);
  const games = values.games === undefined ? e.games : Number(values.games);
  const workers = values.workers === undefined ? availableParallelism() : Number(values.workers);
  if (!Number.isInteger(games) || games < 2) fail(`--games: expected a whole number of at least 2`);
  if (!Number.isInteger(workers) || workers < 1)
    fail(`--workers: expected a whole number of at least 1`);
  const only = values.only?.split(',') ?? null;
  const unknown = only?.filter((id) => !e.matches.some((m) => m.id === id)) ?? [];
  if (unknown.length > 0) fail(`--only: ${e.name} has no match ${unknown.join(', ')}`);
  await runMatches(e, command, { games, workers, only, resume: values.resume });
}

await main();
