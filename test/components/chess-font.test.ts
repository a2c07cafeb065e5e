/**
 * The chess diagram's font is what `npm run make:chess-font` makes from the dev dependency today:
 * the committed subset is remade and compared byte for byte, and it is small.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHESS_FONT_FILE, makeChessFont } from '../../scripts/chess-font';

describe('the chess piece font', () => {
  it('is the subset the script makes (run npm run make:chess-font if not)', async () => {
    const committed = readFileSync(CHESS_FONT_FILE);
    const made = await makeChessFont();
    expect(made.equals(committed)).toBe(true);
    expect(committed.length).toBeLessThan(16_000);
  });
});
