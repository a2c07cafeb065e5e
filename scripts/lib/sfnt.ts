/**
 * TrueType tables at the byte level, for the site's Japanese subset font (scripts/japanese-font.ts):
 * read and write an sfnt, read and make a cmap, take one glyph (outline, variations, metrics) from
 * a file, merge glyphs taken from several files of one font into one, and cut a font down with
 * HarfBuzz (through subset-font) to TrueType tables.
 */
import subsetFont from 'subset-font';

const hex = (n: number): string => n.toString(16);

export type Tables = Map<string, Buffer>;

export function readSfnt(font: Buffer): Tables {
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

export function writeSfnt(tables: Tables): Buffer {
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
export function readCmap(cmap: Buffer): Map<number, number> {
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

export function glyphOf(t: Tables, id: number): Glyph {
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

export const pad = (data: Buffer, to: number): Buffer =>
  Buffer.concat([data, Buffer.alloc((to - (data.length % to)) % to)]);

/**
 * One font of the given characters' glyphs, each taken whole from a file (TrueType, one glyph per
 * character, no composite glyphs) of the same variable font. The tables that describe the font
 * rather than a glyph (fvar, avar, STAT, name, …) come from the first file; the layout tables
 * (GSUB, GPOS: vertical forms, proportional kana) and HVAR are left out, so advances vary by the
 * outlines' phantom points. HarfBuzz rewrites the result, mending the counts and bounds.
 */
export function mergeGlyphs(picks: { point: number; tables: Tables; glyph: number }[]): Buffer {
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
export async function truetype(font: Buffer, text: string): Promise<Tables> {
  const options = { targetFormat: 'truetype', noLayoutClosure: true, keepFeatures: [] } as const;
  return readSfnt(await subsetFont(font, text, options));
}
