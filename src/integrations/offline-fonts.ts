/**
 * Which web fonts the precached pages can draw with, so the service worker precaches those and no
 * others (src/integrations/offline.ts). The Japanese font alone is over a hundred files, each
 * for a slice of Unicode (its `unicode-range`); a browser fetches a file only when a page has a
 * character in its slice. Here the characters are every one in the precached pages and scripts,
 * more than are ever drawn, so no font a page needs is missed. A face without a unicode-range
 * (KaTeX's) is used for any character, so it is always kept.
 */

/** A unicode-range value (`U+0-7F, U+4??, U+3000`) as inclusive [first, last] pairs. */
export function parseUnicodeRange(value: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const token of value.split(',')) {
    const m = /^\s*u\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(token);
    if (!m) continue;
    const [, start, end] = m as unknown as [string, string, string | undefined];
    if (end !== undefined) ranges.push([parseInt(start, 16), parseInt(end, 16)]);
    else
      ranges.push([
        parseInt(start.replaceAll('?', '0'), 16),
        parseInt(start.replaceAll('?', 'f'), 16),
      ]);
  }
  return ranges;
}

export interface FontFace {
  /** The woff2 file, as the stylesheet names it. */
  url: string;
  /** The characters it is for; null for all of them. */
  ranges: [number, number][] | null;
}

/** The @font-face rules of a stylesheet that have a woff2 source (the format browsers pick). */
export function fontFaces(css: string): FontFace[] {
  const faces: FontFace[] = [];
  for (const [, body] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const url = /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(body!)?.[1];
    if (url === undefined) continue;
    const range = /unicode-range\s*:([^;}]*)/.exec(body!)?.[1];
    faces.push({ url, ranges: range === undefined ? null : parseUnicodeRange(range) });
  }
  return faces;
}

/** Every code point in `text`, counting \u escapes (scripts) and numeric references (HTML). */
export function codePoints(text: string, into = new Set<number>()): Set<number> {
  for (const ch of text) into.add(ch.codePointAt(0)!);
  for (const [, hex] of text.matchAll(/\\u\{?([0-9a-fA-F]{4,6})\}?/g)) into.add(parseInt(hex!, 16));
  for (const [, hex, dec] of text.matchAll(/&#(?:x([0-9a-fA-F]+)|([0-9]+));/g))
    into.add(hex !== undefined ? parseInt(hex, 16) : parseInt(dec!, 10));
  return into;
}

/** Whether the face would be fetched to draw one of the characters. */
export function faceIsUsed(face: FontFace, chars: ReadonlySet<number>): boolean {
  if (face.ranges === null) return true;
  const ranges = face.ranges;
  for (const c of chars) if (ranges.some(([first, last]) => c >= first && c <= last)) return true;
  return false;
}
