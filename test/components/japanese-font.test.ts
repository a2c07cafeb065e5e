/**
 * The site's Japanese font stylesheet is what `npm run make:japanese-font` makes from the
 * dependency today; it covers every character a board draws, and none below U+2E80 (so it never
 * takes over English text, quotes or dashes). The browser side is test/browser/japanese-font.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JAPANESE_FONT_CSS, keepCjk, makeJapaneseFontCss } from '../../scripts/japanese-font';
import { PIECE_KANJI, RANK_KANJI } from '../../src/components/widgets/board-model';

const css = readFileSync(JAPANESE_FONT_CSS, 'utf8');

/** Every face's code point ranges. */
const ranges = [...css.matchAll(/unicode-range:\s*([^;]+);/g)].map((m) =>
  m[1]!.split(',').map((part) => {
    const [lo, hi] = part.trim().slice(2).split('-');
    return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)] as const;
  }),
);
const covered = (ch: string): number =>
  ranges.filter((face) =>
    face.some(([lo, hi]) => ch.codePointAt(0)! >= lo && ch.codePointAt(0)! <= hi),
  ).length;

describe('the Japanese font stylesheet', () => {
  it('is what the script makes (run npm run make:japanese-font if not)', () => {
    expect(makeJapaneseFontCss()).toBe(css);
  });

  it('covers every piece, the king 王 and the rank numerals, each in exactly one file', () => {
    for (const ch of [...PIECE_KANJI.filter((k) => k !== ''), '王', ...RANK_KANJI, '読', 'み'])
      expect(covered(ch), ch).toBe(1);
  });

  it('draws nothing below U+2E80: not a letter, a quote, a dash or a digit', () => {
    expect(ranges.length).toBeGreaterThan(100);
    for (const face of ranges) for (const [lo] of face) expect(lo).toBeGreaterThanOrEqual(0x2e80);
    for (const ch of ['A', 'é', '’', '“', '—', '–', '1', 'α', '×']) expect(covered(ch), ch).toBe(0);
  });

  it('cuts a range that straddles U+2E80 and drops one below it', () => {
    expect(keepCjk('U+20-7e,U+2010-2027,U+2e00-2eff,U+3000')).toBe('U+2e80-2eff,U+3000');
  });
});
