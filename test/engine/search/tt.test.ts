/**
 * The transposition table on its own: store and probe, mate scores counted from the node, the
 * replacement rules (issue 7, bug 4: a shallower result for the same position used to overwrite a
 * deeper one, whatever the comment said), buckets, generations, sizes.
 */
import { describe, expect, it } from 'vitest';
import { MATE, mateIn, matedIn } from '../../../src/engine/search/score';
import { Bound, ENTRIES_PER_BUCKET, TranspositionTable } from '../../../src/engine/search/tt';

/** Keys that share a bucket (same low bits) and differ in the checked high half. */
const key = (i: number): [number, number] => [0x1234, 0x1000 + i];

describe('the transposition table', () => {
  it('finds what it stored, and nothing for another position', () => {
    const tt = new TranspositionTable(1);
    tt.store(...key(1), 0x1234, 57, 6, Bound.Exact, 0);
    const e = tt.probe(...key(1));
    expect(e).toBeGreaterThanOrEqual(0);
    expect([tt.move(e), tt.value(e, 0), tt.depth(e), tt.bound(e)]).toEqual([
      0x1234,
      57,
      6,
      Bound.Exact,
    ]);
    expect(tt.probe(...key(2))).toBe(-1);
  });

  it('keeps mates as distances from the node, and gives them back from any root', () => {
    const tt = new TranspositionTable(1);
    // Found 3 plies from the root: mate 7 plies from the root is 4 plies from this node.
    tt.store(...key(1), 0, mateIn(7), 5, Bound.Exact, 3);
    const e = tt.probe(...key(1));
    expect(tt.value(e, 3)).toBe(mateIn(7));
    // Reached at ply 5 of another search: the same mate is 4 plies further, 9 from that root.
    expect(tt.value(e, 5)).toBe(mateIn(9));
    tt.store(...key(2), 0, matedIn(6), 5, Bound.Exact, 2);
    expect(tt.value(tt.probe(...key(2)), 4)).toBe(matedIn(8));
    // Ordinary values are not touched.
    tt.store(...key(3), 0, -250, 5, Bound.Upper, 7);
    expect(tt.value(tt.probe(...key(3)), 1)).toBe(-250);
    expect(mateIn(0)).toBe(MATE);
  });

  it('keeps a deeper result of the same search when a shallower bound comes', () => {
    const tt = new TranspositionTable(1);
    tt.store(...key(1), 0x111, 300, 8, Bound.Lower, 0);
    tt.store(...key(1), 0x222, -40, 2, Bound.Upper, 0); // e.g. a null-move verification
    const e = tt.probe(...key(1));
    expect([tt.depth(e), tt.value(e, 0), tt.move(e)]).toEqual([8, 300, 0x111]);
  });

  it('lets an exact result replace a deeper bound, and a deeper one replace a shallower', () => {
    const tt = new TranspositionTable(1);
    tt.store(...key(1), 0x111, 300, 8, Bound.Lower, 0);
    tt.store(...key(1), 0x222, 120, 3, Bound.Exact, 0);
    let e = tt.probe(...key(1));
    expect([tt.depth(e), tt.value(e, 0), tt.bound(e)]).toEqual([3, 120, Bound.Exact]);
    tt.store(...key(1), 0x333, 90, 5, Bound.Upper, 0);
    e = tt.probe(...key(1));
    expect([tt.depth(e), tt.move(e)]).toEqual([5, 0x333]);
  });

  it('keeps the old move when the new result brings none', () => {
    const tt = new TranspositionTable(1);
    tt.store(...key(1), 0x111, 10, 3, Bound.Lower, 0);
    tt.store(...key(1), 0, -20, 4, Bound.Upper, 0);
    const e = tt.probe(...key(1));
    expect([tt.move(e), tt.depth(e), tt.value(e, 0)]).toEqual([0x111, 4, -20]);
  });

  it('lets a new search overwrite an old search’s entry, however deep', () => {
    const tt = new TranspositionTable(1);
    tt.store(...key(1), 0x111, 10, 12, Bound.Exact, 0);
    tt.newSearch();
    tt.store(...key(1), 0x222, 20, 1, Bound.Upper, 0);
    expect(tt.depth(tt.probe(...key(1)))).toBe(1);
  });

  it(`holds ${ENTRIES_PER_BUCKET} positions in a bucket, and then evicts the shallowest`, () => {
    const tt = new TranspositionTable(1);
    for (let i = 0; i < ENTRIES_PER_BUCKET; i++)
      tt.store(...key(i), i + 1, i, 10 - i, Bound.Exact, 0);
    for (let i = 0; i < ENTRIES_PER_BUCKET; i++)
      expect(tt.probe(...key(i))).toBeGreaterThanOrEqual(0);
    tt.store(...key(99), 99, 0, 5, Bound.Exact, 0);
    expect(tt.probe(...key(99))).toBeGreaterThanOrEqual(0);
    // The entry with depth 10 − (ENTRIES_PER_BUCKET − 1) was the shallowest: it went.
    expect(tt.probe(...key(ENTRIES_PER_BUCKET - 1))).toBe(-1);
    expect(tt.probe(...key(0))).toBeGreaterThanOrEqual(0);
  });

  it('evicts an old search’s entry before a shallow one of this search', () => {
    const tt = new TranspositionTable(1);
    tt.store(...key(0), 1, 0, 20, Bound.Exact, 0); // deep, but soon old
    for (let s = 0; s < 3; s++) tt.newSearch();
    for (let i = 1; i < ENTRIES_PER_BUCKET; i++) tt.store(...key(i), 1, 0, 1, Bound.Exact, 0);
    tt.store(...key(50), 1, 0, 1, Bound.Exact, 0);
    expect(tt.probe(...key(0))).toBe(-1);
    for (let i = 1; i < ENTRIES_PER_BUCKET; i++)
      expect(tt.probe(...key(i))).toBeGreaterThanOrEqual(0);
  });

  it('sizes to a power of two within the MiB asked, and 0 turns it off', () => {
    const tt = new TranspositionTable(3);
    expect(tt.bytes).toBe(2 * 1024 * 1024);
    expect(tt.capacity).toBe((2 * 1024 * 1024) / 16);
    tt.resize(0);
    expect(tt.enabled).toBe(false);
    tt.store(...key(1), 1, 1, 1, Bound.Exact, 0);
    expect(tt.probe(...key(1))).toBe(-1);
    expect(tt.hashfull()).toBe(0);
  });

  it('reports how full it is with this search’s entries, and forgets on clear', () => {
    const tt = new TranspositionTable(1);
    for (let i = 0; i < 200_000; i++) tt.store(i * 7919, i, 1, 0, 3, Bound.Exact, 0);
    expect(tt.hashfull()).toBeGreaterThan(500);
    tt.newSearch();
    expect(tt.hashfull()).toBe(0);
    tt.clear();
    expect(tt.probe(0, 0)).toBe(-1);
  });
});
