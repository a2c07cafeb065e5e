/**
 * The book's Japanese font: Noto Serif JP from Fontsource (SIL OFL 1.1), its variable form (one
 * file serves every weight, so the pieces' bold is the font's own), served by the site itself so a
 * reader without Japanese system fonts sees kanji and kana, not empty boxes.
 *
 * Fontsource splits the font into some 120 files by unicode-range, so a page downloads only the
 * files that hold the characters it shows. Its stylesheet also has Latin, Cyrillic and Vietnamese
 * files under the same family name, and some of the CJK files cover punctuation below U+2E80
 * (quotes, dashes) as well. This script writes our own stylesheet from Fontsource's: the CJK files
 * only, under names of our own, with every range below U+2E80 taken out. So the
 * families can stand before the Latin fonts in a font stack and still never draw a Latin letter,
 * a quote or a dash: the book's English keeps its own font, and only Japanese comes from here.
 *
 * A chapter's few dozen kanji are spread over 20 to 30 of those files, and a long page is laid
 * out again as each one arrives. So the script also makes one small file with every Japanese
 * character the site itself can show (those in src/ and in the record library tsshogi, which
 * writes KIF, KI2, CSA and move notation): it takes each character's glyph, with its variations,
 * from the Fontsource file that holds it, puts them together in one font and has HarfBuzz
 * (subset-font) write it as WOFF2. That face alone is the family `Yomi Serif JP`, with a
 * unicode-range of exactly its characters: a page loads that one file.
 *
 * The range-split faces, less the subset's characters, are a second family, `Yomi Serif JP
 * Extra`, for any other character (a KIF comment a reader pastes, say), in a stylesheet of their
 * own. Neither it nor the family is in a page until the page meets such a character
 * (japanese-fallback.ts adds both): on a machine with none of a stack's named fonts, every English
 * letter is looked up in each family before the generic one, and some 120 faces' ranges in the
 * stack made the first layout of a long chapter about 40 % slower (/pruning/, 1,280 px, in
 * Chromium); and their 100 KB of rules, in every page's own stylesheet, cost each page's first
 * layout 3-8 ms of style work for faces it never used.
 *
 *   npm run make:japanese-font   # writes japanese-font.css, japanese-font-extra.css,
 *                                # japanese-font-subset.woff2 and .txt
 *
 * test/components/japanese-font.test.ts makes the stylesheets again from the committed list of
 * characters, and checks that the list holds every Japanese character in the sources.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import subsetFont from 'subset-font';
import {
  EXTRA_FAMILY,
  FIRST_JAPANESE,
  SITE_FAMILY,
} from '../src/components/layout/japanese-fallback';
import { glyphOf, mergeGlyphs, pad, readCmap, type Tables, truetype } from './lib/sfnt';

export const JAPANESE_FONT_CSS = 'src/components/layout/japanese-font.css';
/** The range-split faces' stylesheet, which a page loads only when it needs one of them. */
export const JAPANESE_EXTRA_CSS = 'src/components/layout/japanese-font-extra.css';
export const JAPANESE_SUBSET_FONT = 'src/components/layout/japanese-font-subset.woff2';
/** The subset's characters, in code point order, as plain text. */
export const JAPANESE_SUBSET_LIST = 'src/components/layout/japanese-font-subset.txt';
export const JAPANESE_FAMILY = SITE_FAMILY;
/** The range-split faces: every other character of the font, added to the stacks when needed. */
export const JAPANESE_EXTRA_FAMILY = EXTRA_FAMILY;
/** The first code point kept: CJK radicals, kana, kanji, fullwidth forms and above. */
export const FIRST_KEPT = FIRST_JAPANESE;

/** Where the site's own text is, and which of its files are text. */
const SOURCE_DIR = 'src';
const SOURCE_EXTENSIONS = new Set(['.mdx', '.md', '.ts', '.tsx', '.astro', '.json', '.css']);
/** The record library whose strings (notation, KIF headers) the site renders: its ES modules. */
const RECORD_LIBRARY = 'tsshogi';
/** Characters per line of the list, so that a diff of it stays readable. */
const LIST_LINE_LENGTH = 40;

interface Face {
  file: string;
  ranges: string;
}

const PACKAGE = '@fontsource-variable/noto-serif-jp';
const require = createRequire(import.meta.url);

/** The numbered (CJK) faces in Fontsource's stylesheet. */
function fontsourceFaces(): Face[] {
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

/** A unicode-range list as [first, last] code point pairs. */
export function parseRanges(ranges: string): [number, number][] {
  return ranges.split(',').map((part) => {
    const m = /^U\+([0-9a-f]+)(?:-([0-9a-f]+))?$/i.exec(part.trim());
    if (m === null) throw new Error(`unexpected unicode-range part: ${part}`);
    const lo = parseInt(m[1]!, 16);
    return [lo, m[2] === undefined ? lo : parseInt(m[2], 16)];
  });
}

const hex = (n: number): string => n.toString(16);
const rangeText = (lo: number, hi: number): string =>
  lo === hi ? `U+${hex(lo)}` : `U+${hex(lo)}-${hex(hi)}`;

/** A unicode-range list with everything below FIRST_KEPT taken out (a range across it is cut). */
export function keepCjk(ranges: string): string {
  const kept: string[] = [];
  for (const [lo, hi] of parseRanges(ranges))
    if (hi >= FIRST_KEPT) kept.push(rangeText(Math.max(lo, FIRST_KEPT), hi));
  return kept.join(',');
}

/** A unicode-range list without the given characters (a range holding one is split around it). */
export function withoutChars(ranges: string, chars: Iterable<string>): string {
  const taken = new Set([...chars].map((ch) => ch.codePointAt(0)!));
  const kept: string[] = [];
  for (const [lo, hi] of parseRanges(ranges)) {
    let from = lo;
    for (let point = lo; point <= hi; point++) {
      if (!taken.has(point)) continue;
      if (from < point) kept.push(rangeText(from, point - 1));
      from = point + 1;
    }
    if (from <= hi) kept.push(rangeText(from, hi));
  }
  return kept.join(',');
}

/** The shortest unicode-range list of exactly these characters. */
export function rangesOf(chars: Iterable<string>): string {
  const points = [...new Set(chars)].map((ch) => ch.codePointAt(0)!).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < points.length;) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j]! + 1) j++;
    parts.push(rangeText(points[i]!, points[j]!));
    i = j + 1;
  }
  return parts.join(',');
}

/** The Japanese characters (U+2E80 and above) in a text, written out or as \u escapes. */
export function japaneseIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const ch of text) if (ch.codePointAt(0)! >= FIRST_KEPT) found.add(ch);
  for (const m of text.matchAll(/\\u([0-9a-fA-F]{4})|\\u\{([0-9a-fA-F]{1,6})\}/g)) {
    const point = parseInt(m[1] ?? m[2]!, 16);
    if (point >= FIRST_KEPT && point <= 0x10ffff) found.add(String.fromCodePoint(point));
  }
  return found;
}

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The site's text files (src/), in path order. */
export function sourceFiles(): string[] {
  return filesUnder(SOURCE_DIR, (name) => SOURCE_EXTENSIONS.has(extname(name)));
}

/** Every Japanese character the site can show: in its sources and in the record library. */
export function sourceCharacters(): Set<string> {
  const library = dirname(require.resolve(RECORD_LIBRARY)).replace(/cjs$/, 'esm');
  const files = [...sourceFiles(), ...filesUnder(library, (name) => name.endsWith('.mjs'))];
  const chars = new Set<string>();
  for (const file of files) for (const ch of japaneseIn(readFileSync(file, 'utf8'))) chars.add(ch);
  return chars;
}

/** Whether the range-split faces (Fontsource's CJK files, cut at U+2E80) cover a character. */
export function rangeSplitCovers(): (ch: string) => boolean {
  const ranges = fontsourceFaces()
    .map((face) => keepCjk(face.ranges))
    .flatMap((kept) => (kept === '' ? [] : parseRanges(kept)));
  return (ch) => ranges.some(([lo, hi]) => ch.codePointAt(0)! >= lo && ch.codePointAt(0)! <= hi);
}

/** The committed list of the subset's characters. */
export function readSubsetList(file = JAPANESE_SUBSET_LIST): string[] {
  return [...readFileSync(file, 'utf8').replaceAll('\n', '')];
}

function makeSubsetList(chars: string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < chars.length; i += LIST_LINE_LENGTH)
    lines.push(chars.slice(i, i + LIST_LINE_LENGTH).join(''));
  return `${lines.join('\n')}\n`;
}

/** A @font-face of `family`, every weight from 200 to 900. */
function face(family: string, src: string, ranges: string): string {
  return `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-display: swap;
  font-weight: 200 900;
  src: url('${src}') format('woff2-variations');
  unicode-range: ${ranges};
}`;
}

const LICENCE = `Noto Serif JP, SIL Open Font License 1.1`;

/**
 * The site's stylesheet: the subset's face, the main family, for exactly its characters. Every
 * page has it (Base.astro).
 */
export function makeJapaneseFontCss(subsetChars: string[]): string {
  return `/* Made by \`npm run make:japanese-font\` (scripts/japanese-font.ts) from ${PACKAGE}:
   ${LICENCE}.
   '${JAPANESE_FAMILY}': one file with every Japanese character the site shows, and nothing
   below U+2E80, so the family draws Japanese and nothing else. The font's other characters are
   in japanese-font-extra.css. Do not edit by hand. */
${face(JAPANESE_FAMILY, `./${JAPANESE_SUBSET_FONT.split('/').pop()!}`, rangesOf(subsetChars))}
`;
}

/**
 * The extra family's stylesheet: one @font-face per CJK file, for its characters that are not in
 * `subsetChars`. No character is in two faces: document.fonts.load() fetches every face whose
 * range holds a character of its text (the record panel calls it), so an overlap would fetch the
 * range-split files as well.
 */
export function makeJapaneseExtraCss(subsetChars: string[]): string {
  const out = [
    `/* Made by \`npm run make:japanese-font\` (scripts/japanese-font.ts) from ${PACKAGE}:
   ${LICENCE}.
   '${JAPANESE_EXTRA_FAMILY}': the CJK files, without ranges below U+2E80 and without the
   characters of '${JAPANESE_FAMILY}' (japanese-font.css). A page loads this stylesheet only
   when it shows a character the site's own face lacks (japanese-fallback.ts). Do not edit by
   hand. */`,
  ];
  for (const { file, ranges } of fontsourceFaces()) {
    const cjk = keepCjk(ranges);
    const kept = cjk === '' ? '' : withoutChars(cjk, subsetChars);
    if (kept !== '') out.push(face(JAPANESE_EXTRA_FAMILY, `${PACKAGE}/files/${file}`, kept));
  }
  return `${out.join('\n')}\n`;
}

// #region the merge: glyphs from several TrueType files of one variable font into one file

/**
 * The subset font of `wanted` (characters the range-split faces cover) and the characters it has:
 * each from the Fontsource file whose range holds it, if that file has a glyph for it.
 */
export async function makeJapaneseSubset(
  wanted: Set<string>,
): Promise<{ font: Buffer; chars: string[] }> {
  const files = new Map<string, string[]>();
  for (const { file, ranges } of fontsourceFaces()) {
    const inFile = [...wanted].filter((ch) =>
      parseRanges(ranges).some(([lo, hi]) => ch.codePointAt(0)! >= lo && ch.codePointAt(0)! <= hi),
    );
    if (inFile.length > 0) files.set(file, inFile);
  }
  const picks: { point: number; tables: Tables; glyph: number }[] = [];
  for (const [file, chars] of files) {
    const source = readFileSync(require.resolve(`${PACKAGE}/files/${file}`));
    const tables = await truetype(source, chars.join(''));
    for (const [point, glyph] of readCmap(tables.get('cmap')!))
      if (!picks.some((p) => p.point === point)) picks.push({ point, tables, glyph });
  }
  picks.sort((a, b) => a.point - b.point);
  const merged = mergeGlyphs(picks);
  const chars = picks.map((p) => String.fromCodePoint(p.point));
  const font = await subsetFont(merged, chars.join(''), { targetFormat: 'woff2' });
  // The check: each glyph as HarfBuzz writes it from the subset is the one it wrote from its file
  // (padding aside).
  const back = await truetype(font, chars.join(''));
  const backCmap = readCmap(back.get('cmap')!);
  for (const p of picks) {
    const [ours, theirs] = [glyphOf(back, backCmap.get(p.point)!), glyphOf(p.tables, p.glyph)];
    for (const key of ['glyf', 'gvar', 'hmtx', 'vmtx'] as const)
      if (!pad(ours[key], 4).equals(pad(theirs[key], 4)))
        throw new Error(`U+${hex(p.point)}: its ${key} differs`);
  }
  return { font, chars };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const covered = rangeSplitCovers();
  const wanted = new Set([...sourceCharacters()].filter(covered));
  const { font, chars } = await makeJapaneseSubset(wanted);
  const missing = [...wanted].filter((ch) => !chars.includes(ch));
  if (missing.length > 0) process.stderr.write(`not in the font: ${rangesOf(missing)}\n`);
  writeFileSync(JAPANESE_SUBSET_FONT, font);
  writeFileSync(JAPANESE_SUBSET_LIST, makeSubsetList(chars));
  const css = makeJapaneseFontCss(chars);
  const extra = makeJapaneseExtraCss(chars);
  writeFileSync(JAPANESE_FONT_CSS, css);
  writeFileSync(JAPANESE_EXTRA_CSS, extra);
  process.stderr.write(
    `${JAPANESE_SUBSET_FONT}: ${chars.length} characters, ${font.length} bytes\n` +
      `${JAPANESE_FONT_CSS}: ${css.length} bytes\n` +
      `${JAPANESE_EXTRA_CSS}: ${extra.length} bytes\n`,
  );
}
