/**
 * Chapter 6's speed measurement in Chromium: two cheap forms measured at depth 2 come back as
 * rows with their nodes and nodes per second; a long measurement stops when asked (its worker
 * gone, no more rows); and the widget fits a phone, its table scrolling inside its own box.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, hydrate, pageSession, overflowsHorizontally, PHONE } from './harness';

const PAGE = '/effect-tables/';
const WIDGET = '[data-widget="eval-speed"]';

/** Tick exactly these forms. */
async function choose(widget: Locator, forms: readonly string[]): Promise<void> {
  for (const box of await widget.locator('input[type="checkbox"][name="form"]').all())
    await box.setChecked(forms.includes((await box.getAttribute('value')) ?? ''));
}

const state = (widget: Locator, s: string, timeout = 60_000): Promise<void> =>
  widget.locator(`.es-status[data-state="${s}"]`).waitFor({ timeout });

describeBrowser('chapter 6, the speed of each form', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  const open = async (viewport?: typeof PHONE): Promise<{ page: Page; widget: Locator }> => {
    const opened = await session.open(PAGE, viewport);
    return { page: opened.page, widget: await hydrate(opened.page, WIDGET) };
  };

  it('measures two forms at depth 2: a row each, with nodes and nodes per second', async () => {
    const { widget } = await open();
    await choose(widget, ['material', 'KKPEE9, factored']);
    await widget.locator('select[name="depth"]').selectOption('2');
    await widget.getByRole('button', { name: 'Measure' }).click();
    await state(widget, 'done');
    const rows = widget.locator('tbody tr');
    expect(await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-form')))).toEqual([
      'material',
      'KKPEE9, factored',
    ]);
    for (const row of await rows.all()) {
      expect(Number(await row.getAttribute('data-nodes'))).toBeGreaterThan(0);
      expect(Number(await row.getAttribute('data-nps'))).toBeGreaterThan(0);
    }
    // Material is its own baseline here; KKPEE9's tables are 315 kB.
    expect(await rows.first().locator('td').nth(3).textContent()).toBe('1.00×');
    expect(await rows.nth(1).locator('td').nth(4).textContent()).toMatch(/^315 kB/);
    expect(await widget.locator('caption').textContent()).toContain('Depth 2');
    await closeCleanly();
  });

  it('says that forms with the same constants read the same tree', async () => {
    const { widget } = await open();
    await choose(widget, ['N = 2, factored', 'N = 2, big table']);
    await widget.locator('select[name="depth"]').selectOption('2');
    await widget.getByRole('button', { name: 'Measure' }).click();
    await state(widget, 'done');
    const nodes = await widget
      .locator('tbody tr')
      .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-nodes')));
    expect(nodes).toHaveLength(2);
    expect(nodes[0]).toBe(nodes[1]);
    expect(await widget.locator('.es-checks [data-group="N = 2"]').getAttribute('data-same')).toBe(
      'true',
    );
    await closeCleanly();
  });

  it('stops a long measurement at once: its worker ends and no more rows come', async () => {
    const { page, widget } = await open();
    await choose(widget, ['material', 'first table, formula', 'KKPEE9, formula']);
    await widget.locator('select[name="depth"]').selectOption('4');
    // Every worker started from here on (one a form) must be gone once Stop is pressed.
    const workers: { closed: boolean }[] = [];
    page.on('worker', (worker) => {
      const entry = { closed: false };
      workers.push(entry);
      worker.once('close', () => (entry.closed = true));
    });
    await widget.getByRole('button', { name: 'Measure' }).click();
    await state(widget, 'running');
    await widget.locator('tbody tr[data-form="material"]').waitFor({ timeout: 30_000 });
    await widget.getByRole('button', { name: 'Stop' }).click();
    await state(widget, 'stopped');
    expect(await widget.locator('.es-status').textContent()).toMatch(/Stopped after 1 of 3 forms/);
    expect(workers.length).toBeGreaterThanOrEqual(2);
    // The page drops the worker at once; Chromium takes a moment to report it gone.
    await expect.poll(() => workers.every((w) => w.closed), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(1000);
    expect(await widget.locator('tbody tr').count()).toBe(1);
    // The controls are back.
    expect(await widget.getByRole('button', { name: 'Measure' }).isEnabled()).toBe(true);
    expect(await widget.locator('select[name="depth"]').isEnabled()).toBe(true);
    await closeCleanly();
  });

  it('refuses to measure nothing', async () => {
    const { widget } = await open();
    await choose(widget, []);
    await widget.getByRole('button', { name: 'Measure' }).click();
    expect(await widget.getByRole('alert').textContent()).toMatch(/at least one form/);
    await closeCleanly();
  });

  it('fits a phone, the results table scrolling in its own box', async () => {
    const { page, widget } = await open(PHONE);
    await choose(widget, ['material', 'N = 2, factored']);
    await widget.locator('select[name="depth"]').selectOption('2');
    await widget.getByRole('button', { name: 'Measure' }).click();
    await state(widget, 'done');
    const box = await widget.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await overflowsHorizontally(page)).toBe(false);
    const scroller = widget.locator('.es-results');
    expect(await scroller.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    await closeCleanly();
  });
});
