/**
 * Japanese that always renders (the site's own Japanese font, japanese-font.css): on a machine
 * without Japanese system fonts, as CI's Chromium is, the pieces of a board are drawn with the
 * site's font and are not the empty box a missing glyph becomes; the English text keeps its own
 * font; and a chapter page downloads one file of the font, the subset of the characters the site
 * shows (scripts/japanese-font.ts), not the range-split files behind it.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { JAPANESE_EXTRA_FAMILY, JAPANESE_FAMILY } from '../../scripts/japanese-font';
import { describeBrowser, pageSession } from './harness';

const CHAPTER = '/board/';

/** The platform fonts Chromium used for the first element matching `selector`. */
async function platformFonts(
  page: Page,
  selector: string,
): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

/**
 * `text` drawn on a canvas in the computed font of the first element matching `selector`, and
 * U+E000 (a private-use code point no font here has: the missing-glyph box) in the same font;
 * with `without`, as it would be drawn with those families taken out of the stack. Returns how
 * many pixels differ from the box.
 */
function pixelsUnlikeBox(
  page: Page,
  selector: string,
  text: string,
  without: readonly string[] = [],
): Promise<number> {
  return page.evaluate(
    async ([selector, text, without]) => {
      const style = getComputedStyle(document.querySelector(selector)!);
      const stack = style.fontFamily
        .split(',')
        .map((family) => family.trim())
        .filter((family) => !without.includes(family.replace(/^["']|["']$/g, '')))
        .join(', ');
      const font = `${style.fontWeight} 48px ${stack}`;
      await document.fonts.load(font, text);
      const draw = (shown: string): Uint8ClampedArray => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 64;
        const ctx = canvas.getContext('2d')!;
        ctx.font = font;
        ctx.textBaseline = 'middle';
        ctx.fillText(shown, 8, 32);
        return ctx.getImageData(0, 0, 64, 64).data;
      };
      const glyph = draw(text);
      const box = draw('\uE000');
      let differ = 0;
      for (let i = 3; i < glyph.length; i += 4) if (glyph[i] !== box[i]) differ++;
      return differ;
    },
    [selector, text, without] as const,
  );
}

describeBrowser('Japanese that always renders', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  it('draws the pieces with the site’s Japanese font, not as boxes', async () => {
    const { page } = await session.open(CHAPTER);
    await page.locator('.piece-kanji').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    const piece = (await page.locator('.piece-kanji').first().textContent()) ?? '';
    expect(piece).toMatch(/[\u4e00-\u9fff]/);
    const check = await page.evaluate(
      ([family, text]) => document.fonts.check(`600 22px "${family}"`, text),
      [JAPANESE_FAMILY, piece] as const,
    );
    expect(check).toBe(true);
    const fonts = await platformFonts(page, '.piece-kanji');
    expect(fonts.some((f) => f.isCustomFont && f.familyName.startsWith('Noto Serif JP'))).toBe(
      true,
    );
    // Drawn, the piece is not the missing-glyph box…
    expect(await pixelsUnlikeBox(page, '.piece-kanji', piece)).toBeGreaterThan(50);
    // …which it would be without the site's font on a machine with no Japanese font of its own,
    // as CI's is: there the same comparison finds nothing to tell the two apart.
    if (process.env.CI === 'true')
      expect(await pixelsUnlikeBox(page, '.piece-kanji', piece, [JAPANESE_FAMILY])).toBeLessThan(
        50,
      );
    await closeCleanly();
  });

  // The analysis page's record panel asks document.fonts.load() for its KIF text, which fetches
  // every face whose range holds one of its characters.
  for (const path of [CHAPTER, '/analyse/'])
    it(`keeps English in its own font, and ${path} downloads one Japanese font file: the subset`, async () => {
      const files = new Map<string, number>();
      const fetches = new Map<string, number>();
      const { page } = await session.open(path, undefined, (blank) => {
        blank.on('response', async (r) => {
          if (!r.url().endsWith('.woff2')) return;
          fetches.set(r.url(), (fetches.get(r.url()) ?? 0) + 1);
          // A body read after the page moved on is gone: such a file counts with no bytes.
          files.set(r.url(), (await r.body().catch(() => null))?.length ?? 0);
        });
        return Promise.resolve();
      });
      await page.evaluate(() => document.fonts.ready);
      await page.waitForLoadState('networkidle');
      const japanese = [...files.keys()].filter((url) => /noto-serif-jp|japanese-font/.test(url));
      expect(japanese).toHaveLength(1);
      expect(japanese[0]).toMatch(/\/japanese-font-subset\.[^/]*woff2$/);
      // The head's preload is the fetch the @font-face uses, not a second one beside it.
      expect(fetches.get(japanese[0]!)).toBe(1);
      expect(
        await page.evaluate(
          (file) =>
            [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
              (link) => link.href === file && link.crossOrigin === 'anonymous',
            ),
          japanese[0]!,
        ),
      ).toEqual([true]);
      // …and of the family's faces the browser began to load that one alone.
      const started = await page.evaluate(
        (family) =>
          [...document.fonts].filter((f) => f.family.includes(family) && f.status !== 'unloaded')
            .length,
        JAPANESE_FAMILY,
      );
      expect(started).toBe(1);
      const paragraph = await platformFonts(page, 'main p');
      expect(
        paragraph.some((f) => f.familyName.startsWith('Noto Serif JP') && f.glyphCount > 20),
      ).toBe(false);
      const kb = files.get(japanese[0]!)! / 1024;
      expect(kb).toBeLessThan(500);
      console.info(`${path}: one Japanese font file, ${kb.toFixed(0)} KB`);
      await closeCleanly();
    });

  // 鰻 (eel) and 鶴 (crane) are in no text of the site, so not in the site's face.
  it('keeps the rest of the font out of the page until the reader types a character only it has', async () => {
    const stylesheets: string[] = [];
    const { page } = await session.open('/analyse/', undefined, (blank) => {
      blank.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
      });
      return Promise.resolve();
    });
    const paste = page.getByLabel(/^Paste a KIF/);
    await paste.waitFor();
    const stack = (): Promise<string> =>
      page.evaluate(() => getComputedStyle(document.body).fontFamily);
    const extraFaces = (): Promise<number> =>
      page.evaluate(
        (family) => [...document.fonts].filter((face) => face.family.includes(family)).length,
        JAPANESE_EXTRA_FAMILY,
      );
    expect(await stack()).toContain(JAPANESE_FAMILY);
    expect(await stack()).not.toContain(JAPANESE_EXTRA_FAMILY);
    // Not even declared: the page has not fetched the extra faces' stylesheet.
    expect(await extraFaces()).toBe(0);
    const before = stylesheets.length;
    expect(stylesheets.filter((url) => url.includes('japanese-font-extra'))).toEqual([]);
    await paste.fill('先手：鰻\n後手：鶴\n手合割：平手\n');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('ja-extra')))
      .toBe(true);
    expect(
      stylesheets.slice(before).filter((url) => url.includes('japanese-font-extra')),
    ).toHaveLength(1);
    expect(await extraFaces()).toBeGreaterThan(100);
    expect(await stack()).toContain(JAPANESE_EXTRA_FAMILY);
    // Drawn in the field's own font, 鰻 is not the missing-glyph box; without the site's two
    // families it would be, on a machine with no Japanese font of its own (CI's).
    const field = 'textarea[id$="-paste"]';
    expect(await pixelsUnlikeBox(page, field, '鰻')).toBeGreaterThan(50);
    if (process.env.CI === 'true')
      expect(
        await pixelsUnlikeBox(page, field, '鰻', [JAPANESE_FAMILY, JAPANESE_EXTRA_FAMILY]),
      ).toBeLessThan(50);
    await closeCleanly();
  });
});
