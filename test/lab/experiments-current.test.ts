/**
 * The lab's data files are what the chapters print, so they must be the engine's of today. A
 * command experiment (node counts on fixed positions, minutes to remake) must have been made by an
 * engine with today's bench signature, from a committed tree, with the arguments the registry gives
 * it now: a search change that moves the signature fails here until `npm run experiment -- <name>`
 * is run again. A match series takes hours, so an older one may stay; the pages then say which
 * commit it ran on (ExperimentSource, the Lab page), and this test checks that they can.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../scripts/lab/experiments';
import type {
  ExperimentData,
  MatchSeriesData,
  TuningData,
} from '../../src/engine/lab/experiment-data';

const DIR = 'src/data/experiments';
const SIGNATURE = (
  JSON.parse(readFileSync('test/fixtures/bench-positions.json', 'utf8')) as { signature: number }
).signature;
const read = (name: string): ExperimentData =>
  JSON.parse(readFileSync(`${DIR}/${name}.json`, 'utf8')) as ExperimentData;

describe('the lab’s data files', () => {
  it('are each an experiment of the registry', () => {
    const names = new Set(EXPERIMENTS.map((e) => e.name));
    const files = readdirSync(DIR).map((f) => f.replace(/\.json$/, ''));
    expect(files.filter((f) => !names.has(f))).toEqual([]);
    for (const f of files) expect(read(f).name).toBe(f);
  });

  const commands = EXPERIMENTS.filter((e) => e.kind === 'command');
  it.each(commands.map((e) => [e.name, e] as const))(
    '%s was made by today’s engine with today’s arguments',
    (name, e) => {
      expect(existsSync(`${DIR}/${name}.json`), `run npm run experiment -- ${name}`).toBe(true);
      const data = read(name);
      const remake = `the engine changed since ${name}.json was made: run npm run experiment -- ${name}`;
      expect(data.provenance.engine.signature, remake).toBe(SIGNATURE);
      expect(
        data.provenance.engine.dirty,
        `${name}.json was made from uncommitted engine code`,
      ).toBe(false);
      expect(data.settings, remake).toEqual({
        script: e.kind === 'command' ? e.script : '',
        args: e.kind === 'command' ? e.args : [],
      });
    },
  );

  const series = EXPERIMENTS.filter((e) => e.kind === 'matches').filter((e) =>
    existsSync(`${DIR}/${e.name}.json`),
  );
  it.each(series.map((e) => [e.name] as const))(
    '%s names the commit and run of every match, and its games are served',
    (name) => {
      const data = read(name) as MatchSeriesData;
      expect(data.kind).toBe('matches');
      for (const row of data.results.matches) {
        expect(row.provenance.engine.commit).toMatch(/^[0-9a-f]{40}$/);
        expect(existsSync(`public${row.gamesFile}`), row.gamesFile).toBe(true);
        expect(row.tally.wins + row.tally.draws + row.tally.losses).toBe(row.tally.games);
        // What the Lab shows beside the Elo (npm run experiment -- <name> --retally adds it).
        expect(row.tally.kingMoveShare.all, `${name} ${row.id}`).toBeTypeOf('number');
        expect(row.tally.gameLength?.mean, `${name} ${row.id}`).toBeTypeOf('number');
      }
    },
  );

  const tunings = EXPERIMENTS.filter((e) => e.kind === 'tuning').filter((e) =>
    existsSync(`${DIR}/${e.name}.json`),
  );
  it.each(tunings.map((e) => [e.name] as const))(
    '%s names the run of every round, its games are served, and tuned.json is its last round’s',
    (name) => {
      const data = read(name) as TuningData;
      expect(data.kind).toBe('tuning');
      for (const round of data.results.rounds) {
        expect(round.provenance.engine.commit).toMatch(/^[0-9a-f]{40}$/);
        expect(existsSync(`public${round.gamesFile}`), round.gamesFile).toBe(true);
      }
      const last = data.results.rounds.at(-1)!;
      const tuned = readFileSync('src/engine/eval/effect/tuned/tuned.json', 'utf8');
      expect(
        createHash('sha256').update(tuned).digest('hex'),
        `tuned.json is not what ${name}'s ${last.id} wrote: run npm run experiment -- ${name}`,
      ).toBe(last.paramsSha256);
    },
  );
});
