/**
 * The chess diagram's font: the twelve chess piece glyphs (U+2654–265F) cut out of Noto Sans
 * Symbols 2 (Fontsource's "symbols" file, SIL OFL 1.1, a dev dependency) with subset-font
 * (HarfBuzz), so a page downloads a few kilobytes instead of the whole symbols file.
 *
 *   npm run make:chess-font          # writes src/components/widgets/end-of-game/chess-pieces.woff2
 *
 * test/components/chess-font.test.ts makes it again and compares it with the committed file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

/** The white and black king, queen, rook, bishop, knight and pawn. */
export const CHESS_GLYPHS = '♔♕♖♗♘♙♚♛♜♝♞♟';
export const CHESS_FONT_FILE = 'src/components/widgets/end-of-game/chess-pieces.woff2';

const SOURCE = '@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff2';

/** The subset font, made from the dev dependency. */
export function makeChessFont(): Promise<Buffer> {
  const source = readFileSync(createRequire(import.meta.url).resolve(SOURCE));
  return subsetFont(source, CHESS_GLYPHS, { targetFormat: 'woff2' });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const font = await makeChessFont();
  writeFileSync(CHESS_FONT_FILE, font);
  process.stderr.write(`${CHESS_FONT_FILE}: ${font.length} bytes\n`);
}
