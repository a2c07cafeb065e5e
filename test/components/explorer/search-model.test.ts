/**
 * What the explorer says about searches: scores in words, the PV as arrows (strong first move,
 * faint rest, rings for drops), counters named and lined up for A and B, and the comparison.
 */
import { describe, expect, it } from 'vitest';
import { parsePositionText } from '../../../src/engine/worker/protocol';
import { parseSquareName } from '../../../src/engine/index';
import { Searcher, type SearchResult } from '../../../src/engine/search/index';
import { COUNTER_NAMES } from '../../../src/engine/search/search-data';
import {
  compareResults,
  COUNTER_INFO,
  counterRows,
  formatRatio,
  formatScore,
  formatTime,
  pvArrows,
  stopNote,
} from '../../../src/components/widgets/explorer/search-model';

const sq = (name: string): number => parseSquareName(name);

const search = (position: string, depth: number, options: Record<string, unknown> = {}) => {
  const parsed = parsePositionText(position);
  if (!parsed.ok) throw new Error(parsed.error);
  return new Searcher(options).search(parsed.value, { depth });
};

describe('scores and numbers', () => {
  it('reads scores from the side to move', () => {
    expect(formatScore({ kind: 'cp', value: 120 })).toBe('+120');
    expect(formatScore({ kind: 'cp', value: -35 })).toBe('−35');
    expect(formatScore({ kind: 'cp', value: 0 })).toBe('0');
    expect(formatScore({ kind: 'mate', value: 3 })).toBe('mate in 3');
    expect(formatScore({ kind: 'mate', value: -2 })).toBe('mated in 2');
  });

  it('writes ratios and times at a sensible precision', () => {
    expect([0.4213, 1, 12.54, 130.2, null, Infinity].map(formatRatio)).toEqual([
      '0.42×',
      '1.00×',
      '12.5×',
      '130×',
      '—',
      '—',
    ]);
    expect([45, 1234, 45_600].map(formatTime)).toEqual(['45 ms', '1.23 s', '45.6 s']);
  });
});

describe('the PV on the board', () => {
  it('draws the first move strong and the rest faint, a drop as a ring', () => {
    const arrows = pvArrows('startpos moves 7g7f 3c3d 8h2b+ 3a2b', ['B*5e', '5c5d', '5e2b+']);
    expect(arrows).toEqual([
      { to: sq('5e') },
      { from: sq('5c'), to: sq('5d'), faint: true },
      { from: sq('5e'), to: sq('2b'), faint: true },
    ]);
  });

  it('marks B’s arrows for the second colour', () => {
    expect(pvArrows('startpos', ['7g7f'], true)).toEqual([
      { from: sq('7g'), to: sq('7f'), alt: true },
    ]);
  });

  it('stops at a move that does not fit the position, and never throws', () => {
    expect(pvArrows('startpos', ['7g7f', '7f7e'])).toHaveLength(1);
    expect(pvArrows('not a position', ['7g7f'])).toEqual([]);
  });
});

describe('counters', () => {
  it('lists what fired in either search, named, with zeros where the other did not fire', () => {
    const plain = search('startpos', 3);
    const pruned = search('startpos', 3, { nullMove: true, lmr: true });
    const rows = counterRows([plain, pruned]);
    expect(rows.map((r) => r.key)).toEqual(['null-move', 'null-move-cutoff', 'lmr']);
    expect(rows[0]!.label).toBe('Null-move tries');
    for (const r of rows) {
      expect(r.values[0]).toBe(0);
      expect(r.values[1]).toBe(pruned.stats.counters[r.key]);
    }
  });

  it('keeps a counter it has no name for, under its own key', () => {
    const r = search('startpos', 1);
    const odd = { ...r, stats: { ...r.stats, counters: { 'new-trick': 2 } } };
    expect(counterRows([odd])).toEqual([
      { key: 'new-trick', label: 'new-trick', kind: 'other', values: [2] },
    ]);
  });
});

describe('comparing two searches', () => {
  it('gives B/A ratios and whether move and score agree', () => {
    const a = search('startpos', 3);
    const b = search('startpos', 3, { nullMove: true, lmr: true });
    const c = compareResults(a, b);
    expect(c.nodeRatio).toBeCloseTo(b.nodes / a.nodes);
    expect(c.nodeRatio!).toBeLessThan(1);
    expect(c.sameMove).toBe(a.bestMove === b.bestMove);
    expect(c.sameScore).toBe(a.value === b.value);
    expect(c.scoreDelta).toBe(b.score.value - a.score.value);
  });

  it('says why a search ended before the depth asked for', () => {
    const r = search('startpos', 2);
    expect(stopNote(r, { depth: 2 })).toBeNull();
    // Short of its depth with no limit set: the note does not blame a limit.
    expect(stopNote(r, { depth: 5 })).toBe(
      'The search stopped during depth 3; shown is depth 2, the last one finished.',
    );
    expect(stopNote(r, { depth: 5, nodes: r.nodes })).toMatch(
      /^The node limit \([\d,]+\) stopped the search during depth 3/,
    );
    expect(stopNote(r, { depth: 5, timeMs: 300 })).toMatch(
      /^The time limit \(300 ms\) stopped the search during depth 3/,
    );
    const none: SearchResult = { ...r, bestMove: null };
    expect(stopNote(none, { depth: 2 })).toMatch(/no legal move/);
  });
});

describe('COUNTER_INFO', () => {
  it('names every counter the engine keeps', () => {
    expect(COUNTER_NAMES.filter((n) => !(n in COUNTER_INFO))).toEqual([]);
  });
});
