/**
 * Chapter 6 in Chromium: the effect board's parts add up to the engine's evaluation (it says so),
 * moving the count cap N changes the table's size and the evaluation, KKPEE9 shows its entries
 * and the size the seed gives, pointing at a square or reaching it by keyboard opens its terms,
 * the explorer's guided steps set it up one click each, and the page fits a phone.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { EFFECT_GUIDE } from '../../src/components/widgets/explorer/guided/effect-tables';
import {
  describeBrowser,
  hydrate,
  pageSession,
  overflowsHorizontally,
  PHONE,
  takeStep,
} from './harness';

const PAGE = '/effect-tables/';
const BOARD = '[data-widget="effect-board"]';
const EXPLORER = '[data-widget="search-explorer"][data-explorer="effect-tables"]';

const evaluation = async (board: Locator): Promise<number> =>
  Number(await board.locator('[data-eval]').getAttribute('data-eval'));
const tableBytes = async (board: Locator): Promise<number> =>
  Number(await board.locator('[data-table-size]').getAttribute('data-table-size'));
const agrees = async (board: Locator): Promise<string | null> =>
  board.locator('[data-agrees]').getAttribute('data-agrees');

describeBrowser('chapter 6, effect tables', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  const open = async (viewport?: typeof PHONE): Promise<Page> => {
    const opened = await session.open(PAGE, viewport);
    return opened.page;
  };

  it('moving N changes the table size and the evaluation, which still adds up', async () => {
    const page = await open();
    const board = await hydrate(page, BOARD);
    expect(await tableBytes(board)).toBe(81 * 81 * 81 * 11 * 11 * 2);
    expect(await board.locator('.eb-size').textContent()).toContain('128.6 MB');
    const uncapped = await evaluation(board);
    expect(await agrees(board)).toBe('true');

    const cap = board.locator('[data-param="cap"] input[type="range"]');
    await cap.fill('2');
    await board.locator(`[data-table-size="${81 * 81 * 81 * 9 * 2}"]`).waitFor();
    expect(await board.locator('[data-cap-size]').textContent()).toBe('9.6 MB');
    const capped = await evaluation(board);
    expect(capped).not.toBe(uncapped);
    expect(await agrees(board)).toBe('true');

    await cap.fill('1');
    await board.locator(`[data-table-size="${81 * 81 * 81 * 4 * 2}"]`).waitFor();
    expect(await evaluation(board)).not.toBe(capped);
    expect(await agrees(board)).toBe('true');
    await closeCleanly();
  });

  it('KKPEE9 shows its scaled entries and the seed’s 306 MB; FV_SCALE 1 moves the evaluation', async () => {
    const page = await open();
    const board = await hydrate(page, BOARD);
    await board.getByLabel(/KKPEE9/).check();
    await board.locator('xpath=self::*[@data-form="kkpee9"]').waitFor();
    expect(await tableBytes(board)).toBe(306_110_016);
    expect(await board.locator('.eb-size').textContent()).toContain('306.1 MB');
    expect(await board.locator('.eb-scaled').count()).toBe(1);
    expect(await agrees(board)).toBe('true');
    const scaled = await evaluation(board);
    await board.getByLabel('FV_SCALE', { exact: true }).selectOption('1');
    await board.locator('.eb-sliders .changed select').waitFor();
    expect(await agrees(board)).toBe('true');
    expect(Math.abs((await evaluation(board)) - scaled)).toBeLessThan(40);
    await closeCleanly();
  });

  it('a square’s terms open on hover and by keyboard, and add up to its value', async () => {
    const page = await open();
    const board = await hydrate(page, BOARD);
    // The first position's note names 7h, between sente's king and its gold.
    expect(await board.locator('.eb-terms').getAttribute('data-square')).toBe('7h');
    await board.locator('rect[data-square="2h"]').hover();
    await board.locator('.eb-terms[data-square="2h"]').waitFor();
    const terms = await board
      .locator('.eb-terms tr[data-term] td')
      .evaluateAll((cells) => cells.map((c) => Number((c.textContent ?? '').replace('−', '-'))));
    const value = Number(
      await board.locator('.eb-terms [data-square-value]').getAttribute('data-square-value'),
    );
    expect(terms.reduce((a, b) => a + b, 0)).toBe(value);

    await board.locator('rect[data-square="2h"]').focus();
    await page.keyboard.press('ArrowLeft');
    await board.locator('.eb-terms[data-square="3h"]').waitFor();
    await closeCleanly();
  });

  it('walks the explorer’s guided steps one click each, with what to look for beside each', async () => {
    const page = await open();
    const explorer = await hydrate(page, EXPLORER);
    expect(await explorer.locator('.guided-steps button').count()).toBe(EFFECT_GUIDE.steps.length);
    // Each step's best moves, A then B (test/components/explorer/guided-steps.test.ts pins why).
    const expected = [
      ['5i6h', '5i5h'],
      ['8h6f', '5i5h'],
      ['5i5h', '5i5h'],
      ['6i5h', '5i5h'],
    ];
    for (const [i, step] of EFFECT_GUIDE.steps.entries()) {
      expect(await takeStep(explorer, i + 1, step)).toEqual(expected[i]);
      expect(await explorer.locator('.guided-note').textContent()).toBe(step.note);
    }
    await closeCleanly();
  });

  it('fits a phone', async () => {
    const page = await open(PHONE);
    await hydrate(page, BOARD);
    expect(await overflowsHorizontally(page)).toBe(false);
    await closeCleanly();
  });
});
