/**
 * The search explorer kit in Chromium, on chapter 3's page: a slider changes the search (its node
 * count and the PV drawn on the board), side by side shows two results and their ratios, the
 * configuration survives a reload through the address, a bad address is named without breaking
 * anything, Stop stops, and the tree viewer opens nodes and replays the search from the keyboard,
 * also on a phone.
 *
 * The tests drive the first explorer on the page that has an `id` (its address namespace), and
 * set up the position and options they need through the address, so they do not depend on the
 * chapter's own choices beyond which sliders it shows.
 */
import type { Locator } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  hydrate,
  pageSession,
  overflowsHorizontally,
  PHONE,
  settled,
  siteUrl,
} from './harness';

const PAGE = '/pruning/';
/** The chapters that embed the kit. */
const KIT_PAGES = ['/pruning/', '/horizon/'];
const EXPLORER = '[data-widget="search-explorer"][data-explorer]';
/** An opening skirmish where the sliders below change both the node count and the PV. */
const ROOK_EXCHANGE = 'startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d';

/**
 * Sliders to move, most telling first: the option that must be on, two values, the depth, and
 * whether the PV changes between them there (checked in Node: the engine is deterministic).
 */
const SLIDER_CASES = [
  {
    path: 'forwardThreshold',
    a: 'forwardPruning:threshold',
    values: [-3000, 3000],
    depth: 3,
    pv: true,
  },
  { path: 'forwardRank', a: 'forwardPruning:rank', values: [100, 1], depth: 4, pv: true },
  {
    path: 'moveEval.captureBonus',
    a: 'ordering:move-evaluation',
    values: [5000, 0],
    depth: 3,
    pv: true,
  },
  { path: 'futilityMargin', a: 'futility:true', values: [2000, 0], depth: 4, pv: false },
  { path: 'lmrBase', a: 'lmr:true', values: [0, 300], depth: 4, pv: false },
  { path: 'razorMargin', a: 'razoring:true', values: [3000, 0], depth: 4, pv: false },
  { path: 'nullMoveR', a: 'nullMove:true', values: [1, 5], depth: 4, pv: false },
] as const;

interface Shown {
  nodes: number;
  pv: string;
  /** The arrows on the explorer's board, in drawing order, with their classes and ends. */
  arrows: string[];
}

async function shown(explorer: Locator, card = 'single'): Promise<Shown> {
  const result = explorer.locator(`[data-result="${card}"]`);
  const nodes = Number(await result.locator('[data-nodes]').getAttribute('data-nodes'));
  const pv = (await result.locator('[data-pv]').getAttribute('data-pv')) ?? '';
  const arrows = await explorer
    .locator('.se-board .arrows > *')
    .evaluateAll((els) =>
      els.map(
        (e) =>
          `${e.getAttribute('class')} ${['x1', 'y1', 'x2', 'y2', 'cx', 'cy'].map((a) => e.getAttribute(a) ?? '').join(',')}`,
      ),
    );
  return { nodes, pv, arrows };
}

describeBrowser('the search explorer kit on chapter 3', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  /** Chapters are written by their own issues; until a page exists its tests are skipped. */
  const written = new Map<string, boolean>();

  beforeAll(async () => {
    for (const path of KIT_PAGES) written.set(path, (await fetch(siteUrl(path))).ok);
  });

  /** A test of a chapter's page, skipped (with the reason) while the page does not exist. */
  const test = (name: string, body: () => Promise<void>, path = PAGE): void => {
    it(name, async ({ skip }) => {
      skip(!written.get(path), `${path} is not written yet`);
      await body();
    });
  };

  const open = async (query = '', viewport?: { width: number; height: number }, path = PAGE) =>
    (await session.open(`${path}${query}`, viewport)).page;

  /** The explorer's address namespace (read from a first visit). */
  const namespace = async (): Promise<string> => {
    const page = await open();
    const explorer = await hydrate(page, EXPLORER);
    const id = await explorer.getAttribute('data-explorer');
    await closeCleanly();
    if (!id) throw new Error(`no explorer with an id on ${PAGE}`);
    return id;
  };

  const query = (id: string, params: Record<string, string | number>): string =>
    `?${Object.entries(params)
      .map(([k, v]) => `${id}.${k}=${encodeURIComponent(String(v))}`)
      .join('&')}`;

  test('walks a guided experiment one click a step, with what to look for beside it', async () => {
    const page = await open();
    const explorer = page.locator('[data-widget="search-explorer"][data-explorer="forward"]');
    await hydrate(page, '[data-widget="search-explorer"][data-explorer="forward"]');
    const steps = explorer.locator('.guided-steps button');
    expect(await steps.count()).toBe(5);
    const best = async (n: number): Promise<string> => {
      await steps.nth(n - 1).click();
      expect(await steps.nth(n - 1).getAttribute('aria-pressed')).toBe('true');
      // The step's search starts after the explorer's pause: wait for it, then for its answer.
      await explorer.locator('.result-card[aria-busy="true"]').waitFor({ timeout: 5000 });
      await settled(explorer);
      return (await shown(explorer)).pv.split(' ')[0] ?? '';
    };
    // Plain α-β plays the fork; the seed's rule prunes it; keeping checks brings it back.
    expect(await best(1)).toBe('3g2e');
    expect(await explorer.locator('.guided-note').textContent()).toMatch(/plays the fork/);
    expect(await best(2)).toBe('4h4i');
    expect(await best(4)).toBe('3g2e');
    await closeCleanly();
  });

  test('moving a slider changes the node count and the PV drawn on the board', async () => {
    const id = await namespace();
    let page = await open();
    let explorer = await hydrate(page, EXPLORER);
    const sliders = await explorer
      .locator('[data-option] input[type="range"]')
      .evaluateAll((els) =>
        els.map((e) => e.closest('[data-option]')!.getAttribute('data-option')),
      );
    const c = SLIDER_CASES.find((s) => sliders.includes(s.path));
    if (!c)
      throw new Error(
        `none of the test's sliders is shown; the explorer has: ${sliders.join(', ')}`,
      );
    await closeCleanly();

    page = await open(
      query(id, { pos: ROOK_EXCHANGE, a: `${c.a},${c.path}:${c.values[0]}`, depth: c.depth }),
    );
    explorer = await hydrate(page, EXPLORER);
    await settled(explorer);
    const before = await shown(explorer);
    expect(before.nodes).toBeGreaterThan(0);
    // The PV is drawn: a strong first move, the rest faint, one arrow (or ring) per move.
    expect(before.arrows).toHaveLength(before.pv.split(' ').length);
    expect(before.arrows[0]).not.toContain('faint');
    expect(before.arrows.slice(1).every((a) => a.includes('faint'))).toBe(true);

    const slider = explorer.locator(`[data-option="${c.path}"] input[type="range"]`);
    await slider.fill(String(c.values[1]));
    // At once: the old result stays, dimmed, while the new search waits and runs.
    await explorer.locator('.result-card.stale').waitFor({ timeout: 2000 });
    expect(await explorer.locator('[data-nodes]').count()).toBe(1);
    await settled(explorer);
    const after = await shown(explorer);
    expect(after.nodes).not.toBe(before.nodes);
    expect(after.arrows).toHaveLength(after.pv.split(' ').length);
    if (c.pv) {
      expect(after.pv).not.toBe(before.pv);
      expect(after.arrows).not.toEqual(before.arrows);
    }
    // The changed option is marked and can be reset.
    const row = explorer.locator(`[data-option="${c.path}"]`);
    expect(await row.getAttribute('class')).toContain('changed');
    await row.locator('.opt-reset').click();
    expect(await row.getAttribute('class')).not.toContain('changed');
    await settled(explorer);
    await closeCleanly();
  });

  test('side by side, shows two results, their ratios and whether they agree', async () => {
    const id = await namespace();
    const page = await open(query(id, { pos: ROOK_EXCHANGE, depth: 3 }));
    const explorer = await hydrate(page, EXPLORER);
    await settled(explorer);
    await explorer.locator('[data-compare]').check();
    await settled(explorer);
    const a = await shown(explorer, 'A');
    const b = await shown(explorer, 'B');
    expect(a.nodes).toBeGreaterThan(0);
    expect(b.nodes).toBeGreaterThan(0);
    const ratio = await explorer.locator('[data-node-ratio]').textContent();
    expect(ratio).toMatch(/^\d+(\.\d+)?×$/);
    expect(Number.parseFloat(ratio!)).toBeCloseTo(b.nodes / a.nodes, 1);
    expect(await explorer.locator('[data-time-ratio]').textContent()).toMatch(/×$/);
    const sameMove = await explorer.locator('[data-same-move]').getAttribute('data-same-move');
    expect(sameMove === 'true').toBe(a.pv.split(' ')[0] === b.pv.split(' ')[0]);
    expect(await explorer.locator('[data-same-score]').count()).toBe(1);
    // B is A with one change, named; B's line is drawn in the second colour.
    expect(await explorer.locator('.comparison-changes').textContent()).toMatch(/→/);
    expect(a.arrows.some((x) => x.includes('alt'))).toBe(true);
    // Editing B marks where it differs from A.
    await explorer.locator('.se-editing button', { hasText: 'Edit B' }).click();
    expect(await explorer.locator('.options-panel[data-set="B"] .opt-row.differs').count()).toBe(1);
    await closeCleanly();
  });

  test('keeps its configuration in the address, and a reload restores it', async () => {
    const id = await namespace();
    let page = await open();
    let explorer = await hydrate(page, EXPLORER);
    await settled(explorer);
    const depth = explorer.locator('select[data-limit="depth"]');
    const newDepth = (await depth.inputValue()) === '2' ? '3' : '2';
    await depth.selectOption(newDepth);
    const toggle = explorer.locator('[data-option] input[role="switch"]').first();
    const path = await toggle.evaluate((e) =>
      e.closest('[data-option]')!.getAttribute('data-option'),
    );
    const was = await toggle.isChecked();
    await toggle.setChecked(!was);
    await settled(explorer);
    await page.waitForFunction((ns) => location.search.includes(`${ns}.a=`), id);
    const url = page.url();
    expect(url).toContain(`${id}.depth=${newDepth}`);
    const before = await shown(explorer);
    await closeCleanly();

    page = await open(url.slice(url.indexOf('?')));
    explorer = await hydrate(page, EXPLORER);
    await settled(explorer);
    expect(await explorer.locator('select[data-limit="depth"]').inputValue()).toBe(newDepth);
    expect(await explorer.locator(`[data-option="${path}"] input`).isChecked()).toBe(!was);
    expect(page.url()).toBe(url);
    // Searches start cold, so the same configuration finds the same thing.
    expect(await shown(explorer)).toEqual(before);
    await closeCleanly();
  });

  test('names a bad address and carries on with the chapter’s configuration', async () => {
    const id = await namespace();
    const page = await open(`?${id}.a=nullMoov:true&${id}.depth=2`);
    const explorer = await hydrate(page, EXPLORER);
    const error = explorer.locator('.url-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('nullMoov');
    await settled(explorer);
    expect((await shown(explorer)).nodes).toBeGreaterThan(0);
    await closeCleanly();
  });

  test('stops a long search at once and keeps what it had finished', async () => {
    const id = await namespace();
    const page = await open(query(id, { pos: ROOK_EXCHANGE, depth: 8 }));
    const explorer = await hydrate(page, EXPLORER);
    await explorer
      .locator('.result-card[aria-busy="true"] .result-status')
      .filter({ hasText: /depth [2-9] done/ })
      .waitFor({ timeout: 30_000 });
    await explorer.locator('.se-stop').click();
    await explorer.locator('.result-card[aria-busy="false"]').waitFor({ timeout: 1000 });
    expect(
      Number(
        await explorer
          .locator('[data-depth]')
          .textContent()
          .then((t) => t?.trim().split(' ')[0]),
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(await explorer.locator('.se-stop').isDisabled()).toBe(true);
    await closeCleanly();
  });

  /** The tree viewer on the page: a standalone one, or the tree under an explorer. */
  const TREE = '[data-widget="tree-viewer"], [data-widget="search-explorer"] .se-tree';

  test('opens tree nodes and replays the search step by step from the keyboard', async () => {
    const page = await open();
    const tree = await hydrate(page, TREE);
    const items = tree.locator('[role="treeitem"]');
    await items.first().waitFor({ timeout: 45_000 });
    const root = items.first();
    expect(await root.getAttribute('aria-expanded')).toBe('true');
    expect(await tree.locator('[role="treeitem"][aria-level="3"]').count()).toBe(0);
    // Open the first child that has children of its own.
    const closed = tree.locator('[role="treeitem"][aria-level="2"][aria-expanded="false"]').first();
    const id = await closed.getAttribute('data-node');
    await closed.click();
    expect(await tree.locator(`[data-node="${id}"]`).getAttribute('aria-expanded')).toBe('true');
    expect(await tree.locator('[role="treeitem"][aria-level="3"]').count()).toBeGreaterThan(0);
    // Keyboard in the tree: Enter closes it again, ↑/↓ move between rows.
    await tree.locator(`[data-node="${id}"]`).focus();
    await page.keyboard.press('Enter');
    expect(await tree.locator(`[data-node="${id}"]`).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
      'treeitem',
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-node'))).not.toBe(
      id,
    );

    // Playback starts paused at the finished search; Home goes to the first node.
    const step = tree.locator('.tv-step');
    expect(await step.textContent()).toMatch(/^Finished/);
    await tree.locator('.tv-playback').focus();
    await page.keyboard.press('Home');
    expect(await step.textContent()).toMatch(/^Node 1 of \d+/);
    expect(await tree.locator('[role="treeitem"]').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await step.textContent()).toMatch(/^Node 3 of/);
    const current = tree.locator('[role="treeitem"][aria-selected="true"]');
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute('class')).toContain('status-current');
    // α and β of each open node at this moment: the root and the path down to the current node.
    const windowRows = tree.locator('.tv-window tbody tr');
    expect(await windowRows.count()).toBeGreaterThanOrEqual(2);
    expect(await windowRows.last().getAttribute('class')).toBe('current');
    await page.keyboard.press('ArrowLeft');
    expect(await step.textContent()).toMatch(/^Node 2 of/);
    // Space plays and pauses.
    await page.keyboard.press(' ');
    await page.waitForFunction(
      (el) => Number(el?.getAttribute('data-step')) >= 3,
      await step.elementHandle(),
    );
    await page.keyboard.press(' ');
    expect(await tree.locator('.tv-play').getAttribute('aria-pressed')).toBe('false');
    const paused = await step.getAttribute('data-step');
    await page.waitForTimeout(1000);
    expect(await step.getAttribute('data-step')).toBe(paused);
    await page.keyboard.press('End');
    expect(await step.textContent()).toMatch(/^Finished/);
    await closeCleanly();
  });

  test('fits a 390 px phone: the tree scrolls in its box, the page does not', async () => {
    const page = await open('', PHONE);
    const explorer = await hydrate(page, EXPLORER);
    await settled(explorer);
    const tree = await hydrate(page, TREE);
    await tree.locator('[role="treeitem"]').first().waitFor({ timeout: 45_000 });
    // Open three levels deep, so the rows are as wide as they get.
    for (const level of [2, 3]) {
      const closed = tree.locator(
        `[role="treeitem"][aria-level="${level}"][aria-expanded="false"]`,
      );
      if ((await closed.count()) > 0) await closed.first().click();
    }
    expect(await overflowsHorizontally(page)).toBe(false);
    const box = await tree.locator('[role="tree"]').evaluate((e) => ({
      width: e.getBoundingClientRect().width,
      overflow: getComputedStyle(e).overflow,
    }));
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.overflow).toBe('auto');
    await closeCleanly();
  });

  for (const path of KIT_PAGES) {
    test(
      `every explorer and tree on ${path} searches and draws without errors, also on a phone`,
      async () => {
        for (const viewport of [undefined, PHONE]) {
          const page = await open('', viewport, path);
          const explorers = page.locator('[data-widget="search-explorer"]');
          for (let i = 0; i < (await explorers.count()); i++) {
            const explorer = explorers.nth(i);
            await explorer.scrollIntoViewIfNeeded();
            await settled(explorer);
            expect(await explorer.locator('.explorer-error').count()).toBe(0);
            expect(await explorer.locator('.se-board .arrows > *').count()).toBeGreaterThan(0);
          }
          const trees = page.locator('[data-widget="tree-viewer"]');
          for (let i = 0; i < (await trees.count()); i++) {
            await trees.nth(i).scrollIntoViewIfNeeded();
            await trees.nth(i).locator('[role="treeitem"]').first().waitFor({ timeout: 45_000 });
            expect(await trees.nth(i).locator('.explorer-error').count()).toBe(0);
          }
          expect(await overflowsHorizontally(page)).toBe(false);
          await closeCleanly();
        }
      },
      path,
    );
  }
});
