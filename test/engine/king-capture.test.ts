/**
 * A king-capture search (chapter 8, seed 004) plays moves that leave the king en prise and then
 * takes it. The position must stay whole through that: the king goes into no hand, the key and
 * the material stay what a from-scratch count says, the king square says "no king", and undoMove
 * puts everything back.
 */
import { describe, expect, it } from 'vitest';
import { computeKey, makeMove, square } from '../../src/engine/index';
import { mustParse, snapshot, snapshotDifference } from './helpers';

/** Sente's gold on 5h is pinned against its king by gote's rook on 5e. */
const PINNED_GOLD = '4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1';

describe('capturing a king', () => {
  it('keeps hands, key, material and king squares whole, and undoes exactly', () => {
    const pos = mustParse(PINNED_GOLD);
    const before = snapshot(pos);
    const material = pos.material;
    // The pinned gold steps aside (not legal, but a king-capture search plays it)…
    const stepAside = makeMove(square(5, 8), square(4, 8), false);
    pos.doMove(stepAside);
    expect(pos.checkInvariants()).toBeNull();
    // …and the rook takes the king.
    const takeKing = makeMove(square(5, 5), square(5, 9), false);
    pos.doMove(takeKing);
    expect(pos.checkInvariants()).toBeNull();
    expect(pos.kingSquare[0]).toBe(0);
    expect(Array.from(pos.hand)).toEqual(new Array<number>(16).fill(0));
    expect(pos.material).toBe(material);
    const { lo, hi } = computeKey(pos);
    expect([pos.keyLo, pos.keyHi]).toEqual([lo, hi]);
    // With no king, the side that lost it is never "in check".
    expect(pos.inCheck()).toBe(false);

    pos.undoMove(takeKing);
    expect(pos.checkInvariants()).toBeNull();
    expect(pos.kingSquare[0]).toBe(square(5, 9));
    pos.undoMove(stepAside);
    expect(pos.checkInvariants()).toBeNull();
    expect(snapshotDifference(snapshot(pos), before)).toBeNull();
  });
});
