/**
 * Parts of an island that hydrate after the rest (src/components/widgets/later.tsx): the Analyse
 * page's explorer (its board, limits and results, options, statistics and tree) and its record
 * panel, the Play page's board, settings and record panel, and the move evaluator's board, position
 * box and constants. Each is in the server's HTML, keeps it while its island hydrates, and is drawn
 * anew once, a task later: the same text as the server's (so nothing the reader sees changes), in a
 * task of its own (not the island's hydration task), without a layout shift, and with its controls
 * working.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, hydrate, pageSession } from './harness';

/** Pages with later parts, the widget that holds them, and how many its HTML has. */
const PAGES = [
  { path: '/analyse/', widget: '[data-widget="search-explorer"]', parts: 6 },
  { path: '/play/', widget: '[data-widget="play"]', parts: 2 },
  { path: '/move-evaluation/', widget: '[data-widget="move-evaluator"]', parts: 2 },
] as const;

interface Drawn {
  /** The part's text as the server drew it, and once the island drew it. */
  served: string;
  drawn: string | null;
  /** When the island drew it, and how many times its children were replaced. */
  at: number | null;
  replaced: number;
}

/** In the page, before its first byte: follows every later part from the HTML to its drawing. */
function followLaterParts(): void {
  const parts = new Map<Element, Drawn>();
  const shifts = { total: 0 };
  (window as unknown as { __later: unknown }).__later = { parts, shifts };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!e.hadRecentInput) shifts.total += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  // Its text, less its form controls: the server draws a stand-in for each (controls.tsx).
  const text = (el: Element) => {
    const copy = el.cloneNode(true) as Element;
    for (const control of copy.querySelectorAll('yomi-standin, input, select, textarea'))
      control.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  document.addEventListener('DOMContentLoaded', () => {
    for (const el of document.querySelectorAll('[data-later]'))
      parts.set(el, { served: text(el), drawn: null, at: null, replaced: 0 });
  });
  new MutationObserver((mutations) => {
    // Removals up to the part's drawing, and with it (the same batch): not its later renders.
    const drawnNow = new Map<Drawn, Element>();
    for (const m of mutations) {
      const el = m.target as Element;
      const part = parts.get(el);
      if (!part) continue;
      if (m.type === 'attributes' && !el.hasAttribute('data-later')) {
        part.at = performance.now();
        drawnNow.set(part, el);
      }
      if (
        m.type === 'childList' &&
        m.removedNodes.length > 0 &&
        (part.at === null || drawnNow.has(part))
      )
        part.replaced++;
    }
    for (const [part, el] of drawnNow) part.drawn = text(el);
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-later'],
  });
}

const report = (page: Page) =>
  page.evaluate(() => {
    const { parts } = (window as unknown as { __later: { parts: Map<Element, Drawn> } }).__later;
    return [...parts.values()];
  });

describeBrowser('parts of an island that hydrate later', () => {
  const session = pageSession();

  it.each(PAGES)(
    '$path: its $parts later parts keep the server HTML, then are drawn once with the same text',
    async ({ path, widget, parts }) => {
      const { page } = await session.open(path, undefined, async (blank) => {
        await blank.addInitScript(followLaterParts);
      });
      await hydrate(page, widget);
      const drawn = await report(page);
      expect(drawn.length).toBe(parts);
      for (const part of drawn) {
        expect(part.served.length).toBeGreaterThan(0);
        expect(part.drawn).toBe(part.served);
        // Its server children went once, when the island drew it: not while hydrating.
        expect(part.replaced).toBe(1);
      }
      // Drawn one after another, in tasks of their own.
      const times = drawn.map((p) => p.at!).sort((a, b) => a - b);
      expect(new Set(times).size).toBe(times.length);
      // Nothing moved (the results' arrival in the result card may shift a little: under 0.01).
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { __later: { shifts: { total: number } } }).__later.shifts.total,
        ),
      ).toBeLessThan(0.01);
      await session.closeCleanly();
    },
  );

  it("the Analyse page's later parts work once drawn", async () => {
    const { page } = await session.open('/analyse/');
    const explorer = await hydrate(page, '[data-widget="search-explorer"]');
    // An option in a folded group (the options panel is a later part).
    const group = explorer.locator('.se-options details').first();
    await group.locator('summary').click();
    await expect.poll(() => group.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // The chart's scale switch (the statistics are a later part).
    const log = explorer.locator('.se-stats input[type="checkbox"]').first();
    const before = await log.isChecked();
    await log.click();
    expect(await log.isChecked()).toBe(!before);
    // The record panel: export as CSA.
    const record = page.locator('[data-widget="analyse-record"]');
    await record.getByRole('radio', { name: /CSA/ }).check();
    await expect.poll(() => record.locator('textarea').first().inputValue()).toMatch(/^V2/m);
    await session.closeCleanly();
  });
});
