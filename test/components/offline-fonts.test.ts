/**
 * Which fonts the service worker precaches (src/integrations/offline-fonts.ts): unicode-range
 * values are read with their ranges and wildcards, a face is kept when the pages have a character
 * in its range (or it has no range), and characters are found in text, script escapes and HTML
 * references alike.
 */
import { describe, expect, it } from 'vitest';
import {
  codePoints,
  faceIsUsed,
  fontFaces,
  parseUnicodeRange,
} from '../../src/integrations/offline-fonts';

describe('offline fonts', () => {
  it('reads unicode-range values: single code points, ranges and wildcards', () => {
    expect(parseUnicodeRange('U+25ee8,U+26ff6-26ff8, u+4??')).toEqual([
      [0x25ee8, 0x25ee8],
      [0x26ff6, 0x26ff8],
      [0x400, 0x4ff],
    ]);
  });

  it('lists the woff2 file and range of each @font-face of a built stylesheet', () => {
    const css =
      '@font-face{font-family:Yomi Serif JP;src:url(/_astro/jp-1.AbC.woff2) format("woff2");' +
      'unicode-range:U+6b69-6b6a}' +
      '@font-face{font-family:KaTeX_Main;src:url("/_astro/KaTeX_Main.x.woff2") format("woff2"),' +
      'url(/_astro/KaTeX_Main.x.woff) format("woff")}' +
      '@font-face{font-family:Old;src:url(/_astro/old.ttf)}' +
      'body{color:red}';
    expect(fontFaces(css)).toEqual([
      { url: '/_astro/jp-1.AbC.woff2', ranges: [[0x6b69, 0x6b6a]] },
      { url: '/_astro/KaTeX_Main.x.woff2', ranges: null },
    ]);
  });

  it('finds characters written out, escaped in scripts and referenced in HTML', () => {
    const chars = codePoints('歩 "\\u91d1" &#x9280; &#26690;');
    for (const c of ['歩', '金', '銀', '桂']) expect(chars.has(c.codePointAt(0)!)).toBe(true);
  });

  it('keeps a face whose range holds a character of the pages, and one with no range', () => {
    const chars = codePoints('<p>歩</p>');
    const face = (ranges: [number, number][] | null) => ({ url: 'f.woff2', ranges });
    expect(faceIsUsed(face([[0x6b69, 0x6b69]]), chars)).toBe(true);
    expect(faceIsUsed(face([[0x9280, 0x9280]]), chars)).toBe(false);
    expect(faceIsUsed(face(null), chars)).toBe(true);
  });
});
