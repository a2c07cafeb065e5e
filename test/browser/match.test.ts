/**
 * Chapter 3's in-page match in Chromium: two games at depth 1 play to the end in the worker, the
 * result names the score and its interval, every game is listed and replays on the board, and a
 * longer match stops when asked.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, openPage } from './harness';

const RUNNER = '[data-widget="match-runner"]';

async function hydrated(page: Page): Promise<Locator> {
  const runner = page.locator(RUNNER).first();
  await runner.scrollIntoViewIfNeeded();
  await page.locator(`astro-island:not([ssr]) ${RUNNER}`).first().waitFor();
  return runner;
}

const state = (runner: Locator, s: string): Promise<void> =>
  runner.locator(`[data-state="${s}"]`).waitFor({ timeout: 120_000 });

describeBrowser('the match in chapter 3', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('plays two games to the end, gives the result with its interval, and replays a game', async () => {
    const { page, problems } = await openPage(browser, '/pruning/');
    const runner = await hydrated(page);
    await runner.locator('select[name="games"]').selectOption('2');
    await runner.locator('select[name="depth"]').selectOption('1');
    await runner.getByRole('button', { name: 'Play' }).click();
    await state(runner, 'done');
    expect(await runner.locator('.match-result').textContent()).toMatch(
      /A scored .* of 2 .*95 % interval/,
    );
    const rows = runner.locator('.match-games tbody tr');
    expect(await rows.count()).toBe(2);
    await rows.first().getByRole('button').click();
    const ply = await runner.locator('.match-ply').textContent();
    expect(ply).toMatch(/\d/);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('stops a longer match when asked, keeping the games finished', async () => {
    const { page, problems } = await openPage(browser, '/pruning/');
    const runner = await hydrated(page);
    await runner.locator('select[name="depth"]').selectOption('3');
    await runner.getByRole('button', { name: 'Play' }).click();
    await state(runner, 'running');
    await runner.getByRole('button', { name: 'Stop' }).click();
    await state(runner, 'stopped');
    await page.close();
    expect(problems).toEqual([]);
  });
});
