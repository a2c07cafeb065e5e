/**
 * Issue 7, bug 1: pruning must not invent mates. At a node where futility pruning applies, a first
 * move that gets mated used to leave the node "mated" once every quiet move after it was skipped;
 * the table kept that, the parent cut on it, and iterative deepening stopped as if a mate were
 * proven. Now nothing is pruned while every move read so far loses to mate, a futility-pruned move
 * lifts the node's bound to the futility value, and a root mate ends the iteration only when no
 * pruning that can skip a defence is on.
 */
import { describe, expect, it } from 'vitest';
import { materialEvaluator } from '../../../src/engine/eval/material';
import { parseUsiMove } from '../../../src/engine/index';
import { alphaBeta } from '../../../src/engine/search/alphabeta';
import { resolveOptions, type SearchOptions } from '../../../src/engine/search/options';
import { MATE_BOUND } from '../../../src/engine/search/score';
import { Searcher } from '../../../src/engine/search/index';
import { SearchState } from '../../../src/engine/search/state';
import { Bound, TranspositionTable } from '../../../src/engine/search/tt';
import { mustParse, readFixture } from './support';

/**
 * Sente's king on 5i behind three pawns; gote has a rook in hand and threatens R*9i, mate along
 * the back rank. 5h5g (a flight square) parries it; 1g1f does not.
 */
const BACK_RANK = '4k4/9/9/9/9/9/8P/3PPP3/4K4 b r 1';

function state(sfen: string, options: Partial<SearchOptions>): SearchState {
  const resolved = resolveOptions(options);
  if (!resolved.ok) throw new Error(resolved.error);
  const pos = mustParse(sfen);
  const s = new SearchState(
    pos,
    resolved.value,
    materialEvaluator,
    new TranspositionTable(1),
    () => false,
  );
  s.rootDepth = 8;
  s.line[0] = 1; // a move, not a pass, led here
  return s;
}

describe('futility pruning after a mated first move', () => {
  it('reads on instead of calling the node mated', () => {
    const s = state(BACK_RANK, { futility: true });
    const pos = s.pos;
    // The table suggests the blunder, so it is searched first (too shallow an entry to cut).
    const blunder = parseUsiMove(pos, '1g1f');
    if (!blunder.ok) throw new Error(blunder.error);
    s.tt.store(pos.keyLo, pos.keyHi, blunder.value, 0, 0, Bound.Upper, 1);
    // A null window far above the static value: every quiet move is futile at depth 2.
    const e = materialEvaluator.evaluate(pos);
    const v = alphaBeta(s, 2, e + 1000, e + 1001, 1, false);
    expect(
      s.counters.some((n) => n > 0),
      'futility pruning fired',
    ).toBe(true);
    expect(v, 'not mated: 5h5g parries the mate').toBeGreaterThan(-MATE_BOUND);
  });

  it('leaves no mate in the table for the position', () => {
    const s = state(BACK_RANK, { futility: true });
    const pos = s.pos;
    const blunder = parseUsiMove(pos, '1g1f');
    if (!blunder.ok) throw new Error(blunder.error);
    s.tt.store(pos.keyLo, pos.keyHi, blunder.value, 0, 0, Bound.Upper, 1);
    const e = materialEvaluator.evaluate(pos);
    alphaBeta(s, 2, e + 1000, e + 1001, 1, false);
    const entry = s.tt.probe(pos.keyLo, pos.keyHi);
    expect(entry).toBeGreaterThanOrEqual(0);
    expect(s.tt.value(entry, 1)).toBeGreaterThan(-MATE_BOUND);
  });
});

interface FalseMate {
  sfen: string;
  depth: number;
  options: Partial<SearchOptions>;
  plain: { value: number };
}

describe('positions where the engine before the fix reported a false mate', () => {
  const fixture = readFixture<{ positions: FalseMate[] }>('false-mates.json');
  it.each(fixture.positions)('$options at depth $depth: $sfen', (p) => {
    // Found with material alone, the default evaluation then.
    const pruned = new Searcher({ evaluator: 'material', ...p.options }).search(mustParse(p.sfen), {
      depth: p.depth,
    });
    const plain = new Searcher({ evaluator: 'material' }).search(mustParse(p.sfen), {
      depth: p.depth,
    });
    expect(plain.value).toBe(p.plain.value);
    expect(Math.abs(pruned.value)).toBeLessThanOrEqual(MATE_BOUND);
  });
});

describe('a root mate ends iterative deepening only when it is proven', () => {
  const MATE_IN_ONE = '4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1';

  it('stops on a mate found with no pruning on', () => {
    const r = new Searcher().search(mustParse(MATE_IN_ONE), { depth: 6 });
    expect(r.score).toEqual({ kind: 'mate', value: 1 });
    expect(r.depth).toBeLessThan(6);
  });

  it.each([
    { futility: true },
    { nullMove: true },
    { lmr: true },
    { razoring: true },
    { forwardPruning: 'threshold' },
    { forwardPruning: 'rank' },
  ] as Partial<SearchOptions>[])('reads on to the depth asked with %o', (options) => {
    const r = new Searcher(options).search(mustParse(MATE_IN_ONE), { depth: 4 });
    expect(r.score).toEqual({ kind: 'mate', value: 1 });
    expect(r.depth).toBe(4);
  });
});
