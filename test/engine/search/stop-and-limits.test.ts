/**
 * Limits and stopping: the node limit, the time limit and an external stop signal end a search
 * within one check interval (the search polls every 1024 nodes), and what comes back is the
 * result of the last completed depth. And the recorded search tree (`traceNodes`) is a tree: at
 * most the requested number of nodes, every parent link pointing back to a node one ply up, and
 * every move legal where it is played.
 */
import { describe, expect, it } from 'vitest';
import { makeSfen, parseUsiMove, STARTPOS_SFEN } from '../../../src/engine/index';
import { type SearchInfo, Searcher } from '../../../src/engine/search/index';
import { mustParse, readFixture } from './support';

/** How often the search looks at its limits and the stop signal (alphabeta.ts). */
const CHECK_INTERVAL = 1024;
/** Generous wall-clock slack for the time limit: the machine may be shared. */
const TIME_SLACK_MS = 2_000;
const TIMEOUT_MS = 60_000;

const BENCH = readFixture<{ positions: { name: string; sfen: string }[] }>(
  'bench-positions.json',
).positions;
const sfenOf = (name: string): string => BENCH.find((p) => p.name === name)!.sfen;
const MIDDLE_GAME = sfenOf('quiet middle game');
const POSITIONS = [STARTPOS_SFEN, MIDDLE_GAME, sfenOf('real-game ending (Ragnarok MateTest1)')];

const totalNodes = (r: { stats: { nodes: number; qnodes: number } }): number =>
  r.stats.nodes + r.stats.qnodes;

/** The best move must be a legal move of the searched position. */
function expectLegal(sfen: string, usi: string | null): void {
  expect(usi).not.toBeNull();
  const m = parseUsiMove(mustParse(sfen), usi!);
  expect(m.ok, m.ok ? '' : m.error).toBe(true);
}

describe('node limit', () => {
  for (const nodes of [2_000, 10_000, 50_000]) {
    it(
      `stops within one check interval of ${nodes} nodes`,
      () => {
        for (const sfen of POSITIONS) {
          const r = new Searcher().search(mustParse(sfen), { nodes });
          expect(totalNodes(r), sfen).toBeGreaterThanOrEqual(nodes);
          expect(totalNodes(r), sfen).toBeLessThanOrEqual(nodes + CHECK_INTERVAL);
          expectLegal(sfen, r.bestMove);
        }
      },
      TIMEOUT_MS,
    );
  }

  it('still returns a legal move when the limit falls inside the first iteration', () => {
    // `go nodes 1`: the root is stopped before any move is searched; the search falls back on
    // a legal move rather than none (SearchResult promises null only when there is none).
    const r = new Searcher().search(mustParse(STARTPOS_SFEN), { nodes: 1 });
    expectLegal(STARTPOS_SFEN, r.bestMove);
  });
});

describe('time limit', () => {
  for (const timeMs of [50, 300]) {
    it(
      `returns within about ${timeMs} ms with a legal move`,
      () => {
        const start = performance.now();
        const r = new Searcher().search(mustParse(MIDDLE_GAME), { timeMs });
        const elapsed = performance.now() - start;
        expect(elapsed).toBeLessThanOrEqual(timeMs + TIME_SLACK_MS);
        expect(r.depth).toBeGreaterThanOrEqual(1);
        expectLegal(MIDDLE_GAME, r.bestMove);
      },
      TIMEOUT_MS,
    );
  }
});

describe('shouldStop', () => {
  it(
    'stops in the middle of an iteration and returns the last completed depth',
    () => {
      const infos: SearchInfo[] = [];
      let polls = 0;
      let pollsAfterDepth3 = 0;
      const r = new Searcher().search(
        mustParse(MIDDLE_GAME),
        { depth: 8 },
        {
          onInfo: (info) => infos.push(info),
          shouldStop: () => {
            polls++;
            if (infos.length >= 3) pollsAfterDepth3++;
            return pollsAfterDepth3 >= 3; // two check intervals into depth 4
          },
        },
      );
      expect(infos.map((i) => i.depth)).toEqual([1, 2, 3]);
      const depth3 = infos[2]!;
      // The interrupted depth 4 is thrown away: the result is depth 3's, move and all.
      expect(r).toMatchObject({
        depth: 3,
        value: depth3.value,
        pv: depth3.pv,
        bestMove: depth3.pv[0],
      });
      expectLegal(MIDDLE_GAME, r.bestMove);
      // The search went on into depth 4 before it stopped, and polled once per interval.
      expect(totalNodes(r)).toBeGreaterThan(depth3.nodes + CHECK_INTERVAL);
      expect(polls).toBe(Math.ceil(totalNodes(r) / CHECK_INTERVAL));
    },
    TIMEOUT_MS,
  );

  it('is polled, and a search that ends by itself ends the same', () => {
    let polls = 0;
    const shouldStop = (): boolean => {
      polls++;
      return false;
    };
    const r = new Searcher().search(mustParse(STARTPOS_SFEN), { depth: 2 }, { shouldStop });
    expect(r.depth).toBe(2);
    expect(polls).toBeGreaterThan(0);
  });
});

describe('trace', () => {
  const TRACE_NODES = 200;
  for (const sfen of POSITIONS) {
    it(
      `records at most ${TRACE_NODES} nodes, linked into a tree of legal moves (${sfen})`,
      () => {
        const r = new Searcher({ traceNodes: TRACE_NODES }).search(mustParse(sfen), { depth: 3 });
        const trace = r.trace!;
        expect(trace.length).toBeGreaterThan(1);
        expect(trace.length).toBeLessThanOrEqual(TRACE_NODES);
        // Position of each node, built from its parent's: every move must be legal there.
        const positions: string[] = [];
        trace.forEach((node, i) => {
          expect(node.id).toBe(i);
          if (i === 0) {
            expect(node).toMatchObject({ parent: -1, ply: 0, move: '' });
            positions.push(makeSfen(mustParse(sfen)));
            return;
          }
          expect(node.parent).toBeGreaterThanOrEqual(0);
          expect(node.parent).toBeLessThan(i);
          const parent = trace[node.parent]!;
          expect(node.ply).toBe(parent.ply + 1);
          const pos = mustParse(positions[node.parent]!);
          const m = parseUsiMove(pos, node.move);
          expect(m.ok, `${node.move} after ${positions[node.parent]}`).toBe(true);
          if (m.ok) pos.doMove(m.value);
          positions.push(makeSfen(pos));
        });
      },
      TIMEOUT_MS,
    );
  }
});
