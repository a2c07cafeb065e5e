/**
 * The book's Japanese font: Noto Serif JP from Fontsource (SIL OFL 1.1), its variable form (one
 * file serves every weight, so the pieces' bold is the font's own), served by the site itself so a
 * reader without Japanese system fonts sees kanji and kana, not empty boxes.
 *
 * Fontsource splits the font into some 120 files by unicode-range, so a page downloads only the
 * files that hold the characters it shows. Its stylesheet also has Latin, Cyrillic and Vietnamese
 * files under the same family name, and some of the CJK files cover punctuation below U+2E80
 * (quotes, dashes) as well. This script writes our own stylesheet from Fontsource's: the CJK files
 * only, under the family name `Yomi Serif JP`, with every range below U+2E80 taken out. So the
 * family can stand before the Latin fonts in a font stack and still never draw a Latin letter,
 * a quote or a dash: the book's English keeps its own font, and only Japanese comes from here.
 *
 *   npm run make:japanese-font       # writes src/components/layout/japanese-font.css
 *
 * test/components/japanese-font.test.ts makes it again and compares it with the committed file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const JAPANESE_FONT_CSS = 'src/components/layout/japanese-font.css';
export const JAPANESE_FAMILY = 'Yomi Serif JP';
/** The first code point kept: CJK radicals, kana, kanji, fullwidth forms and above. */
const FIRST_KEPT = 0x2e80;

interface Face {
  file: string;
  ranges: string;
}

const PACKAGE = '@fontsource-variable/noto-serif-jp';

/** The numbered (CJK) faces in Fontsource's stylesheet. */
function fontsourceFaces(): Face[] {
  const require = createRequire(import.meta.url);
  const css = readFileSync(require.resolve(`${PACKAGE}/wght.css`), 'utf8');
  const faces: Face[] = [];
  const block = /@font-face\s*{([^}]*)}/g;
  for (let m = block.exec(css); m !== null; m = block.exec(css)) {
    const body = m[1]!;
    const file = /url\(\.\/files\/(noto-serif-jp-\d+-wght-normal\.woff2)\)/.exec(body);
    const ranges = /unicode-range:\s*([^;]+);/.exec(body);
    if (file === null || ranges === null) continue; // the Latin, Cyrillic, Vietnamese files
    faces.push({ file: file[1]!, ranges: ranges[1]!.trim() });
  }
  return faces;
}

/** A unicode-range list with everything below FIRST_KEPT taken out (a range across it is cut). */
export function keepCjk(ranges: string): string {
  const kept: string[] = [];
  for (const part of ranges.split(',')) {
    const m = /^U\+([0-9a-f]+)(?:-([0-9a-f]+))?$/i.exec(part.trim());
    if (m === null) throw new Error(`unexpected unicode-range part: ${part}`);
    const lo = parseInt(m[1]!, 16);
    const hi = m[2] === undefined ? lo : parseInt(m[2], 16);
    if (hi < FIRST_KEPT) continue;
    const from = Math.max(lo, FIRST_KEPT);
    const hex = (n: number): string => n.toString(16);
    kept.push(from === hi ? `U+${hex(from)}` : `U+${hex(from)}-${hex(hi)}`);
  }
  return kept.join(',');
}

/** The stylesheet: one @font-face per CJK file, every weight from 200 to 900. */
export function makeJapaneseFontCss(): string {
  const out = [
    `/* Made by \`npm run make:japanese-font\` (scripts/japanese-font.ts) from ${PACKAGE}:
   Noto Serif JP, SIL Open Font License 1.1. Only the CJK files, without ranges below U+2E80, so the
   family draws Japanese and nothing else. Do not edit by hand. */`,
  ];
  for (const face of fontsourceFaces()) {
    const ranges = keepCjk(face.ranges);
    if (ranges === '') continue;
    out.push(`@font-face {
  font-family: '${JAPANESE_FAMILY}';
  font-style: normal;
  font-display: swap;
  font-weight: 200 900;
  src: url('${PACKAGE}/files/${face.file}') format('woff2-variations');
  unicode-range: ${ranges};
}`);
  }
  return `${out.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const css = makeJapaneseFontCss();
  writeFileSync(JAPANESE_FONT_CSS, css);
  process.stderr.write(`${JAPANESE_FONT_CSS}: ${css.length} bytes\n`);
}
