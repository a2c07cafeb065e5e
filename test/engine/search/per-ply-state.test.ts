/**
 * Issue 7, bug 3: a node must read nothing that an unrelated line left behind. The null-move
 * child used to inherit an extension budget from whatever node had last been searched at its ply,
 * because the null move wrote no per-ply slots. Every child is now entered through one function
 * that writes them all, so a search gives the same tree whatever its scratch arrays held before.
 */
import { describe, expect, it } from 'vitest';
import { Searcher, type SearchOptions } from '../../../src/engine/search/index';
import { alphaBeta } from '../../../src/engine/search/alphabeta';
import { Counter } from '../../../src/engine/search/search-data';
import type { SearchState } from '../../../src/engine/search/state';
import { mustParse } from './support';

/** A middlegame with checks on both sides: extensions fire under null moves. */
const MIDDLEGAME = 'lns3knl/sr2g4/ppp1p1p1p/2Rp5/9/P1G3P2/1PPPPP1pP/L2SGG2L/1NB1K2N1 b BSPp 45';
const MATSURI = 'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1';
const OPTIONS: Partial<SearchOptions> = {
  // The position was found with material alone (the default then); its lines depend on it.
  evaluator: 'material',
  nullMove: true,
  checkExtension: true,
  recaptureExtension: true,
};

/** Fill the searcher's per-ply scratch with values no real line would leave. */
function poison(searcher: Searcher): void {
  const s = (searcher as unknown as { state: SearchState | null }).state;
  if (s === null) throw new Error('no search state yet');
  s.extensions.fill(250);
  s.line.fill(0x1234);
}

/** A search state for `sfen`, as a Searcher would make it (white-box: the node is called directly). */
function stateFor(sfen: string): SearchState {
  const searcher = new Searcher(OPTIONS);
  searcher.search(mustParse(sfen), { depth: 1 });
  const s = (searcher as unknown as { state: SearchState }).state;
  searcher.clear();
  s.rootDepth = 8;
  return s;
}

describe('per-ply state', () => {
  it('gives the null-move child the budget of its own line, not a stale one', () => {
    // Gote to move; after a pass sente, with a rook and a gold in hand, has checks to extend.
    const run = (own: number, stale: number) => {
      const s = stateFor(MATSURI);
      s.reset();
      s.line[0] = 1; // a move, not a pass, led to this node at ply 1
      s.extensions[1] = own; // extension plies the line down to this node has used
      s.extensions[2] = stale; // what an unrelated line left at ply 2
      const e = s.evaluate();
      // A null window well below the static value: the node tries a pass first, and cuts.
      const v = alphaBeta(s, 4, e - 501, e - 500, 1, false);
      return { v, nodes: s.nodes + s.qnodes, counters: Array.from(s.counters) };
    };
    const fresh = run(0, 0);
    expect(fresh.counters[Counter.NullMoveCutoff]).toBe(1);
    expect(
      fresh.counters[Counter.CheckExtension],
      'checks extended under the pass',
    ).toBeGreaterThan(0);
    // The line has spent its whole budget: nothing under the pass may be extended, stale or not.
    const spent = run(8, 8);
    expect(spent.counters[Counter.CheckExtension]).toBe(0);
    expect(run(8, 0)).toEqual(spent);
  });

  it('gives the same search whatever the scratch arrays held before', () => {
    const clean = new Searcher(OPTIONS).search(mustParse(MIDDLEGAME), { depth: 4 });
    const searcher = new Searcher(OPTIONS);
    searcher.search(mustParse('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'), {
      depth: 1,
    });
    poison(searcher);
    searcher.clear();
    const after = searcher.search(mustParse(MIDDLEGAME), { depth: 4 });
    expect(clean.stats.counters['null-move']).toBeGreaterThan(0);
    expect(clean.stats.counters['check-extension']).toBeGreaterThan(0);
    expect(after.nodes).toBe(clean.nodes);
    expect(after.stats.counters).toEqual(clean.stats.counters);
  });
});
