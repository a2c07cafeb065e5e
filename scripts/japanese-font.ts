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
 * A chapter's few dozen kanji are spread over 20 to 30 of those files, and a long page is laid
 * out again as each one arrives. So the script also makes one small file with every Japanese
 * character the site itself can show (those in src/ and in the record library tsshogi, which
 * writes KIF, KI2, CSA and move notation): it takes each character's glyph, with its variations,
 * from the Fontsource file that holds it, puts them together in one font and has HarfBuzz
 * (subset-font) write it as WOFF2. That face is declared last, with a unicode-range of exactly
 * its characters, and the range-split faces before it leave those characters out: a page loads
 * that one file, and the range-split faces stay for any other character (a KIF comment a reader
 * pastes, say).
 *
 *   npm run make:japanese-font   # writes japanese-font.css, japanese-font-subset.woff2 and .txt
 *
 * test/components/japanese-font.test.ts makes the stylesheet again from the committed list of
 * characters, and checks that the list holds every Japanese character in the sources.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import subsetFont from 'subset-font';

export const JAPANESE_FONT_CSS = 'src/components/layout/japanese-font.css';
export const JAPANESE_SUBSET_FONT = 'src/components/layout/japanese-font-subset.woff2';
/** The subset's characters, in code point order, as plain text. */
export const JAPANESE_SUBSET_LIST = 'src/components/layout/japanese-font-subset.txt';
export const JAPANESE_FAMILY = 'Yomi Serif JP';
/** The first code point kept: CJK radicals, kana, kanji, fullwidth forms and above. */
export const FIRST_KEPT = 0x2e80;

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

/** Every Japanese character the site can show: in its sources and in the record library. */
export function sourceCharacters(): Set<string> {
  const library = dirname(require.resolve(RECORD_LIBRARY)).replace(/cjs$/, 'esm');
  const files = [
    ...filesUnder(SOURCE_DIR, (name) => SOURCE_EXTENSIONS.has(extname(name))),
    ...filesUnder(library, (name) => name.endsWith('.mjs')),
  ];
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

/** A @font-face of the family, every weight from 200 to 900. */
function face(src: string, ranges: string): string {
  return `@font-face {
  font-family: '${JAPANESE_FAMILY}';
  font-style: normal;
  font-display: swap;
  font-weight: 200 900;
  src: url('${src}') format('woff2-variations');
  unicode-range: ${ranges};
}`;
}

/**
 * The stylesheet: one @font-face per CJK file, for its characters that are not in `subsetChars`,
 * then the subset's face, for exactly those. No character is in two faces: document.fonts.load()
 * fetches every face whose range holds a character of its text (the record panel calls it), so an
 * overlap would fetch the range-split files as well.
 */
export function makeJapaneseFontCss(subsetChars: string[]): string {
  const out = [
    `/* Made by \`npm run make:japanese-font\` (scripts/japanese-font.ts) from ${PACKAGE}:
   Noto Serif JP, SIL Open Font License 1.1. Only the CJK files, without ranges below U+2E80, so the
   family draws Japanese and nothing else; last, one file with every character the site shows,
   which those before it leave out. Do not edit by hand. */`,
  ];
  for (const { file, ranges } of fontsourceFaces()) {
    const cjk = keepCjk(ranges);
    const kept = cjk === '' ? '' : withoutChars(cjk, subsetChars);
    if (kept !== '') out.push(face(`${PACKAGE}/files/${file}`, kept));
  }
  out.push(face(`./${JAPANESE_SUBSET_FONT.split('/').pop()!}`, rangesOf(subsetChars)));
  return `${out.join('\n')}\n`;
}

// #region the merge: glyphs from several TrueType files of one variable font into one file

type Tables = Map<string, Buffer>;

function readSfnt(font: Buffer): Tables {
  const tables: Tables = new Map();
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const at = 12 + 16 * i;
    const offset = font.readUInt32BE(at + 8);
    tables.set(
      font.toString('latin1', at, at + 4),
      font.subarray(offset, offset + font.readUInt32BE(at + 12)),
    );
  }
  return tables;
}

function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

function writeSfnt(tables: Tables): Buffer {
  const tags = [...tables.keys()].sort();
  const header = Buffer.alloc(12 + 16 * tags.length);
  const log2 = Math.floor(Math.log2(tags.length));
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(tags.length, 4);
  header.writeUInt16BE(16 << log2, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(16 * tags.length - (16 << log2), 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    header.write(tag, 12 + 16 * i, 'latin1');
    header.writeUInt32BE(checksum(data), 12 + 16 * i + 4);
    header.writeUInt32BE(offset, 12 + 16 * i + 8);
    header.writeUInt32BE(data.length, 12 + 16 * i + 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    bodies.push(padded);
    offset += padded.length;
  });
  const font = Buffer.concat([header, ...bodies]);
  const head = header.readUInt32BE(12 + 16 * tags.indexOf('head') + 8);
  font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, head + 8);
  return font;
}

/** A cmap's format 4 subtable at `sub`: the Basic Multilingual Plane. */
function readCmap4(cmap: Buffer, sub: number, map: Map<number, number>): void {
  const segments = cmap.readUInt16BE(sub + 6) / 2;
  const [ends, starts, deltas, rangeOffsets] = [14, 16, 16, 16].map(
    (skip, k) => sub + skip + 2 * segments * k,
  ) as [number, number, number, number];
  for (let s = 0; s < segments; s++) {
    const [start, end] = [cmap.readUInt16BE(starts + 2 * s), cmap.readUInt16BE(ends + 2 * s)];
    const delta = cmap.readInt16BE(deltas + 2 * s);
    const rangeOffset = cmap.readUInt16BE(rangeOffsets + 2 * s);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      const at = rangeOffsets + 2 * s + rangeOffset + 2 * (c - start);
      const glyph = rangeOffset === 0 ? c : cmap.readUInt16BE(at);
      if (rangeOffset === 0 || glyph !== 0) map.set(c, (glyph + delta) & 0xffff);
    }
  }
}

/** A cmap's format 12 subtable at `sub`: all of Unicode. */
function readCmap12(cmap: Buffer, sub: number, map: Map<number, number>): void {
  for (let g = 0; g < cmap.readUInt32BE(sub + 12); g++) {
    const [start, end, glyph] = [0, 4, 8].map((k) => cmap.readUInt32BE(sub + 16 + 12 * g + k));
    for (let c = start!; c <= end!; c++) map.set(c, glyph! + c - start!);
  }
}

/** The cmap's Unicode mapping, from its format 4 and 12 subtables (those HarfBuzz writes). */
function readCmap(cmap: Buffer): Map<number, number> {
  const map = new Map<number, number>();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const sub = cmap.readUInt32BE(4 + 8 * i + 4);
    const format = cmap.readUInt16BE(sub);
    if (format === 4) readCmap4(cmap, sub, map);
    if (format === 12) readCmap12(cmap, sub, map);
  }
  map.delete(0xffff);
  return map;
}

/** A cmap with one format 12 subtable (3, 10) mapping `points[i]` to glyph i + 1. */
function makeCmap(points: number[]): Buffer {
  const cmap = Buffer.alloc(12 + 16 + 12 * points.length);
  cmap.writeUInt16BE(1, 2);
  cmap.writeUInt16BE(3, 4);
  cmap.writeUInt16BE(10, 6);
  cmap.writeUInt32BE(12, 8);
  cmap.writeUInt16BE(12, 12);
  cmap.writeUInt32BE(cmap.length - 12, 16);
  cmap.writeUInt32BE(points.length, 24);
  points.forEach((point, i) => {
    cmap.writeUInt32BE(point, 28 + 12 * i);
    cmap.writeUInt32BE(point, 32 + 12 * i);
    cmap.writeUInt32BE(i + 1, 36 + 12 * i);
  });
  return cmap;
}

/** One glyph's data in one file: outline, variation data, horizontal and vertical metrics. */
interface Glyph {
  glyf: Buffer;
  gvar: Buffer;
  hmtx: Buffer;
  vmtx: Buffer;
}

function glyphOf(t: Tables, id: number): Glyph {
  const longLoca = t.get('head')!.readInt16BE(50) === 1;
  const loca = (i: number): number =>
    longLoca ? t.get('loca')!.readUInt32BE(4 * i) : 2 * t.get('loca')!.readUInt16BE(2 * i);
  const gvar = t.get('gvar')!;
  const longGvar = (gvar.readUInt16BE(14) & 1) === 1;
  const at = (i: number): number =>
    gvar.readUInt32BE(16) +
    (longGvar ? gvar.readUInt32BE(20 + 4 * i) : 2 * gvar.readUInt16BE(20 + 2 * i));
  const metrics = (table: string, header: string): Buffer => {
    const longCount = t.get(header)!.readUInt16BE(34);
    const m = t.get(table)!;
    const out = Buffer.alloc(4);
    out.writeUInt16BE(m.readUInt16BE(4 * Math.min(id, longCount - 1)), 0);
    out.writeInt16BE(
      id < longCount
        ? m.readInt16BE(4 * id + 2)
        : m.readInt16BE(4 * longCount + 2 * (id - longCount)),
      2,
    );
    return out;
  };
  return {
    glyf: t.get('glyf')!.subarray(loca(id), loca(id + 1)),
    gvar: gvar.subarray(at(id), at(id + 1)),
    hmtx: metrics('hmtx', 'hhea'),
    vmtx: metrics('vmtx', 'vhea'),
  };
}

function sharedTuples(gvar: Buffer): Buffer {
  const offset = gvar.readUInt32BE(8);
  return gvar.subarray(offset, offset + 2 * gvar.readUInt16BE(4) * gvar.readUInt16BE(6));
}

const pad = (data: Buffer, to: number): Buffer =>
  Buffer.concat([data, Buffer.alloc((to - (data.length % to)) % to)]);

/**
 * One font of the given characters' glyphs, each taken whole from a file (TrueType, one glyph per
 * character, no composite glyphs) of the same variable font. The tables that describe the font
 * rather than a glyph (fvar, avar, STAT, name, …) come from the first file; the layout tables
 * (GSUB, GPOS: vertical forms, proportional kana) and HVAR are left out, so advances vary by the
 * outlines' phantom points. HarfBuzz rewrites the result, mending the counts and bounds.
 */
function mergeGlyphs(picks: { point: number; tables: Tables; glyph: number }[]): Buffer {
  const first = picks[0]!.tables;
  const glyphs = [glyphOf(first, 0), ...picks.map((p) => glyphOf(p.tables, p.glyph))];
  for (const p of picks) {
    if (!sharedTuples(p.tables.get('gvar')!).equals(sharedTuples(first.get('gvar')!)))
      throw new Error('the files have different shared tuples');
    const outline = glyphOf(p.tables, p.glyph).glyf;
    if (outline.length > 0 && outline.readInt16BE(0) < 0)
      throw new Error(`U+${hex(p.point)} is a composite glyph`);
  }
  const concat = (parts: Buffer[], align: number): { data: Buffer; offsets: number[] } => {
    const offsets = [0];
    for (const part of parts) offsets.push(offsets.at(-1)! + pad(part, align).length);
    return { data: Buffer.concat(parts.map((part) => pad(part, align))), offsets };
  };
  const glyf = concat(
    glyphs.map((g) => g.glyf),
    4,
  );
  const loca = Buffer.alloc(4 * glyf.offsets.length);
  glyf.offsets.forEach((o, i) => loca.writeUInt32BE(o, 4 * i));
  const tuples = sharedTuples(first.get('gvar')!);
  const variations = concat(
    glyphs.map((g) => g.gvar),
    2,
  );
  const gvarHeader = Buffer.alloc(20 + 4 * variations.offsets.length);
  gvarHeader.writeUInt16BE(1, 0);
  gvarHeader.writeUInt16BE(first.get('gvar')!.readUInt16BE(4), 4);
  gvarHeader.writeUInt16BE(first.get('gvar')!.readUInt16BE(6), 6);
  gvarHeader.writeUInt32BE(gvarHeader.length, 8);
  gvarHeader.writeUInt16BE(glyphs.length, 12);
  gvarHeader.writeUInt16BE(1, 14); // long offsets
  gvarHeader.writeUInt32BE(gvarHeader.length + tuples.length, 16);
  variations.offsets.forEach((o, i) => gvarHeader.writeUInt32BE(o, 20 + 4 * i));
  const withCount = (table: string, offset: number): Buffer => {
    const copy = Buffer.from(first.get(table)!);
    copy.writeUInt16BE(glyphs.length, offset);
    return copy;
  };
  const head = Buffer.from(first.get('head')!);
  head.writeInt16BE(1, 50); // long loca
  const tables: Tables = new Map();
  for (const tag of ['OS/2', 'STAT', 'avar', 'fvar', 'gasp', 'name', 'post', 'prep'])
    if (first.has(tag)) tables.set(tag, first.get(tag)!);
  // maxp's largest point and contour counts: those of any file bound those of the glyphs taken.
  const maxp = Buffer.from(first.get('maxp')!);
  for (let at = 6; at < maxp.length; at += 2)
    maxp.writeUInt16BE(Math.max(...picks.map((p) => p.tables.get('maxp')!.readUInt16BE(at))), at);
  maxp.writeUInt16BE(glyphs.length, 4);
  tables.set('maxp', maxp);
  tables.set('head', head);
  tables.set('hhea', withCount('hhea', 34));
  tables.set('vhea', withCount('vhea', 34));
  tables.set('hmtx', Buffer.concat(glyphs.map((g) => g.hmtx)));
  tables.set('vmtx', Buffer.concat(glyphs.map((g) => g.vmtx)));
  tables.set('cmap', makeCmap(picks.map((p) => p.point)));
  tables.set('glyf', glyf.data);
  tables.set('loca', loca);
  tables.set('gvar', Buffer.concat([gvarHeader, tuples, variations.data]));
  return writeSfnt(tables);
}

// #endregion

/** A font file as TrueType tables, cut down by HarfBuzz to `text` with no layout closure. */
async function truetype(font: Buffer, text: string): Promise<Tables> {
  const options = { targetFormat: 'truetype', noLayoutClosure: true, keepFeatures: [] } as const;
  return readSfnt(await subsetFont(font, text, options));
}

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
  writeFileSync(JAPANESE_FONT_CSS, css);
  process.stderr.write(
    `${JAPANESE_SUBSET_FONT}: ${chars.length} characters, ${font.length} bytes\n` +
      `${JAPANESE_FONT_CSS}: ${css.length} bytes\n`,
  );
}
