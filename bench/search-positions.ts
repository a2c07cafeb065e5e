/**
 * The positions the search benchmark runs, each with its depth. They come from
 * test/fixtures/bench-positions.json (the node-count signature's positions, with provenance and
 * the node counts the default search must reproduce). Without that file, a fallback of three
 * perft fixtures (test/fixtures/perft.json records where each comes from) keeps the benchmark
 * running, with no node counts to check.
 */
import { existsSync, readFileSync } from 'node:fs';
import perftFixtures from '../test/fixtures/perft.json' with { type: 'json' };

export interface SearchBenchPosition {
  readonly name: string;
  readonly sfen: string;
  readonly depth: number;
  /** Nodes (main + quiescence) the default search counts, per the fixture; null if unknown. */
  readonly expectedNodes: number | null;
  readonly source: string;
}

export interface PositionSet {
  /** Where the positions came from, for the report. */
  readonly from: string;
  readonly positions: readonly SearchBenchPosition[];
}

const FIXTURE = new URL('../test/fixtures/bench-positions.json', import.meta.url);

/** Opening, drop-rich middle game, late middle game: depths that take about a second each. */
const FALLBACK = [
  { name: 'startpos', depth: 5 },
  { name: 'matsuri', depth: 3 },
  { name: 'late-middlegame', depth: 3 },
] as const;

interface FixturePosition {
  name: string;
  sfen: string;
  depth: number;
  nodes?: number;
  source?: string;
}

function isFixturePosition(value: unknown): value is FixturePosition {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p['name'] === 'string' &&
    typeof p['sfen'] === 'string' &&
    typeof p['depth'] === 'number' &&
    (p['nodes'] === undefined || typeof p['nodes'] === 'number')
  );
}

function fromFixture(): PositionSet {
  const data = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { positions?: unknown };
  const list = Array.isArray(data.positions) ? (data.positions as unknown[]) : [];
  const bad = list.findIndex((p) => !isFixturePosition(p));
  if (list.length === 0 || bad >= 0) {
    throw new Error(
      `test/fixtures/bench-positions.json: position ${bad} lacks name, sfen or depth`,
    );
  }
  const positions = (list as FixturePosition[]).map((p) => ({
    name: p.name,
    sfen: p.sfen,
    depth: p.depth,
    expectedNodes: p.nodes ?? null,
    source: p.source ?? '',
  }));
  return { from: 'test/fixtures/bench-positions.json', positions };
}

function fallback(): PositionSet {
  const positions = FALLBACK.map(({ name, depth }) => {
    const fixture = perftFixtures.positions.find((p) => p.name === name);
    if (fixture === undefined) throw new Error(`test/fixtures/perft.json has no "${name}"`);
    return { name, sfen: fixture.sfen, depth, expectedNodes: null, source: 'perft.json' };
  });
  return { from: 'test/fixtures/perft.json (bench-positions.json not found)', positions };
}

export function searchBenchPositions(only: readonly string[] | null): PositionSet {
  const set = existsSync(FIXTURE) ? fromFixture() : fallback();
  if (only === null) return set;
  const unknown = only.filter((name) => !set.positions.some((p) => p.name === name));
  if (unknown.length > 0) throw new Error(`no bench position named ${unknown.join(', ')}`);
  return { ...set, positions: set.positions.filter((p) => only.includes(p.name)) };
}
