/**
 * Chapter 5 in Chromium: the explorer's CREDIT_LIMIT slider changes how much credit becomes depth
 * (the extension counter and the Dual Credit panel follow it, and at 3 the first move changes, as
 * the chapter says), and the credit trace adds up a line, names a move that is not legal, and
 * moves an extension when a credit is edited; the guided experiment's steps set the explorer up
 * one click each; the page fits a phone.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DUAL_CREDIT_GUIDE } from '../../src/components/widgets/explorer/guided/dual-credit';
import {
  describeBrowser,
  hydrate,
  pageSession,
  overflowsHorizontally,
  PHONE,
  settled,
  takeStep,
} from './harness';

const PAGE = '/dual-credit/';
const EXPLORER = '[data-widget="search-explorer"][data-explorer="dual-credit"]';
const TRACE = '[data-widget="credit-trace"]';

/** A's plies of extension from credit, as the counters table shows them (0 when the row is gone). */
async function extensionsOfA(explorer: Locator): Promise<number> {
  const row = explorer.locator('tr[data-counter="dual-credit-extension"] td');
  if ((await row.count()) === 0) return 0;
  return Number(((await row.first().textContent()) ?? '').replace(/[^\d]/g, '') || 0);
}

const firstMoveOf = async (explorer: Locator, card: string): Promise<string> =>
  (
    (await explorer.locator(`[data-result="${card}"] [data-pv]`).getAttribute('data-pv')) ?? ''
  ).split(' ')[0] ?? '';

describeBrowser('chapter 5, Dual Credit', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  const open = async (viewport?: typeof PHONE): Promise<Page> => {
    const opened = await session.open(PAGE, viewport);
    return opened.page;
  };

  it('the CREDIT_LIMIT slider changes how many plies the credit becomes, and the move', async () => {
    const page = await open();
    const explorer = await hydrate(page, EXPLORER);
    await settled(explorer, { cards: 2 });
    const atTwo = await extensionsOfA(explorer);
    expect(atTwo).toBeGreaterThan(0);
    expect(await firstMoveOf(explorer, 'A')).toBe('9g8h+');
    expect(await firstMoveOf(explorer, 'B')).toBe('2f4h+');
    // The Dual Credit panel says the same for A.
    const panel = explorer.locator('[data-credit-search="A"]');
    expect(Number(await panel.getAttribute('data-extensions'))).toBe(atTwo);

    const slider = explorer.locator('[data-option="creditLimit"] input[type="range"]');
    await slider.fill('1');
    await explorer.locator('.result-card.stale').first().waitFor({ timeout: 2000 });
    await settled(explorer, { cards: 2 });
    const atOne = await extensionsOfA(explorer);
    expect(atOne).toBeGreaterThan(atTwo);
    expect(Number(await panel.getAttribute('data-extensions'))).toBe(atOne);

    await slider.fill('3');
    await settled(explorer, { cards: 2 });
    expect(await extensionsOfA(explorer)).toBe(0);
    expect(await firstMoveOf(explorer, 'A')).toBe('2f4h+');
    await closeCleanly();
  });

  it('walks the guided experiment one click a step, with what to look for beside each', async () => {
    const page = await open();
    const explorer = await hydrate(page, EXPLORER);
    expect(await explorer.locator('.guided-steps button').count()).toBe(
      DUAL_CREDIT_GUIDE.steps.length,
    );
    // Each step's best moves, A then B (test/components/explorer/guided-steps.test.ts pins why).
    const expected = [
      ['9g8h+', '2f4h+'],
      ['2f4h+', '2f4h+'],
      ['9g8h+', '2f4h+'],
      ['9g8h+', '2f4h+'],
      ['9g8h+', '9g8h+'],
    ];
    for (const [i, step] of DUAL_CREDIT_GUIDE.steps.entries()) {
      expect(await takeStep(explorer, i + 1, step)).toEqual(expected[i]);
      expect(await explorer.locator('.guided-note').textContent()).toBe(step.note);
      if (i === 1) expect(await extensionsOfA(explorer)).toBe(0);
      if (i === 2) expect(await extensionsOfA(explorer)).toBeGreaterThan(0);
    }
    // The last step's B extends checks: its counter is in the table.
    expect(await explorer.locator('tr[data-counter="check-extension"]').count()).toBe(1);
    await closeCleanly();
  });

  it('the credit trace adds up a line, names a bad move, and follows an edited credit', async () => {
    const page = await open();
    const trace = await hydrate(page, TRACE);
    // Rook checks: 1.5 + 1.5 = 3 → one ply; 2 + 1.5 = 3.5 → two plies.
    expect(await trace.getAttribute('data-extensions')).toBe('3');
    expect(
      await trace
        .locator('tr[data-ply]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-extension'))),
    ).toEqual(['0', '0', '1', '0', '2']);

    const input = trace.locator('.ct-line-input');
    await input.fill('9i9a 5a5b 9a9z');
    const alert = trace.locator('[role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('move 3 of the line, 9a9z');
    await input.fill('9i9a 5a5b 9a9b 5b5c 9b9c');
    await trace.locator('xpath=self::*[@data-extensions="3"]').waitFor();

    // The rook's check at 1 instead of 1.5: 1, 2 (exactly the limit: nothing), 3 → one ply.
    await trace.locator('tr[data-ply="1"] input[type="number"]').fill('1');
    await trace.locator('tr[data-ply="1"] input[type="number"]').press('Tab');
    await trace.locator('xpath=self::*[@data-extensions="1"]').waitFor();
    expect(
      await trace
        .locator('tr[data-ply]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-extension'))),
    ).toEqual(['0', '0', '0', '0', '1']);
    await closeCleanly();
  });

  it('fits a phone', async () => {
    const page = await open(PHONE);
    await hydrate(page, TRACE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await closeCleanly();
  });
});
