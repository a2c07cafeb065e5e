/**
 * Chapter 7 in Chromium: the trainer grows a tree on the teacher's games and shows its training
 * and test accuracy, a deeper tree has more leaves, the mate choice trains on the mate data; the
 * move verdicts list every legal move with the count the tree keeps; the mate predictor gives the
 * tree's verdict beside the exact search's; the explorer's guided steps switch each use of the
 * trees in the search on, one click each; sliders and buttons are reached with Tab; and the page
 * fits a phone with no error in the console.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DTREE_GUIDE } from '../../src/components/widgets/explorer/guided/decision-trees';
import { DTREE_SWEEP_DEPTH } from '../../src/engine/worker/protocol';
import {
  describeBrowser,
  hydrate,
  overflowsHorizontally,
  pageSession,
  PHONE,
  takeStep,
} from './harness';

const PAGE = '/decision-trees/';
const TRAINER = '[data-widget="tree-trainer"]';
const MOVES = '[data-widget="move-verdicts"]';
const MATE = '[data-widget="mate-predictor"]';
const EXPLORER = '[data-widget="search-explorer"][data-explorer="dtree"]';
/** Building the examples of 500 games and growing a tree to full depth takes seconds. */
const WORK_MS = 50_000;

/** Wait until a widget shows a result for what it is set to (not dimmed, not busy). */
const settled = (widget: Locator, results: string): Promise<void> =>
  widget
    .locator(`${results}:not(.stale)`)
    .first()
    .waitFor({ timeout: WORK_MS })
    .then(() => widget.locator('.dt-status[data-state="idle"]').waitFor({ timeout: WORK_MS }));

const numberOf = async (widget: Locator, attribute: string): Promise<number> =>
  Number(await widget.locator(`[${attribute}]`).first().getAttribute(attribute));

/** Press Tab until the focused element matches `selector` (at most `limit` times). */
async function tabTo(page: Page, selector: string, limit = 40): Promise<boolean> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector))
      return true;
  }
  return false;
}

describeBrowser('chapter 7, decision trees', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  it('trains a tree: training and test accuracy, and a deeper tree has more leaves', async () => {
    const { page } = await session.open(PAGE);
    const trainer = await hydrate(page, TRAINER);
    await settled(trainer, '.dt-results');
    const train = await numberOf(trainer, 'data-train-accuracy');
    const test = await numberOf(trainer, 'data-test-accuracy');
    for (const a of [train, test]) {
      expect(a).toBeGreaterThan(0.5);
      expect(a).toBeLessThanOrEqual(1);
    }
    expect(train).toBeGreaterThanOrEqual(test);
    const leaves = await numberOf(trainer, 'data-leaves');
    expect(leaves).toBeGreaterThan(1);
    expect(await trainer.locator(`.dt-chart[data-sweep="${DTREE_SWEEP_DEPTH + 1}"]`).count()).toBe(
      1,
    );
    expect(await trainer.locator('.dt-tree .dt-node').count()).toBeGreaterThan(3);

    await trainer.getByRole('slider', { name: 'Maximum depth' }).fill('14');
    await trainer.locator(`.dt-size:not([data-leaves="${leaves}"])`).waitFor({ timeout: WORK_MS });
    await settled(trainer, '.dt-results');
    expect(await numberOf(trainer, 'data-leaves')).toBeGreaterThan(leaves);
    expect(await numberOf(trainer, 'data-train-accuracy')).toBeGreaterThanOrEqual(train);
    await closeCleanly();
  });

  it('switches to the mate data and trains on it', async () => {
    const { page } = await session.open(PAGE);
    const trainer = await hydrate(page, TRAINER);
    await settled(trainer, '.dt-results');
    await trainer.getByLabel('Mate in 3 or not (Table 8)').check();
    await trainer
      .locator('.dt-confusion .dt-class-name', { hasText: /^mate in 3$/ })
      .first()
      .waitFor({ timeout: WORK_MS });
    await settled(trainer, '.dt-results');
    expect(await trainer.getAttribute('data-kind')).toBe('mate');
    const test = await numberOf(trainer, 'data-test-accuracy');
    expect(test).toBeGreaterThan(0.5);
    expect(test).toBeLessThanOrEqual(1);
    await closeCleanly();
  });

  it('judges every legal move of a test position and counts those kept', async () => {
    const { page } = await session.open(PAGE);
    const verdicts = await hydrate(page, MOVES);
    await settled(verdicts, '.dt-verdicts');
    const legal = await numberOf(verdicts, 'data-legal');
    const kept = await numberOf(verdicts, 'data-kept');
    expect(legal).toBeGreaterThan(1);
    expect(kept).toBeLessThanOrEqual(legal);
    expect(await verdicts.locator('.dt-moves li').count()).toBe(legal);
    expect(await verdicts.locator('.dt-moves li[data-teacher]').count()).toBe(1);
    const teacherKept = await verdicts
      .locator('[data-teacher-kept]')
      .getAttribute('data-teacher-kept');
    expect(teacherKept).toBe(
      String(
        (await verdicts.locator('.dt-moves li[data-teacher]').getAttribute('data-label')) === '1',
      ),
    );
    // The teacher's move is chosen at first; its policies are named in full, in English with the
    // Japanese beside, with no hover needed: as many as its chips, or a sentence that there are none.
    const chips = await verdicts.locator('.dt-moves li[data-teacher] .dt-chip').count();
    const named = verdicts.locator('.dt-why .dt-policies dt');
    expect(await named.count()).toBe(chips);
    if (chips > 0) {
      expect(await named.first().textContent()).toMatch(/^\d+\. [a-z]/);
      expect(await named.first().locator('[lang="ja"]').count()).toBe(1);
    }
    await verdicts.getByLabel('only moves judged best').check();
    expect(await verdicts.locator('.dt-moves li').count()).toBe(kept);
    // The teacher's move is chosen at first: its path is shown.
    expect(await verdicts.locator('.dt-why .dt-path li').count()).toBeGreaterThan(0);

    const before = await verdicts.locator('.dt-status').textContent();
    await verdicts.getByRole('button', { name: 'Another test position' }).click();
    await page.waitForFunction(
      ([sel, text]) => {
        const status = document.querySelector(`${sel} .dt-status[data-state="idle"]`);
        return status !== null && status.textContent !== text;
      },
      [MOVES, before] as const,
      { timeout: WORK_MS },
    );
    expect(await numberOf(verdicts, 'data-legal')).toBeGreaterThan(1);
    await closeCleanly();
  });

  it('gives the mate tree’s verdict and the exact search’s truth', async () => {
    const { page } = await session.open(PAGE);
    const predictor = await hydrate(page, MATE);
    await settled(predictor, '.dt-mate');
    expect(['mate', 'no-mate']).toContain(
      await predictor.locator('[data-verdict]').getAttribute('data-verdict'),
    );
    expect(['mate', 'no-mate']).toContain(
      await predictor.locator('[data-truth]').getAttribute('data-truth'),
    );

    for (const [button, truth] of [
      ['A mate', 'mate'],
      ['A no-mate', 'no-mate'],
    ] as const) {
      await predictor.getByRole('button', { name: button, exact: true }).click();
      await predictor
        .locator(`.dt-mate:not(.stale) [data-truth="${truth}"]`)
        .waitFor({ timeout: WORK_MS });
      const text = await predictor.locator('[data-truth] p').first().textContent();
      expect(text).toMatch(truth === 'mate' ? /^Mate in 3: [☗☖]/ : /^No mate within 3 plies/);
    }
    await closeCleanly();
  });

  it('walks the trees inside the search one click a step, with what to look for beside each', async () => {
    const { page } = await session.open(PAGE);
    const explorer = await hydrate(page, EXPLORER);
    expect(await explorer.locator('.guided-steps button').count()).toBe(DTREE_GUIDE.steps.length);
    for (const [i, step] of DTREE_GUIDE.steps.entries()) {
      // Every use of the trees keeps plain α-β's move here (guided-steps.test.ts pins it).
      expect(await takeStep(explorer, i + 1, step)).toEqual(['2b8h+', '2b8h+']);
      expect(await explorer.locator('.guided-note').textContent()).toBe(step.note);
      // Pruning by the tree fires; the mate-threat extension at 90 % does not.
      if (i === 1)
        expect(await explorer.locator('tr[data-counter="forward-pruning"]').count()).toBe(1);
      if (i === 3)
        expect(await explorer.locator('tr[data-counter="tree-mate-extension"]').count()).toBe(0);
      if (i === 4)
        expect(await explorer.locator('tr[data-counter="tree-mate-extension"]').count()).toBe(1);
    }
    await closeCleanly();
  });

  it('reaches the sliders and the buttons with Tab, and a slider moves with the arrow keys', async () => {
    const { page } = await session.open(PAGE);
    const trainer = await hydrate(page, TRAINER);
    await settled(trainer, '.dt-results');
    await trainer.getByLabel('Best move or not (Table 6)').focus();
    expect(await tabTo(page, `${TRAINER} input[type="range"]`)).toBe(true);
    const depth = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
    await page.keyboard.press('ArrowRight');
    expect(await trainer.locator('[data-param="maxDepth"] output').textContent()).toBe(
      String(Number(depth) + 1),
    );
    expect(await tabTo(page, `${TRAINER} [data-param="minLeaf"] input`)).toBe(true);
    expect(await tabTo(page, `${TRAINER} .dt-toggle`)).toBe(true);

    const verdicts = await hydrate(page, MOVES);
    await settled(verdicts, '.dt-verdicts');
    // Clicking the widget's corner starts the Tab order there.
    await verdicts.click({ position: { x: 3, y: 3 } });
    expect(await tabTo(page, `${MOVES} .explorer-presets button`, 1)).toBe(true);
    expect(await tabTo(page, `${MOVES} input[type="checkbox"]`)).toBe(true);
    expect(await tabTo(page, `${MOVES} .dt-move`, 200)).toBe(true);

    const predictor = await hydrate(page, MATE);
    await settled(predictor, '.dt-mate');
    await predictor.click({ position: { x: 3, y: 3 } });
    expect(await tabTo(page, `${MATE} [data-action="previous"]`, 1)).toBe(true);
    expect(await tabTo(page, `${MATE} [data-action="random"]`)).toBe(true);
    await closeCleanly();
  });

  it('fits a phone', async () => {
    const { page } = await session.open(PAGE, PHONE);
    for (const [widget, results] of [
      [TRAINER, '.dt-results'],
      [MOVES, '.dt-verdicts'],
      [MATE, '.dt-mate'],
    ] as const) {
      await settled(await hydrate(page, widget), results);
      expect(await overflowsHorizontally(page), widget).toBe(false);
    }
    await closeCleanly();
  });
});
