/**
 * The bench node-count signature: fixed positions (test/fixtures/bench-positions.json) searched to a
 * fixed depth with the default options, the tables cleared before each. The total node count is a
 * fingerprint of the search: any change to search, pruning or ordering moves it. It changes only
 * deliberately: such a change updates the fixture and the commit says so.
 */
import { describe, expect, it } from 'vitest';
import { makeSfen } from '../../../src/engine/index';
import { DEFAULT_OPTIONS, Searcher } from '../../../src/engine/search/index';
import { mustParse, readFixture } from './support';

interface BenchPosition {
  name: string;
  sfen: string;
  depth: number;
  nodes: number;
  source: string;
}

interface BenchFixture {
  signature: number;
  positions: BenchPosition[];
}

const fixture = readFixture<BenchFixture>('bench-positions.json');
/** Alone on the machine the bench takes about a second; the machine may be shared. */
const TIMEOUT_MS = 120_000;

/** Nodes (main search + quiescence) of each bench position, with `searcher`'s tables cleared first. */
function bench(searcher: Searcher): number[] {
  return fixture.positions.map((p) => {
    searcher.clear();
    const r = searcher.search(mustParse(p.sfen), { depth: p.depth });
    expect(r.depth, `${p.name} reaches its depth`).toBe(p.depth);
    return r.stats.nodes + r.stats.qnodes;
  });
}

describe('bench node-count signature', () => {
  it('searches canonical positions with the default options', () => {
    expect(fixture.positions.length).toBeGreaterThanOrEqual(8);
    for (const p of fixture.positions) expect(makeSfen(mustParse(p.sfen))).toBe(p.sfen);
    expect(new Searcher().options).toEqual(DEFAULT_OPTIONS);
  });

  it(
    'is deterministic and equals the signature recorded in the fixture',
    () => {
      const searcher = new Searcher();
      const nodes = bench(searcher);
      // The same searcher again, its tables cleared: the counts must repeat exactly.
      expect(bench(searcher)).toEqual(nodes);
      const total = nodes.reduce((a, b) => a + b, 0);
      const rows = fixture.positions.map(
        (p, i) => `${p.name.padEnd(40)} depth ${p.depth}  ${String(nodes[i]).padStart(8)} nodes`,
      );
      console.log(`bench signature ${total}\n${rows.join('\n')}`);
      // Per position first, so a change shows where it happened; then the signature itself.
      expect(nodes).toEqual(fixture.positions.map((p) => p.nodes));
      expect(total).toBe(fixture.signature);
    },
    TIMEOUT_MS,
  );
});
