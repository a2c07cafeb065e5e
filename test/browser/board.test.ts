/**
 * Chapter 1's widgets in Chromium: the explorer loads positions, plays clicked and typed moves,
 * lists illegal drops and draws effect counts; perft runs in the worker and can be stopped; a bad
 * SFEN is named under the box without breaking the page.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, hydrate, pageSession, overflowsHorizontally, PHONE } from './harness';

const EXPLORER = '[data-widget="board-explorer"]';
const PERFT = '[data-widget="perft-runner"]';
const UCHIFUZUME_SFEN = '7lk/9/8S/9/9/9/9/7L1/8K b GP 1';

const square = (page: Page, name: string) =>
  page.locator(`${EXPLORER} rect[data-square="${name}"]`);

const status = (page: Page) => page.locator(`${EXPLORER} [data-status]`).textContent();

describeBrowser('chapter 1: board explorer and perft', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  const open = async (viewport?: { width: number; height: number }): Promise<Page> => {
    const opened = await session.open('/board/', viewport);
    return opened.page;
  };

  it('plays a move by clicking a piece and then its destination', async () => {
    const page = await open();
    await hydrate(page, EXPLORER);
    expect(await status(page)).toContain('Sente to move · move 1 · 30 legal moves');
    await square(page, '7g').click();
    expect(await square(page, '7g').getAttribute('aria-label')).toContain('selected');
    expect(await square(page, '7f').getAttribute('aria-label')).toContain('legal destination');
    await square(page, '7f').click();
    expect(await status(page)).toContain('Gote to move · move 2');
    expect(await square(page, '7f').getAttribute('aria-label')).toContain('sente pawn');
    expect(await square(page, '7g').getAttribute('aria-label')).toContain('empty');
    expect(await page.locator(`${EXPLORER} .explorer-history`).textContent()).toContain('7g7f');
    await closeCleanly();
  });

  it('asks whether to promote, and promotes', async () => {
    const page = await open();
    await hydrate(page, EXPLORER);
    await page.locator(`${EXPLORER} .sfen-box input`).fill('startpos moves 7g7f 3c3d');
    await page.locator(`${EXPLORER} .sfen-load`).click();
    await square(page, '8h').click();
    await square(page, '2b').click();
    await page.locator(`${EXPLORER} [data-promote="yes"]`).click();
    expect(await square(page, '2b').getAttribute('aria-label')).toContain('sente horse');
    await closeCleanly();
  });

  it('plays a move from the keyboard', async () => {
    const page = await open();
    await hydrate(page, EXPLORER);
    await square(page, '9i').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    expect(await status(page)).toContain('Gote to move');
    expect(await square(page, '9f').getAttribute('aria-label')).toContain('sente pawn');
    await closeCleanly();
  });

  it('loads an SFEN typed into the box', async () => {
    const page = await open();
    await hydrate(page, EXPLORER);
    await page.locator(`${EXPLORER} .sfen-box input`).fill(UCHIFUZUME_SFEN);
    await page.locator(`${EXPLORER} .sfen-box input`).press('Enter');
    expect(await square(page, '1a').getAttribute('aria-label')).toContain('gote king');
    expect(await square(page, '1c').getAttribute('aria-label')).toContain('sente silver');
    expect(await page.locator(`${EXPLORER} .sfen-error`).isHidden()).toBe(true);
    await closeCleanly();
  });

  it('names what is wrong with a bad SFEN and keeps the last good position', async () => {
    const page = await open();
    await hydrate(page, EXPLORER);
    await page.locator(`${EXPLORER} .sfen-box input`).fill('lnsgkgsnl/1r5b1/ppppppppp b - 1');
    await page.locator(`${EXPLORER} .sfen-load`).click();
    const error = page.locator(`${EXPLORER} .sfen-error`);
    await error.waitFor();
    expect(await error.textContent()).toMatch(/SFEN board: expected 9 ranks/);
    expect(await page.locator(`${EXPLORER} .sfen-box input`).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await status(page)).toContain('30 legal moves');
    await square(page, '2g').click();
    await square(page, '2f').click();
    expect(await status(page)).toContain('Gote to move');
    await closeCleanly();
  });

  it('lists the drop-pawn mate of the preset among the illegal drops', async () => {
    const page = await open();
    await hydrate(page, EXPLORER);
    await page.locator(`${EXPLORER} [data-preset="uchifuzume"]`).click();
    await page.locator(`${EXPLORER} [data-tab="illegal"]`).click();
    const entry = page.locator(
      `${EXPLORER} .illegal-group[data-reason="drop-pawn-mate"] [data-usi="P*1b"]`,
    );
    expect(await entry.textContent()).toContain('mate');
    await page.locator(`${EXPLORER} [data-tab="moves"]`).click();
    expect(await page.locator(`${EXPLORER} .moves-view [data-usi="P*1b"]`).count()).toBe(0);
    expect(await page.locator(`${EXPLORER} .moves-view [data-usi="G*1b"]`).count()).toBe(1);
    await closeCleanly();
  });

  it('draws effect counts over the board', async () => {
    const page = await open();
    await hydrate(page, EXPLORER);
    expect(await page.locator(`${EXPLORER} .overlay-label`).count()).toBe(0);
    await page.locator(`${EXPLORER} [data-tab="effects"]`).click();
    const labels = page.locator(`${EXPLORER} .overlay-label`);
    expect(await labels.count()).toBeGreaterThan(0);
    const texts = await labels.allTextContents();
    expect(texts.every((t) => /^[1-9]\d*$/.test(t))).toBe(true);
    await page.locator(`${EXPLORER} input[value="both"]`).check();
    expect(await page.locator(`${EXPLORER} .overlay-label.label-gote`).count()).toBeGreaterThan(0);
    expect(await page.locator(`${EXPLORER} .overlay-label.label-sente`).count()).toBeGreaterThan(0);
    await closeCleanly();
  });

  it('counts perft to depth 3 from the start position in the worker', async () => {
    const page = await open();
    await hydrate(page, PERFT);
    await page.locator(`${PERFT} select[name="depth"]`).selectOption('3');
    await page.locator(`${PERFT} .perft-run`).click();
    await page.locator(`${PERFT} .perft-state[data-state="done"]`).waitFor({ timeout: 30_000 });
    expect(await page.locator(`${PERFT} [data-nodes]`).getAttribute('data-nodes')).toBe('25470');
    expect(await page.locator(`${PERFT} .perft-check`).textContent()).toContain('Matches');
    await page.locator(`${PERFT} .perft-divide summary`).click();
    expect(await page.locator(`${PERFT} .perft-divide tbody tr`).count()).toBe(30);
    await closeCleanly();
  });

  it('stops a long count at once and runs the next one', async () => {
    const page = await open();
    await hydrate(page, PERFT);
    await page.locator(`${PERFT} select[name="depth"]`).selectOption('6');
    await page.locator(`${PERFT} .perft-run`).click();
    await page.locator(`${PERFT} .perft-state[data-state="running"]`).waitFor();
    // The page answers while the worker counts.
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await page.locator(`${PERFT} .perft-stop`).click();
    await page.locator(`${PERFT} .perft-state[data-state="stopped"]`).waitFor({ timeout: 1000 });
    await page.locator(`${PERFT} select[name="depth"]`).selectOption('1');
    await page.locator(`${PERFT} .perft-run`).click();
    await page.locator(`${PERFT} .perft-state[data-state="done"]`).waitFor({ timeout: 30_000 });
    expect(await page.locator(`${PERFT} [data-nodes]`).getAttribute('data-nodes')).toBe('30');
    await closeCleanly();
  });

  it('counts from the explorer’s position', async () => {
    const page = await open();
    await hydrate(page, EXPLORER);
    await square(page, '7g').click();
    await square(page, '7f').click();
    await hydrate(page, PERFT);
    await page.locator(`${PERFT} .perft-from-explorer`).click();
    expect(await page.locator(`${PERFT} input[name="position"]`).inputValue()).toBe(
      'position startpos moves 7g7f',
    );
    await page.locator(`${PERFT} select[name="depth"]`).selectOption('1');
    await page.locator(`${PERFT} .perft-run`).click();
    await page.locator(`${PERFT} .perft-state[data-state="done"]`).waitFor({ timeout: 30_000 });
    expect(await page.locator(`${PERFT} [data-nodes]`).getAttribute('data-nodes')).toBe('30');
    await closeCleanly();
  });

  it('fits a 390 px phone with the widgets in use', async () => {
    const page = await open(PHONE);
    await hydrate(page, EXPLORER);
    await page.locator(`${EXPLORER} [data-preset="nifu"]`).click();
    await page.locator(`${EXPLORER} [data-tab="effects"]`).click();
    await hydrate(page, PERFT);
    expect(await overflowsHorizontally(page)).toBe(false);
    const board = await page.locator(`${EXPLORER} .board-svg`).boundingBox();
    expect(board?.width ?? 0).toBeGreaterThan(300);
    expect(board?.width ?? 999).toBeLessThanOrEqual(PHONE.width);
    await closeCleanly();
  });
});
