/**
 * Chapter 7's numbers are current: the games in public/lab/dtree/ were made from committed code
 * by the command their files name, and the `dtree-tables` experiment's data file holds what the
 * tables code computes from those games today. A change to the policies, the attributes or the
 * learner fails here until `npm run experiment -- dtree-tables` is run again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MateGame, TeacherGame } from '../../src/engine/dtree/data';
import { bestMoveTables, mateTables, outcomeTable } from '../../src/engine/dtree/tables';
import type { ExperimentData } from '../../src/engine/lab/experiment-data';

interface GamesFile<G> {
  command: string;
  settings: { kind: string };
  provenance: { engine: { commit: string; dirty: boolean } };
  games: G[];
}
const read = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const best = read<GamesFile<TeacherGame>>('public/lab/dtree/best-move-games.json');
const mate = read<GamesFile<MateGame>>('public/lab/dtree/mate-games.json');
const tables = read<ExperimentData>('src/data/experiments/dtree-tables.json');
const results = tables.results as {
  data: { best: { games: number; commit: string }; mate: { games: number; commit: string } };
  table1: unknown;
  bestMove: { full: Record<string, unknown>; tuned: Record<string, unknown> };
  mate: { full: Record<string, unknown>; tuned: Record<string, unknown> };
};
const stale = 'the tables are not current: run npm run experiment -- dtree-tables';
/** The same value as the data file would hold it (JSON drops what it cannot say). */
const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('chapter 7’s games', () => {
  it('were made from committed code, by the command each file names', () => {
    for (const file of [best, mate]) {
      expect(file.provenance.engine.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(file.provenance.engine.dirty).toBe(false);
      expect(file.command).toMatch(/^npm run dtree-data -- --kind (best|mate) --games \d+/);
      expect(file.command).toContain(`--games ${file.games.length}`);
    }
  });

  it('are the games the tables were computed from', () => {
    expect(results.data.best.games, stale).toBe(best.games.length);
    expect(results.data.mate.games, stale).toBe(mate.games.length);
    expect(results.data.best.commit).toBe(best.provenance.engine.commit);
    expect(results.data.mate.commit).toBe(mate.provenance.engine.commit);
  });
});

describe('the dtree-tables data file', () => {
  it('holds today’s Table 8 and mate trees', () => {
    const now = mateTables(mate.games);
    for (const kind of ['full', 'tuned'] as const) {
      const { nearRoot: _n, ...made } = now[kind];
      const { nearRoot: _k, ...kept } = results.mate[kind];
      expect(asJson(made), stale).toEqual(kept);
    }
  });

  it('holds today’s Table 1', () => {
    expect(asJson(outcomeTable(best.games)), stale).toEqual(results.table1);
  }, 60_000);

  it('holds today’s Tables 6 and 7', () => {
    const now = bestMoveTables(best.games);
    for (const kind of ['full', 'tuned'] as const) {
      const { nearRoot: _n, ...made } = now[kind];
      const { nearRoot: _k, ...kept } = results.bestMove[kind];
      expect(asJson(made), stale).toEqual(kept);
    }
  }, 120_000);
});
