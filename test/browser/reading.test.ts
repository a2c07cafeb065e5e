/**
 * Reading progress, kept in the browser only: scrolling through part of a chapter marks the
 * sections read in its contents and the section being read; the share survives a reload and
 * shows on the home page's contents; every chapter ends with its references.
 */
import { expect, it } from 'vitest';
import { LAID_OUT } from '../../src/components/layout/progressive-layout';
import { describeBrowser, inFlight, laidOut, pageSession } from './harness';

describeBrowser('reading progress and references', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  it('lays a chapter out a step at a time after load, and ends with the whole of it laid out', async () => {
    const { page } = await session.open('/pruning/');
    const article = page.locator('article.chapter');
    const visibility = (): Promise<string[]> =>
      article.evaluate((a) => [...a.children].map((b) => getComputedStyle(b).contentVisibility));
    // A widget's island has no box (display: contents): the rule is on the widget inside it,
    // 'auto' until its island is laid out, then 'visible'.
    const widgets = (): Promise<string[]> =>
      article.evaluate((a) =>
        [...a.querySelectorAll(':scope > astro-island > *')].map(
          (w) =>
            `${w.parentElement!.classList.contains('laid')} ${getComputedStyle(w).contentVisibility}`,
        ),
      );
    // Whatever is not laid out yet is left to the browser (laid out near the screen only)…
    const early = await visibility();
    expect(early.every((v) => v === 'auto' || v === 'visible')).toBe(true);
    const earlyWidgets = await widgets();
    expect(earlyWidgets.length).toBeGreaterThan(2);
    for (const widget of earlyWidgets) expect(['false auto', 'true visible']).toContain(widget);
    // …and after load every block is laid out in steps, then the chapter is whole.
    await expect.poll(() => article.getAttribute(LAID_OUT), { timeout: 20_000 }).not.toBeNull();
    expect(new Set(await visibility())).toEqual(new Set(['visible']));
    expect(new Set(await widgets())).toEqual(new Set(['true visible']));
    expect(await page.locator('nav.toc [data-progress]').textContent()).toMatch(/% read$/);
    await closeCleanly();
  });

  it('lays the Lab out in steps too, and a link to a late experiment stays on its heading', async () => {
    const { page } = await session.open('/lab/');
    const sections = page.locator('.lab-experiments.lays-out > section.lab-experiment');
    expect(await sections.count()).toBeGreaterThan(10);
    await laidOut(page);
    expect(
      new Set(
        await page
          .locator('.lab-experiments > *')
          .evaluateAll((blocks) => blocks.map((b) => getComputedStyle(b).contentVisibility)),
      ),
    ).toEqual(new Set(['visible']));

    // Opened at an experiment near the end, the blocks above it start with guessed heights;
    // as they are laid out, the page must not carry the heading away from the top of the window.
    const last = (await sections.last().getAttribute('data-experiment'))!;
    await page.goto(`${new URL(page.url()).origin}/lab/#${last}`, { waitUntil: 'load' });
    await laidOut(page);
    await page.waitForTimeout(300);
    const top = await page.locator(`[id="${last}"]`).evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(100);
    await closeCleanly();
  });

  it('marks what was read, keeps it across a reload, and shows it on the home page', async () => {
    const { page } = await session.open('/horizon/');
    const quiet = inFlight(page);
    const progress = page.locator('nav.toc [data-progress]');
    // The first screen counts as read: a few per cent of a long chapter.
    await expect.poll(() => progress.textContent()).toMatch(/^\d% read$/);

    // Scroll until the third section's heading is at the top of the window.
    const third = page.locator('nav.toc a').nth(2);
    const target = (await third.getAttribute('href'))!;
    await page.evaluate((id) => {
      document.getElementById(id.slice(1))!.scrollIntoView({ block: 'start' });
    }, target);
    await expect.poll(() => third.getAttribute('aria-current')).toBe('location');
    expect(await page.locator('nav.toc a[aria-current]').count()).toBe(1);
    expect(await page.locator('nav.toc a').nth(0).getAttribute('data-read')).toBe('');
    expect(await page.locator('nav.toc a').last().getAttribute('data-read')).toBeNull();
    const text = (await progress.textContent())!;
    expect(text).toMatch(/^\d+% read$/);
    const share = Number(/\d+/.exec(text)![0]);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(100);

    await quiet();
    // Back at the top after a reload, the furthest point is still remembered.
    await page.reload({ waitUntil: 'networkidle' });
    // The share is the furthest point over the page's height as laid out now; a reload that lays
    // the page out a few pixels differently (fonts from the cache, islands) may round it one
    // point the other way.
    await expect
      .poll(async () =>
        Math.abs(Number(/\d+/.exec((await progress.textContent()) ?? '')?.[0]) - share),
      )
      .toBeLessThanOrEqual(1);
    const kept = (await progress.textContent())!;
    const keptShare = Number(/\d+/.exec(kept)![0]);
    expect(await page.locator('nav.toc a').nth(0).getAttribute('data-read')).toBe('');

    await quiet();
    await page.goto(page.url().replace('/horizon/', '/'), { waitUntil: 'networkidle' });
    const item = page.locator('[data-chapter-progress="horizon"]');
    await expect.poll(() => item.getAttribute('data-started')).toBe('');
    expect(await item.locator('[data-progress-mark]').getAttribute('data-progress-mark')).toBe(
      `${keptShare}%`,
    );
    expect(await item.locator('[data-progress-text]').textContent()).toBe(`, ${kept}`);
    expect(
      await page.locator('[data-chapter-progress="board"]').getAttribute('data-started'),
    ).toBeNull();

    // Reaching the end reads the chapter through.
    await page.goto(page.url().replace(/\/$/, '/horizon/'), { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => progress.textContent()).toBe('read');
    await quiet();
    await closeCleanly();
  });

  it('ends a chapter with its source documents and further reading, listed in its contents', async () => {
    const { page } = await session.open('/dual-credit/');
    await laidOut(page);
    const references = page.locator('section.chapter-references');
    expect(await references.locator('h2').innerText()).toBe('References');
    const items = references.locator('li');
    expect(await items.first().innerText()).toMatch(/^Seed 001: /);
    expect(await items.first().locator('a').getAttribute('href')).toBe('/references/#seed-001');
    expect(await references.locator('a[href*="doi.org"]').count()).toBeGreaterThan(0);
    expect(await page.locator('nav.toc a[href="#chapter-references"]').count()).toBe(1);
    await closeCleanly();
  });
});
