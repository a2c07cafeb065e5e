/**
 * Chapters 3 and 4's scheme chart in Chromium: it measures every scheme on its first position in
 * the worker, draws a line and fills a table row for each, measures again when the position
 * changes, and fits a phone. (The search explorers and trees on these pages are covered by
 * explorer.test.ts.)
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, pageSession, overflowsHorizontally, PHONE } from './harness';

const CHART = '[data-widget="scheme-chart"]';

async function hydrated(page: Page): Promise<Locator> {
  const chart = page.locator(CHART).first();
  await chart.scrollIntoViewIfNeeded();
  await page.locator(`astro-island:not([ssr]) ${CHART}`).first().waitFor();
  return chart;
}

const done = (chart: Locator): Promise<void> =>
  chart.locator('xpath=self::*[@data-state="done"]').waitFor({ timeout: 90_000 });

/** Nodes per scheme row, as the table shows them. */
const nodesByScheme = (chart: Locator): Promise<Record<string, number>> =>
  chart
    .locator('tbody tr')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((r) => [
          r.getAttribute('data-scheme') ?? '',
          Number(r.querySelector('[data-nodes]')?.getAttribute('data-nodes') || 0),
        ]),
      ),
    );

describeBrowser('the scheme chart on chapters 3 and 4', () => {
  const { open, closeCleanly } = pageSession();

  for (const path of ['/pruning/', '/horizon/'])
    it(`on ${path}, measures every scheme and draws a line for each, also on a phone`, async () => {
      for (const viewport of [undefined, PHONE]) {
        const opened = await open(path, viewport);
        const chart = await hydrated(opened.page);
        await done(chart);
        const nodes = await nodesByScheme(chart);
        expect(Object.keys(nodes).length).toBeGreaterThanOrEqual(3);
        for (const [scheme, n] of Object.entries(nodes)) expect(n, scheme).toBeGreaterThan(0);
        expect(await chart.locator('.sc-series').count()).toBe(Object.keys(nodes).length);
        expect(await overflowsHorizontally(opened.page)).toBe(false);
        await closeCleanly();
      }
    });

  it('measures again when the position changes, and hides a line on request', async () => {
    const opened = await open('/pruning/');
    const chart = await hydrated(opened.page);
    await done(chart);
    const before = await nodesByScheme(chart);
    const select = chart.locator('select').first();
    const second = await select.locator('option').nth(1).getAttribute('value');
    expect(second).not.toBeNull();
    await select.selectOption(second ?? '');
    await chart.locator('xpath=self::*[@data-state="running"]').waitFor({ timeout: 5_000 });
    await done(chart);
    const after = await nodesByScheme(chart);
    expect(after.plain).toBeGreaterThan(0);
    expect(after.plain).not.toBe(before.plain);
    const key = chart.locator('tbody tr[data-scheme="plain"] .sc-key');
    await key.click();
    expect(await key.getAttribute('aria-pressed')).toBe('false');
    expect(await chart.locator('.sc-series[data-scheme="plain"]').count()).toBe(0);
    await closeCleanly();
  });
});
