/**
 * The site's Japanese font stylesheet is what `npm run make:japanese-font` makes from the
 * dependency and the committed list of the subset's characters; the subset holds every Japanese
 * character in the sources, the board's among them, and its face alone covers them (the
 * range-split faces before it leave them out); and no face covers anything below U+2E80 (so the
 * family never takes over English text, quotes or dashes). The browser side is test/browser/japanese-font.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  JAPANESE_EXTRA_CSS,
  JAPANESE_EXTRA_FAMILY,
  JAPANESE_FAMILY,
  JAPANESE_FONT_CSS,
  JAPANESE_SUBSET_FONT,
  keepCjk,
  makeJapaneseExtraCss,
  makeJapaneseFontCss,
  rangesOf,
  rangeSplitCovers,
  readSubsetList,
  sourceFiles,
  sourceCharacters,
  withoutChars,
} from '../../scripts/japanese-font';
import { PIECE_KANJI, RANK_KANJI } from '../../src/components/widgets/board-model';

const css = readFileSync(JAPANESE_FONT_CSS, 'utf8');
const extraCss = readFileSync(JAPANESE_EXTRA_CSS, 'utf8');
const subset = readSubsetList();
/** The site's stylesheet without its comments. */
const globalCss = readFileSync('src/components/layout/global.css', 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

/** Every face's family, file and code point ranges: the extra family's, then the subset's. */
const faces = [
  ...(extraCss + css).matchAll(
    /font-family: '([^']+)';[^}]*?src: url\('([^']+)'[^;]*;\s*unicode-range:\s*([^;]+);/g,
  ),
].map((m) => ({
  family: m[1]!,
  file: m[2]!,
  ranges: m[3]!.split(',').map((part) => {
    const [lo, hi] = part.trim().slice(2).split('-');
    return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)] as const;
  }),
}));
const covers = (face: (typeof faces)[number], ch: string): boolean =>
  face.ranges.some(([lo, hi]) => ch.codePointAt(0)! >= lo && ch.codePointAt(0)! <= hi);
const covered = (ch: string): number => faces.filter((face) => covers(face, ch)).length;
const subsetFace = faces.at(-1)!;

describe('the Japanese font stylesheets', () => {
  it('are what the script makes (run npm run make:japanese-font if not)', () => {
    expect(makeJapaneseFontCss(subset)).toBe(css);
    expect(makeJapaneseExtraCss(subset)).toBe(extraCss);
  });

  it('name the subset Yomi Serif JP and the range-split faces Yomi Serif JP Extra', () => {
    expect(subsetFace.family).toBe(JAPANESE_FAMILY);
    expect(faces.filter((face) => face.family === JAPANESE_FAMILY)).toEqual([subsetFace]);
    expect(faces.slice(0, -1).every((face) => face.family === JAPANESE_EXTRA_FAMILY)).toBe(true);
    expect(faces.length).toBeGreaterThan(100);
  });

  // Every page carries japanese-font.css (Base.astro); the extra faces' 100 KB of rules cost each
  // page's first layout 3-8 ms of style work, so only japanese-fallback.ts names their file.
  it('leave the range-split faces out of every page until one needs them', () => {
    const file = JAPANESE_EXTRA_CSS.split('/').pop()!;
    expect(css).not.toContain(`'${JAPANESE_EXTRA_FAMILY}'`);
    // Imported (a static import, a dynamic one, a CSS @import) by one module alone.
    const importing = new RegExp(`(import|@import)[^;]*['"][^'"]*${file.replace('.', '\\.')}`);
    const importers = sourceFiles().filter((source) =>
      importing.test(readFileSync(source, 'utf8')),
    );
    expect(importers).toEqual(['src/components/layout/japanese-fallback.ts']);
    expect(readFileSync(importers[0]!, 'utf8')).toContain(`import('./${file}?url')`);
  });

  // A browser looks every English letter up in each face of a stack's families before the
  // generic one (where the named fonts are missing), so a stack with the 116 range-split faces
  // made a chapter's first layout about 40 % slower; japanese-fallback.ts adds them when needed.
  it('keeps the range-split faces out of every font stack until a page needs them', () => {
    const extra = new RegExp(`'${JAPANESE_EXTRA_FAMILY}'`);
    const rules = [...globalCss.matchAll(/([^{}]+)\{([^{}]*)\}/g)].filter(([, , body]) =>
      extra.test(body!),
    );
    expect(rules.map(([, selector]) => selector!.trim())).toEqual([':root.ja-extra']);
    expect(globalCss).toMatch(/--font-body:[^;]*var\(--font-site-ja\)/);
    expect(globalCss).toMatch(new RegExp(`--font-site-ja: '${JAPANESE_FAMILY}';`));
    // No other stylesheet or component names either family: they take the stacks' variables.
    const named = sourceFiles().filter(
      (file) =>
        !file.endsWith('japanese-font.css') &&
        !file.endsWith('japanese-font-extra.css') &&
        !file.endsWith('global.css') &&
        readFileSync(file, 'utf8').includes(JAPANESE_FAMILY),
    );
    expect(named).toEqual([
      'src/components/layout/japanese-fallback.ts',
      'src/components/play/RecordPanel.tsx',
    ]);
  });

  // Every page shows Japanese (the header's 読み), so the head preloads the subset and the stacks
  // that carry Japanese name the site's face first: the first layout finds each character there
  // rather than asking the system for one, and no system CJK family costs a lookup.
  it('is preloaded by every page and comes first in the stacks that carry Japanese', () => {
    const base = readFileSync('src/components/layout/Base.astro', 'utf8');
    const file = JAPANESE_SUBSET_FONT.split('/').pop()!;
    expect(base).toContain(`import japaneseFont from './${file}?url';`);
    expect(base).toMatch(
      /<link rel="preload" href=\{japaneseFont\} as="font" type="font\/woff2" crossorigin \/>/,
    );
    const stack = (name: string): string[] =>
      globalCss
        .match(new RegExp(`--${name}:([^;]*);`))![1]!
        .split(',')
        .map((family) => family.trim());
    for (const name of ['font-body', 'font-ja', 'font-ui']) {
      expect(stack(name)[0], name).toBe('var(--font-site-ja)');
      expect(stack(name).filter((f) => /CJK|Hiragino|Yu (Mincho|Gothic)/.test(f))).toEqual([]);
    }
    // Nor does any other rule (the Japanese-text rule named three before the site's face).
    expect(globalCss.match(/[^;{}]*(CJK|Hiragino|Yu (Mincho|Gothic))[^;{}]*/g)).toBeNull();
  });

  it('declares the subset last, with a range of exactly its characters', () => {
    expect(subsetFace.file).toBe(`./${JAPANESE_SUBSET_FONT.split('/').pop()}`);
    expect(faces.slice(0, -1).every((face) => face.file.includes('noto-serif-jp'))).toBe(true);
    expect(rangesOf(subset)).toBe(css.match(/unicode-range:\s*([^;]+);\s*}\s*$/)![1]);
    expect(new Set(subset).size).toBe(subset.length);
  });

  it('has in its subset every Japanese character in the sources (if not: npm run make:japanese-font)', () => {
    const inFont = rangeSplitCovers();
    const listed = new Set(subset);
    const missing = [...sourceCharacters()].filter((ch) => inFont(ch) && !listed.has(ch));
    expect(missing.join(''), 'run npm run make:japanese-font').toBe('');
    expect(subset.length).toBeGreaterThan(300);
  });

  it('draws every piece, the king 王, the rank numerals and 読み from the subset alone', () => {
    for (const ch of [...PIECE_KANJI.filter((k) => k !== ''), '王', ...RANK_KANJI, '読', 'み']) {
      expect(covers(subsetFace, ch), ch).toBe(true);
      expect(covered(ch), ch).toBe(1);
    }
  });

  it('covers each character the font has once: a subset character by the subset alone', () => {
    const inFont = rangeSplitCovers();
    expect(subset.filter((ch) => covered(ch) !== 1).join('')).toBe('');
    for (const ch of ['鬼', '𠀋', 'ヴ', '〜']) expect(covered(ch), ch).toBe(inFont(ch) ? 1 : 0);
  });

  it('draws nothing below U+2E80: not a letter, a quote, a dash or a digit', () => {
    expect(faces.length).toBeGreaterThan(100);
    for (const face of faces)
      for (const [lo] of face.ranges) expect(lo).toBeGreaterThanOrEqual(0x2e80);
    for (const ch of ['A', 'é', '’', '“', '—', '–', '1', 'α', '×']) expect(covered(ch), ch).toBe(0);
  });

  it('cuts a range that straddles U+2E80 and drops one below it', () => {
    expect(keepCjk('U+20-7e,U+2010-2027,U+2e00-2eff,U+3000')).toBe('U+2e80-2eff,U+3000');
  });

  it('splits a range around the characters it leaves out', () => {
    expect(withoutChars('U+3000-3005,U+3042,U+4e00', ['、', '〃', 'あ'])).toBe(
      'U+3000,U+3002,U+3004-3005,U+4e00',
    );
  });

  it('writes a run of consecutive characters as one range', () => {
    expect(rangesOf(['九', '一', '丁', '七', 'あ', '一'])).toBe('U+3042,U+4e00-4e01,U+4e03,U+4e5d');
  });
});
