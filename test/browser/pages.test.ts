import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CHAPTER_PAGES,
  describeBrowser,
  laidOut,
  launchBrowser,
  openPage,
  overflowsHorizontally,
  PHONE,
  siteUrl,
  SITE_PAGES as PAGES,
} from './harness';

describeBrowser('every page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(PAGES)('%s loads cleanly and has one h1', async (path) => {
    const { page, problems } = await openPage(browser, path);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.title()).toMatch(/Yomi/);
    await page.close();
    expect(problems).toEqual([]);
  });

  it.each(PAGES)('%s fits a 390 px phone without sideways scrolling', async (path) => {
    const { page, problems } = await openPage(browser, path, PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.close();
    expect(problems).toEqual([]);
  });

  // Astro keeps a line break between tags as a space, where JSX would drop it: a term's card, a
  // link at the end of a sentence or a script after an element put one before the punctuation
  // that followed ("(持ち駒 , mochigoma)", "Chapter 7 .").
  it.each([...PAGES, ...CHAPTER_PAGES])(
    '%s puts no space between a link, a term or code and the punctuation after it',
    async (path) => {
      const { page, problems } = await openPage(browser, path);
      const loose = await page.locator('main').evaluate((main) => {
        const copy = main.cloneNode(true) as Element;
        for (const hidden of copy.querySelectorAll('.term-card, script, style, template'))
          hidden.remove();
        for (const inline of copy.querySelectorAll('a, code, em, strong, .term'))
          inline.after('\uE000');
        const text = (copy.textContent ?? '').replace(/\s+/g, ' ');
        return [...text.matchAll(/\S{0,20}\uE000(?:\uE000| )* [,.;:)]/gu)].map((m) =>
          m[0].replaceAll('\uE000', ''),
        );
      });
      expect(loose).toEqual([]);
      await page.close();
      expect(problems).toEqual([]);
    },
  );

  it("keeps a wide table's caption on a phone's screen, also as the table scrolls sideways", async () => {
    const { page, problems } = await openPage(browser, '/lab/', PHONE);
    await laidOut(page);
    // Each scrolling box whose table is wider than it, with a caption a reader sees: the caption
    // must end inside the box, before and after the box is scrolled to its far end.
    const overruns = (): Promise<number[]> =>
      page.locator('.table-scroll').evaluateAll((boxes) =>
        boxes.flatMap((box) => {
          const caption = box.querySelector('caption:not(.visually-hidden)');
          if (!caption || box.scrollWidth <= box.clientWidth) return [];
          const right = box.getBoundingClientRect().right;
          const { left, right: end } = caption.getBoundingClientRect();
          return [Math.max(0, end - right), Math.max(0, box.getBoundingClientRect().left - left)];
        }),
      );
    const before = await overruns();
    expect(before.length).toBeGreaterThan(4);
    expect(Math.max(...before)).toBeLessThanOrEqual(1);
    await page
      .locator('.table-scroll')
      .evaluateAll((boxes) => boxes.forEach((box) => (box.scrollLeft = box.scrollWidth)));
    expect(Math.max(...(await overruns()))).toBeLessThanOrEqual(1);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('answers an address the book does not have with its 404 page, status 404', async () => {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl('/no-such-chapter/'));
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toMatch(/not in the book/);
    expect(await page.locator('.not-found-chapters a[href="/board/"]').count()).toBe(1);
    await page.close();
  });

  it('does not reload the page when a widget’s form is submitted before it hydrates', async () => {
    const { page, problems } = await openPage(browser, '/move-evaluation/');
    // The ordering comparison is far below the first screen, so it has not hydrated yet.
    const form = page.locator('astro-island[ssr] [data-widget="ordering-compare"] form').first();
    expect(await form.count()).toBe(1);
    const before = page.url();
    await page.evaluate(() => {
      (window as unknown as { __same: boolean }).__same = true;
      document
        .querySelector<HTMLFormElement>('astro-island[ssr] [data-widget="ordering-compare"] form')!
        .requestSubmit();
    });
    await page.waitForTimeout(300);
    expect(page.url()).toBe(before);
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(
      true,
    );
    await page.close();
    expect(problems).toEqual([]);
  });

  it('gives every page a social preview, and names no address it was not given', async () => {
    // The tests build as `npm run build` does on a fresh clone, without SITE_URL: then no page
    // names an address (no canonical link, no og:url, no sitemap), least of all localhost's.
    // With SITE_URL they appear (test/components/site-address.test.ts checks the configuration).
    const { page, problems } = await openPage(browser, '/end-of-game/');
    const meta = (selector: string): Promise<string | null> =>
      page.locator(selector).getAttribute('content');
    expect(await meta('meta[property="og:title"]')).toMatch(/Mates, drop-pawn mate/);
    expect((await meta('meta[property="og:description"]'))?.length).toBeGreaterThan(40);
    expect(await meta('meta[property="og:type"]')).toBe('article');
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    expect(await page.locator('meta[property="og:url"]').count()).toBe(0);
    expect(await page.locator('link[rel="sitemap"]').count()).toBe(0);
    expect(await page.content()).not.toMatch(/localhost|127\.0\.0\.1/);
    const sitemap = await page.request.get(siteUrl('/sitemap-index.xml'));
    expect(sitemap.status()).toBe(404);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('lists every planned chapter on the home page, linking only the written ones', async () => {
    const { page } = await openPage(browser, '/');
    const items = page.locator('.chapter-list > li');
    expect(await items.count()).toBe(8);
    await expect.poll(() => page.locator('.chapter-list a[href="/board/"]').count()).toBe(1);
    expect(await page.locator('.chapter-list .planned a').count()).toBe(0);
    await page.close();
  });

  it('links each chapter heading from the table of contents', async () => {
    const { page } = await openPage(browser, '/board/');
    const targets = await page
      .locator('.toc a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      expect(await page.locator(target).count(), `${target} has no heading`).toBe(1);
    }
    await page.close();
  });

  it('links glossary terms in the chapter to rows that exist', async () => {
    const { page } = await openPage(browser, '/board/');
    const anchors = await page
      .locator('article a[href^="/glossary/#"]')
      .evaluateAll((links) =>
        links.map((link) => (link.getAttribute('href') ?? '').replace('/glossary/', '')),
      );
    await page.close();
    const glossary = await openPage(browser, '/glossary/');
    for (const anchor of anchors) {
      expect(await glossary.page.locator(`tr${anchor}`).count(), `glossary row ${anchor}`).toBe(1);
    }
    await glossary.page.close();
  });

  it("links every quoted region to its lines on the engine file's page, and marks them", async () => {
    const { page, problems } = await openPage(browser, '/board/');
    const links = await page
      .locator('figure.source figcaption a:not([download])')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    await page.close();
    for (const href of new Set(links)) {
      const [path, fragment] = href.split('#');
      expect(path, href).toMatch(/^\/source\/engine\/.+\/$/);
      const range = /^L(\d+)(?:-L(\d+))?$/.exec(fragment ?? '');
      expect(range, href).not.toBeNull();
      const first = Number(range![1]);
      const last = Number(range![2] ?? range![1]);
      const target = await openPage(browser, href);
      // Both ends exist, and every line of the region is marked.
      expect(await target.page.locator(`#L${first}`).count(), href).toBe(1);
      expect(await target.page.locator(`#L${last}`).count(), href).toBe(1);
      if (last > first)
        expect(await target.page.locator('[data-cited]').count(), href).toBe(last - first + 1);
      await target.page.close();
      expect(target.problems).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  it('copies a quoted region with its copy button', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto(siteUrl('/board/'), { waitUntil: 'networkidle' });
    const figure = page.locator('figure.source').first();
    if ((await figure.count()) > 0) {
      await figure.locator('button.source-copy').click();
      await expect.poll(() => figure.locator('button.source-copy').textContent()).toBe('Copied');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await figure.locator('pre').textContent());
    }
    await context.close();
  });
});
