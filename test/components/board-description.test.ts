/**
 * The board's description for screen readers: every piece of each side by kind with its squares,
 * each hand with its counts, and who is to move, in the board's own words.
 */
import { describe, expect, it } from 'vitest';
import { describePosition } from '../../src/components/widgets/board-description';
import type { Position } from '../../src/engine/index';
import { parsePositionText } from '../../src/engine/worker/protocol';

const at = (text: string): Position => {
  const parsed = parsePositionText(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

describe('describePosition', () => {
  it('lists the starting position side by side, most valuable kind first', () => {
    expect(describePosition(at('startpos'))).toBe(
      'Sente: king 5i, rook 2h, bishop 8h, gold 4i 6i, silver 3i 7i, knight 2i 8i, lance 1i 9i, ' +
        'pawn 1g 2g 3g 4g 5g 6g 7g 8g 9g; in hand: nothing. ' +
        'Gote: king 5a, rook 8b, bishop 2b, gold 4a 6a, silver 3a 7a, knight 2a 8a, lance 1a 9a, ' +
        'pawn 1c 2c 3c 4c 5c 6c 7c 8c 9c; in hand: nothing. ' +
        'Sente to move.',
    );
  });

  it('follows the moves: pieces that moved, and captured pieces in the hands', () => {
    const text = describePosition(at('startpos moves 7g7f 3c3d 8h2b+ 3a2b'));
    expect(text).toContain('pawn 1g 2g 3g 4g 5g 6g 7f 8g 9g; in hand: bishop.');
    expect(text).toContain('silver 2b 7a');
    expect(text).toContain('Gote: king 5a, rook 8b, gold');
    expect(text).not.toContain('horse');
    expect(text).toMatch(/Gote: .*; in hand: bishop\. Sente to move\.$/);
  });

  it('names promoted pieces, counts pieces in hand and says when the side to move is in check', () => {
    expect(describePosition(at('sfen 4k4/4G4/9/9/9/9/9/+R8/9 w 2Pr 1'))).toBe(
      'Sente: dragon 9h, gold 5b; in hand: pawn ×2. Gote: king 5a; in hand: rook. ' +
        'Gote to move, in check.',
    );
  });

  it('copes with a side that has nothing on the board (a mate problem without sente’s king)', () => {
    expect(describePosition(at('sfen 4k4/9/9/9/9/9/9/9/9 b 2G 1'))).toBe(
      'Sente: no pieces on the board; in hand: gold ×2. Gote: king 5a; in hand: nothing. ' +
        'Sente to move.',
    );
  });

  it('lists a hand in the board’s order, rook first and pawns last', () => {
    expect(describePosition(at('sfen 4k4/9/9/9/9/9/9/9/4K4 b RB2GS3P 1'))).toContain(
      'in hand: rook, bishop, gold ×2, silver, pawn ×3.',
    );
  });
});
