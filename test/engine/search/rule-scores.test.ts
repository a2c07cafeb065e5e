/**
 * Issue 7, bug 5: a repetition's verdict depends on the path, not on the position. A win or loss
 * by perpetual check (連続王手の千日手) used to be scored as a mate: it entered the table as a mate
 * distance, was reused on paths without the cycle, and stopped iterative deepening as a proven
 * mate. It is now scored in the rule band, below every mate and above every evaluation.
 */
import { describe, expect, it } from 'vitest';
import { parsePositionCommand, parseUsiMove, type Position } from '../../../src/engine/index';
import { Searcher } from '../../../src/engine/search/index';
import { EVAL_LIMIT, MATE_BOUND, RULE_WIN } from '../../../src/engine/search/score';

/**
 * Gote's rook checks sente's king from the 5- and 4-files in turn, and the king steps between 5i
 * and 4i. From here, 5i4i repeats the position after sente's first move, with gote having
 * checked at every move since: gote loses by the rule, so sente wins by playing it.
 */
const CHECKED = 'sfen k3r4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i4i 5a4a 4i5i 4a5a';

function position(): Position {
  const r = parsePositionCommand(CHECKED);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('perpetual check in the search', () => {
  it('scores the winning repetition in the rule band, not as a mate', () => {
    const r = new Searcher().search(position(), { depth: 4 });
    expect(r.bestMove).toBe('5i4i');
    expect(r.value).toBe(RULE_WIN);
    expect(r.value).toBeGreaterThan(EVAL_LIMIT);
    expect(r.value).toBeLessThan(MATE_BOUND);
    expect(r.score.kind).toBe('cp');
  });

  it('does not stop iterative deepening as if a mate were proven', () => {
    const r = new Searcher().search(position(), { depth: 4 });
    expect(r.depth).toBe(4);
  });

  it('leaves no mate distance in the table for the repeated position', () => {
    const searcher = new Searcher();
    const pos = position();
    searcher.search(pos, { depth: 3 });
    const move = parseUsiMove(pos, '5i4i');
    if (!move.ok) throw new Error(move.error);
    pos.doMove(move.value);
    for (let ply = 1; ply <= 3; ply++) {
      const e = searcher.tt.probe(pos.keyLo, pos.keyHi);
      if (e >= 0) expect(Math.abs(searcher.tt.value(e, ply))).toBeLessThanOrEqual(MATE_BOUND);
    }
    // From a fresh set-up of that position (no cycle behind it) the engine sees no mate either.
    const fresh = new Searcher().search(pos.clone(), { depth: 3 });
    expect(Math.abs(fresh.value)).toBeLessThan(EVAL_LIMIT);
  });
});
