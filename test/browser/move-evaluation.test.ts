/**
 * Chapter 2's widgets in Chromium: the move evaluator lists every legal move by value from the
 * worker, re-ranks them when a constant's slider moves, opens a row into terms that add up to its
 * value and draws the move on the board; the ordering comparison searches three times and the
 * three values agree; the guided explorer adds the standard ordering's rules one click a step.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ORDERING_GUIDE } from '../../src/components/widgets/explorer/guided/move-evaluation';
import {
  describeBrowser,
  hydrate,
  pageSession,
  overflowsHorizontally,
  PHONE,
  takeStep,
} from './harness';

const EVALUATOR = '[data-widget="move-evaluator"]';
const COMPARE = '[data-widget="ordering-compare"]';
const ORDERING = '[data-widget="search-explorer"][data-explorer="ordering"]';

/** Wait for the worker's move list (and for any recomputation to finish). */
async function settledList(page: Page): Promise<void> {
  await page.locator(`${EVALUATOR} .me-moves[aria-busy="false"]`).waitFor({ timeout: 30_000 });
}

const orderOfMoves = (page: Page): Promise<string[]> =>
  page
    .locator(`${EVALUATOR} .me-row`)
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-usi') ?? ''));

const valuesOfMoves = (page: Page): Promise<number[]> =>
  page
    .locator(`${EVALUATOR} .me-row`)
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-value'))));

describeBrowser('chapter 2: move evaluator and ordering comparison', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  const open = async (viewport?: { width: number; height: number }): Promise<Page> => {
    const opened = await session.open('/move-evaluation/', viewport);
    return opened.page;
  };

  it('lists every legal move, best valued first', async () => {
    const page = await open();
    await hydrate(page, EVALUATOR);
    await settledList(page);
    const total = Number(await page.locator(`${EVALUATOR} .me-moves`).getAttribute('data-moves'));
    expect(await page.locator(`${EVALUATOR} [data-status]`).textContent()).toContain(
      `${total} legal moves`,
    );
    await page.locator(`${EVALUATOR} .me-show-all`).click();
    expect(await page.locator(`${EVALUATOR} .me-row`).count()).toBe(total);
    const values = await valuesOfMoves(page);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    await closeCleanly();
  });

  it('re-ranks the moves when the capture bonus goes to zero', async () => {
    const page = await open();
    await hydrate(page, EVALUATOR);
    await settledList(page);
    const before = await orderOfMoves(page);
    const valuesBefore = await valuesOfMoves(page);
    await page.locator(`${EVALUATOR} input[name="captureBonus"]`).fill('0');
    expect(
      await page.locator(`${EVALUATOR} [data-param="captureBonus"] output`).textContent(),
    ).toBe('0');
    // The old list stays on screen, dimmed, until the worker answers.
    await page.locator(`${EVALUATOR} .me-moves[aria-busy="true"]`).waitFor();
    await settledList(page);
    const after = await orderOfMoves(page);
    expect(after).not.toEqual(before);
    const valuesAfter = await valuesOfMoves(page);
    expect(valuesAfter).toEqual([...valuesAfter].sort((a, b) => b - a));
    // The pawn that takes the gold loses exactly the bonus.
    const pawnTakes = '5f5e';
    expect(valuesAfter[after.indexOf(pawnTakes)]).toBe(
      valuesBefore[before.indexOf(pawnTakes)]! - 1500,
    );
    expect(after.indexOf(pawnTakes)).toBeGreaterThan(before.indexOf(pawnTakes));
    // The rank measure reports the new constants beside the seed's.
    await page.locator(`${EVALUATOR} .me-rank:not(.stale) .me-rank-seed`).first().waitFor({
      timeout: 60_000,
    });
    await page.locator(`${EVALUATOR} [data-param="captureBonus"] .me-reset`).click();
    await settledList(page);
    expect(await orderOfMoves(page)).toEqual(before);
    await closeCleanly();
  });

  it('opens a row into terms that add up to its value, and draws the move', async () => {
    const page = await open();
    await hydrate(page, EVALUATOR);
    await page.locator(`${EVALUATOR} [data-preset="king-threat"]`).click();
    await settledList(page);
    // The preset opens the move its note talks about.
    const row = page.locator(`${EVALUATOR} .me-row[data-usi="R*6c"]`);
    expect(await row.locator('.me-row-head').getAttribute('aria-expanded')).toBe('true');
    const value = Number(await row.getAttribute('data-value'));
    const terms = await row
      .locator('[data-contribution]')
      .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-contribution'))));
    expect(terms).toHaveLength(6);
    expect(terms.reduce((a, b) => a + b, 0)).toBe(value);
    expect(Number(await row.locator('[data-sum]').getAttribute('data-sum'))).toBe(value);
    expect(await row.locator('[data-term="attack"]').textContent()).toContain('king threat 1500');
    // A drop is a ring on its square, the check an arrow in the threat colour.
    expect(await page.locator(`${EVALUATOR} .board .arrow-ring`).count()).toBe(1);
    expect(await page.locator(`${EVALUATOR} .board .arrow`).count()).toBeGreaterThan(0);
    expect(await page.locator(`${EVALUATOR} .board .overlay-label`).allTextContents()).toContain(
      'K1500',
    );
    // Another row opens in its place.
    const second = page.locator(`${EVALUATOR} .me-row`).nth(1);
    await second.locator('.me-row-head').click();
    expect(await second.locator('.me-row-head').getAttribute('aria-expanded')).toBe('true');
    expect(await row.locator('.me-row-head').getAttribute('aria-expanded')).toBe('false');
    await closeCleanly();
  });

  it('searches with three orderings that agree on the value', async () => {
    const page = await open();
    await hydrate(page, COMPARE);
    await page.locator(`${COMPARE} select[name="depth"]`).selectOption('2');
    await page.locator(`${COMPARE} .oc-run`).click();
    await page.locator(`${COMPARE} .oc-table[data-state="done"]`).waitFor({ timeout: 60_000 });
    const values = await page
      .locator(`${COMPARE} td[data-value]`)
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-value')));
    expect(values).toHaveLength(3);
    expect(new Set(values).size).toBe(1);
    const nodes = await page
      .locator(`${COMPARE} td[data-nodes]`)
      .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-nodes'))));
    expect(nodes).toHaveLength(3);
    expect(nodes.every((n) => n > 0)).toBe(true);
    expect(nodes[1]).toBeLessThan(nodes[0]!);
    expect(await page.locator(`${COMPARE} .oc-verdict`).getAttribute('data-agree')).toBe('true');
    await closeCleanly();
  });

  it('walks the orderings one click a step, with what to look for beside each', async () => {
    const page = await open();
    const explorer = await hydrate(page, ORDERING);
    const steps = explorer.locator('.guided-steps button');
    expect(await steps.count()).toBe(ORDERING_GUIDE.steps.length);
    for (const [i, step] of ORDERING_GUIDE.steps.entries()) {
      const moves = await takeStep(explorer, i + 1, step);
      expect(await explorer.locator('.guided-note').textContent()).toBe(step.note);
      // Every ordering finds the same move: α-β's guarantee, with the table off.
      expect(moves).toEqual(moves.map(() => 'P*4b'));
    }
    // The last step read fewer nodes with seed 000's values than with the generator's order.
    const ratio = await explorer.locator('[data-node-ratio]').textContent();
    expect(Number(ratio?.replace('×', ''))).toBeLessThan(0.5);
    await closeCleanly();
  });

  it('fits a 390 px phone with the widgets in use', async () => {
    const page = await open(PHONE);
    await hydrate(page, EVALUATOR);
    await settledList(page);
    await page.locator(`${EVALUATOR} .me-row`).nth(2).locator('.me-row-head').click();
    await hydrate(page, COMPARE);
    expect(await overflowsHorizontally(page)).toBe(false);
    const board = await page.locator(`${EVALUATOR} .board-svg`).boundingBox();
    expect(board?.width ?? 0).toBeGreaterThan(300);
    await closeCleanly();
  });
});
