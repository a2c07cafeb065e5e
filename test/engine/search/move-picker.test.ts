/**
 * The move picker's one-stage lists against a naive twin: every move generated, scored the same
 * way, and put in order by the language's stable sort (highest score first, ties in generation
 * order). The picker sorts with its own code (a split into positive, zero and negative scores,
 * insertion or shell sort) and finds rank pruning's k-th value with a small buffer; both must give
 * exactly the naive order and the naive "beyond the first k" for every move. Half the positions
 * have a move from the table, which the picker hands out before it generates and values the rest;
 * it must still count within the rank limit. (The first move's own verdict is not compared: the
 * search never prunes a node's first move, and the picker has not valued the list yet.)
 */
import { describe, expect, it } from 'vitest';
import { materialEvaluator } from '../../../src/engine/eval/material';
import { moveValue } from '../../../src/engine/eval/move-value';
import { legalMoves, makeSfen, makeUsiMove, type Position } from '../../../src/engine/index';
import { GenMode, generateMoves, MAX_MOVES } from '../../../src/engine/movegen';
import { DEFAULT_OPTIONS, type SearchOptions } from '../../../src/engine/search/options';
import { historyIndex, standardScore, TT_MOVE_SCORE } from '../../../src/engine/search/ordering';
import { SearchState } from '../../../src/engine/search/state';
import { TranspositionTable } from '../../../src/engine/search/tt';
import { makeRng, mustParse, perftFixtures } from '../helpers';
import { pick, randomPlayout } from './support';

const POSITIONS = 300;
const PLY = 3;

interface Case {
  name: string;
  options: Partial<SearchOptions>;
}

const CASES: readonly Case[] = [
  { name: 'ordered by move value', options: { ordering: 'move-evaluation' } },
  { name: 'rank 10, standard order', options: { forwardPruning: 'rank', forwardRank: 10 } },
  {
    name: 'rank 3, ties kept, by move value',
    options: {
      forwardPruning: 'rank',
      forwardRank: 3,
      forwardRankTies: 'keep',
      ordering: 'move-evaluation',
    },
  },
  { name: 'rank 40, standard order', options: { forwardPruning: 'rank', forwardRank: 40 } },
];

/** What the naive twin expects: the moves in order and, per move, whether rank pruning skips it. */
function naiveOrder(
  s: SearchState,
  pos: Position,
  ttMove: number,
): { moves: number[]; values: number[]; beyond: boolean[] } {
  const list = new Uint32Array(MAX_MOVES);
  const end = generateMoves(pos, list, 0, GenMode.All);
  const evalBefore = materialEvaluator.evaluate(pos);
  const byValue = s.options.ordering === 'move-evaluation';
  const rows = [...list.subarray(0, end)].map((move) => {
    const value = moveValue(pos, move, s.options.moveEval, materialEvaluator, evalBefore);
    const score =
      move === ttMove ? TT_MOVE_SCORE : byValue ? value : standardScore(s, move, PLY, 0);
    return { move, value, score };
  });
  rows.sort((a, b) => b.score - a.score); // Array.prototype.sort is stable
  const k = s.options.forwardPruning === 'rank' ? s.options.forwardRank : 0;
  const beyond = rows.map(() => false);
  if (k > 0 && rows.length > k) {
    const sorted = rows.map((r) => r.value).sort((a, b) => b - a);
    const cutoff = sorted[k - 1]!;
    let ties = k - sorted.filter((v) => v > cutoff).length;
    rows.forEach((r, i) => {
      if (r.value !== cutoff) beyond[i] = r.value < cutoff;
      else beyond[i] = s.options.forwardRankTies === 'break' && ties-- <= 0;
    });
  }
  return { moves: rows.map((r) => r.move), values: rows.map((r) => r.value), beyond };
}

describe('MovePicker, one-stage lists', () => {
  for (const { name, options } of CASES) {
    it(`hands out the naive stable order and rank cut-off: ${name}`, () => {
      const rng = makeRng(977);
      const starts = perftFixtures().map((f) => f.sfen);
      const all = { ...DEFAULT_OPTIONS, ...options } as SearchOptions;
      let lists = 0;
      let skipped = 0;
      for (let i = 0; i < POSITIONS; i++) {
        const pos = mustParse(randomPlayout(rng, starts[i % starts.length]!, 6 + (i % 80), 0.5));
        const s = new SearchState(
          pos,
          all,
          materialEvaluator,
          new TranspositionTable(0),
          () => false,
        );
        // A history with some scores, some zeros and some ties, as a search leaves it.
        for (let h = 0; h < s.history.length; h++)
          s.history[h] = rng() < 0.15 ? Math.floor(rng() * 6) * 100 : 0;
        // Every other position has a move from the table: handed out first, before the list.
        const legal = legalMoves(pos);
        const ttMove = i % 2 === 1 && legal.length > 0 ? pick(rng, legal) : 0;
        const want = naiveOrder(s, pos, ttMove);
        const picker = s.pickers[PLY]!;
        picker.initMain(ttMove, pos.inCheck(), 4);
        const got: number[] = [];
        const values: number[] = [];
        const beyond: boolean[] = [];
        for (let m = picker.next(); m !== 0; m = picker.next()) {
          got.push(m);
          values.push(picker.value(m));
          beyond.push(picker.beyondRank);
        }
        const where = makeSfen(pos);
        expect(got.map(makeUsiMove), where).toEqual(want.moves.map(makeUsiMove));
        expect(values, where).toEqual(want.values);
        expect(beyond.slice(1), where).toEqual(want.beyond.slice(1));
        lists++;
        skipped += beyond.filter(Boolean).length;
      }
      expect(lists).toBe(POSITIONS);
      if (options.forwardPruning === 'rank') expect(skipped).toBeGreaterThan(POSITIONS);
    });
  }

  it('history scores reach the lists (the standard cases are not all zeros)', () => {
    const pos = mustParse('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
    const s = new SearchState(
      pos,
      { ...DEFAULT_OPTIONS, forwardPruning: 'rank' },
      materialEvaluator,
      new TranspositionTable(0),
      () => false,
    );
    const list = new Uint32Array(MAX_MOVES);
    const end = generateMoves(pos, list, 0, GenMode.All);
    s.history[historyIndex(s, list[end - 1]!)] = 500;
    const picker = s.pickers[PLY]!;
    picker.initMain(0, false, 4);
    expect(picker.next()).toBe(list[end - 1]);
  });
});
