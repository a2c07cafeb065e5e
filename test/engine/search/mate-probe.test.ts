/**
 * The mate search at the leaves (search/mate-probe.ts, chapter 8): a small df-pn probe near the
 * horizon. It must find mates the plain search at the same depth cannot see, never report a mate
 * that is not one, count its nodes in the search's, keep what it proved between probes, and cost
 * nothing when off.
 */
import { describe, expect, it } from 'vitest';
import { parseUsiMove, type Position } from '../../../src/engine/index';
import { DfpnSearcher, PROBE_MAX_PLY } from '../../../src/engine/mate/dfpn';
import { forcesMate } from '../../../src/engine/mate/proof';
import {
  MATE,
  MATE_BOUND,
  resolveOptions,
  Searcher,
  type SearchResult,
} from '../../../src/engine/search/index';
import { mustParse, readFixture } from './support';

interface LongProblem {
  id: string;
  plies: number;
  sfen: string;
}
const LONG = readFixture<{ problems: LongProblem[] }>('tsume-long.json').problems;
const problem = (id: string): LongProblem => LONG.find((p) => p.id === id)!;
const BENCH = readFixture<{ positions: { name: string; sfen: string }[] }>(
  'bench-positions.json',
).positions;

/** Does the USI move mate (df-pn proves every evasion mated)? */
function isMatingUsi(pos: Position, move: string): boolean {
  const m = parseUsiMove(pos, move);
  return m.ok && forcesMate(pos, m.value, new DfpnSearcher(8), 200_000);
}

const search = (sfen: string, options: object, depth: number): SearchResult =>
  new Searcher(options).search(mustParse(sfen), { depth });

describe('the mate search at the leaves', () => {
  it('sees mates in 5 that the plain search does not see a ply deeper, and plays a mating move', () => {
    for (const id of ['antma-5-02', 'antma-5-03']) {
      const p = problem(id);
      const plain = search(p.sfen, {}, 3);
      expect(plain.value, id).toBeLessThan(MATE_BOUND);
      const probed = search(p.sfen, { mateProbeNodes: 300 }, 2);
      expect(probed.value, id).toBeGreaterThan(MATE_BOUND);
      // The mate's length is at least the problem's (no shorter mate exists).
      expect(MATE - probed.value, id).toBeGreaterThanOrEqual(p.plies);
      expect(isMatingUsi(mustParse(p.sfen), probed.bestMove!), id).toBe(true);
      expect(probed.stats.counters['mate-probe-proven'], id).toBeGreaterThan(0);
    }
  });

  it('counts its nodes in the search’s, and a node budget pays for them', () => {
    const p = problem('antma-5-02');
    const r = new Searcher({ mateProbeNodes: 300 }).search(mustParse(p.sfen), { nodes: 5_000 });
    const probeNodes = r.stats.counters['mate-probe-nodes'] ?? 0;
    expect(probeNodes).toBeGreaterThan(0);
    expect(r.stats.nodes).toBeGreaterThan(probeNodes);
    // The budget is checked every 1,024 nodes, and a probe of at most 300 runs to its end.
    expect(r.nodes).toBeLessThan(5_000 + 1_024 + 300);
  });

  it('never reports a mate the position does not have (ordinary positions, with the probe on)', () => {
    for (const b of BENCH.slice(0, 4)) {
      const r = search(b.sfen, { mateProbeNodes: 200, mateProbeDepth: 2 }, 3);
      expect(r.stats.counters['mate-probe'], b.name).toBeGreaterThan(0);
      if (r.value > MATE_BOUND) expect(isMatingUsi(mustParse(b.sfen), r.bestMove!)).toBe(true);
      // …and the same search without the probe reads the position the same way.
      const plain = search(b.sfen, {}, 3);
      expect(Math.abs(r.value) < MATE_BOUND, b.name).toBe(Math.abs(plain.value) < MATE_BOUND);
    }
  });

  it('is off by default and then costs nothing: same nodes, same move, no counters', () => {
    const p = BENCH[0]!;
    const off = search(p.sfen, {}, 3);
    const zero = search(p.sfen, { mateProbeNodes: 0, mateProbeDepth: 8 }, 3);
    expect(zero.nodes).toBe(off.nodes);
    expect(zero.bestMove).toBe(off.bestMove);
    expect(off.stats.counters['mate-probe']).toBeUndefined();
  });

  it('checks its options as plies and nodes', () => {
    expect(resolveOptions({ mateProbeNodes: 2.5 }).ok).toBe(false);
    expect(resolveOptions({ mateProbeNodes: -1 }).ok).toBe(false);
    expect(resolveOptions({ mateProbeDepth: 9 }).ok).toBe(false);
    expect(resolveOptions({ mateProbeNodes: 300, mateProbeDepth: 0 }).ok).toBe(true);
  });
});

describe('DfpnSearcher.probe', () => {
  it('proves what solve proves, within its cap, and answers a second time from its table', () => {
    const prober = new DfpnSearcher(4);
    for (const p of LONG.filter((x) => x.plies <= 7).slice(0, 12)) {
      const pos = mustParse(p.sfen);
      const length = prober.probe(pos, 20_000);
      expect(length, p.id).toBeGreaterThanOrEqual(p.plies);
      expect(length, p.id).toBeLessThanOrEqual(PROBE_MAX_PLY);
      expect(prober.probe(pos, 20_000), p.id).toBe(length);
      expect(prober.probeNodes, p.id).toBe(0);
    }
  });

  it('says 0 when there is no check to give, or the budget is too small, and leaves the position as it was', () => {
    const prober = new DfpnSearcher(4);
    const start = mustParse('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
    const before = start.keyLo;
    expect(prober.probe(start, 1_000)).toBe(0);
    expect(start.keyLo).toBe(before);
    const hard = mustParse(problem('antma-5-01').sfen);
    expect(prober.probe(hard, 5)).toBe(0);
    expect(prober.probeNodes).toBeLessThanOrEqual(5);
  });

  it('is emptied with the search’s table (a new game)', () => {
    const p = problem('antma-5-03');
    const searcher = new Searcher({ mateProbeNodes: 300 });
    const first = searcher.search(mustParse(p.sfen), { depth: 2 });
    const again = searcher.search(mustParse(p.sfen), { depth: 2 });
    // The second search finds the proofs in the table.
    expect(again.stats.counters['mate-probe-nodes'] ?? 0).toBeLessThan(
      first.stats.counters['mate-probe-nodes']!,
    );
    searcher.clear();
    const cleared = searcher.search(mustParse(p.sfen), { depth: 2 });
    expect(cleared.stats.counters['mate-probe-nodes']).toBe(
      first.stats.counters['mate-probe-nodes'],
    );
  });
});
