/**
 * The Play and Analyse pages: a game against the engine (three moves, one taken back, kept over
 * a reload), a game that ends by mate with its reason, records in and out (KIF and CSA imported
 * and stepped through, KIF exported and read back to the same moves, a bad file's error with its
 * line), and an analysis whose address round-trips.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, inFlight, overflowsHorizontally, pageSession, PHONE } from './harness';

const square = (page: Page, name: string) => page.locator(`[data-square="${name}"]`).first();

/** The moves in the list, in USI (the list's USI switch on, then left as it was). */
async function movesInUsi(page: Page, widget: string): Promise<string[]> {
  const box = page.locator(`[data-widget="${widget}"]`);
  const usi = box.locator('.play-moves-head input, .analyse-notation input').first();
  const was = await usi.isChecked();
  if (!was) await usi.check();
  const items = box.locator('.game-moves li');
  const texts = await items.allInnerTexts();
  if (!was) await usi.uncheck();
  return texts.map((text) => text.trim());
}

async function importText(page: Page, widget: string, text: string): Promise<void> {
  const box = page.locator(`[data-widget="${widget}"] .record-import`);
  await box.locator('textarea').fill(text);
  await box.getByRole('button', { name: 'Load' }).click();
}

const KIF = `手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２六歩(27)
   4 ８四歩(83)
`;

const CSA = `V2.2
PI
+
+7776FU
-3334FU
+8822UM
-3122GI
`;

describeBrowser('the Play page', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  it('lists moves in USI at first, keeps the reader’s notation, and shows the Japanese on request', async () => {
    const { page } = await session.open('/analyse/');
    // Let the explorer's first search finish loading its worker, so a reload aborts nothing.
    const quiet = inFlight(page);
    await page.evaluate(() => localStorage.removeItem('yomi-notation'));
    await quiet();
    await page.reload({ waitUntil: 'networkidle' });
    await importText(page, 'analyse-record', KIF);
    const list = page.locator('[data-widget="analyse"] .game-moves li');
    const usi = page.locator('.analyse-notation input');
    expect(await usi.isChecked()).toBe(true);
    expect((await list.first().innerText()).trim()).toBe('7g7f');
    await usi.uncheck();
    expect((await list.first().innerText()).trim()).toBe('▲７六歩');
    await quiet();
    await page.reload({ waitUntil: 'networkidle' });
    await importText(page, 'analyse-record', KIF);
    expect(await usi.isChecked()).toBe(false);
    await page.evaluate(() => localStorage.removeItem('yomi-notation'));
    await closeCleanly();
  });

  it('turns the board when the reader takes gote, and back for sente', async () => {
    const { page } = await session.open('/play/');
    const board = page.locator('[data-widget="play"] svg[aria-label^="Game board"]').first();
    await page.locator('[data-move-time]').selectOption('200');
    await page.locator('[data-side]').selectOption('gote');
    await page.locator('[data-new-game]').click();
    await expect.poll(() => board.getAttribute('aria-label')).toMatch(/seen from gote$/);
    await page.locator('[data-side]').selectOption('sente');
    await page.locator('[data-new-game]').click();
    await expect.poll(() => board.getAttribute('aria-label')).not.toMatch(/seen from gote/);
    await page.evaluate(() => localStorage.removeItem('yomi-play'));
    await closeCleanly();
  });

  // A closed select cuts its text at the edge of its content box (the widgets draw the arrow in
  // the right padding: widgets.css).
  it('shows every choice of a new game whole in its closed list on a 390 px phone', async () => {
    const { page } = await session.open('/play/', PHONE);
    const cut = await page.locator('.play-new select').evaluateAll((selects) =>
      selects.flatMap((select) => {
        const style = getComputedStyle(select);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room =
          select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [...(select as HTMLSelectElement).options]
          .filter((option) => ctx.measureText(option.text).width > room)
          .map((option) => option.text);
      }),
    );
    expect(cut).toEqual([]);
    await closeCleanly();
  });

  it('plays three moves against the engine, takes one back, and keeps the game over a reload', async () => {
    const { page } = await session.open('/play/');
    await page.evaluate(() => localStorage.removeItem('yomi-play'));
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('[data-move-time]').selectOption('200');
    await page.locator('[data-new-game]').click();
    const list = page.locator('[data-widget="play"] .game-moves li');

    await square(page, '7g').click();
    await square(page, '7f').click();
    await expect.poll(() => list.count(), { timeout: 15_000 }).toBe(2); // the engine answered
    await square(page, '2g').click();
    await square(page, '2f').click();
    await expect.poll(() => list.count(), { timeout: 15_000 }).toBe(4);
    await square(page, '2f').click();
    await square(page, '2e').click();
    await expect.poll(() => list.count(), { timeout: 15_000 }).toBe(6);
    expect((await movesInUsi(page, 'play')).filter((_, i) => i % 2 === 0)).toEqual([
      '7g7f',
      '2g2f',
      '2f2e',
    ]);

    await page.locator('[data-takeback]').click();
    expect(await list.count()).toBe(4);
    expect(await page.locator('[data-status]').innerText()).toBe('Your move (sente).');

    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => list.count()).toBe(4);
    expect(await movesInUsi(page, 'play')).toHaveLength(4);
    expect(await page.locator('[data-status]').innerText()).toBe('Your move (sente).');
    await closeCleanly();
  });

  it('ends the game by mate and says why', async () => {
    const { page } = await session.open('/play/');
    await page.locator('[data-side]').selectOption('sente');
    await page.locator('[data-new-game]').click();
    await importText(page, 'play', 'sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1');
    await page.locator('.hand-sente .hand-piece[data-kind="7"]').click();
    await square(page, '5b').click();
    const status = page.locator('[data-status]');
    await expect.poll(() => status.getAttribute('data-over')).toBe('mate');
    expect(await status.innerText()).toBe('Sente wins: mate (詰み, tsumi).');
    expect(await page.locator('[data-resign]').isDisabled()).toBe(true);
    await closeCleanly();
  });

  it('exports KIF and reads it back to the same moves; a bad file names its line', async () => {
    const { page } = await session.open('/play/', PHONE);
    await importText(page, 'play', KIF);
    const moves = await movesInUsi(page, 'play');
    expect(moves.slice(0, 4)).toEqual(['7g7f', '3c3d', '2g2f', '8c8d']);
    const exported = page.locator('[data-export="kif"]');
    await expect.poll(() => exported.inputValue()).toContain('７六歩(77)');
    const kif = await exported.inputValue();

    await importText(page, 'play', 'startpos');
    expect(await page.locator('[data-widget="play"] .game-moves li').count()).toBe(0);
    await importText(page, 'play', kif);
    expect(await movesInUsi(page, 'play')).toEqual(moves);

    await importText(page, 'play', CSA.replace('-3334FU', '-3335FU'));
    const error = page.locator('[data-import-error]');
    expect(await error.innerText()).toMatch(/^CSA, line 5, move 2 /);
    expect(await movesInUsi(page, 'play')).toEqual(moves); // the game is as it was
    expect(await overflowsHorizontally(page)).toBe(false);
    await closeCleanly();
  });
});

describeBrowser('the Analyse page', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  it('steps through an imported KIF and CSA record', async () => {
    const { page } = await session.open('/analyse/');
    const where = page.locator('[data-ply]');
    await importText(page, 'analyse-record', KIF);
    expect(await where.getAttribute('data-ply')).toBe('4');
    await page.locator('[data-back]').click();
    await page.locator('[data-back]').click();
    expect(await where.innerText()).toBe('Move 2 of 4: △３四歩');
    await page.keyboard.press('ArrowRight');
    expect(await where.getAttribute('data-ply')).toBe('3');
    await page.locator('[data-start]').click();
    expect(await where.innerText()).toBe('Move 0 of 4');

    await importText(page, 'analyse-record', CSA);
    expect(await where.innerText()).toBe('Move 4 of 4: △同　銀');
    await page.locator('[data-widget="analyse"] .game-moves li').nth(2).locator('button').click();
    expect(await where.getAttribute('data-ply')).toBe('3');
    await closeCleanly();
  });

  it('shows the board before the record boxes, whose fields keep their own keys', async () => {
    const { page } = await session.open('/analyse/');
    // The explorer's board comes first in the page, the export and import boxes after it.
    const order = await page.evaluate(() => {
      const board = document.querySelector('[data-widget="analyse"] ~ * .board');
      const record = document.querySelector('[data-widget="analyse-record"]');
      return board && record
        ? Boolean(board.compareDocumentPosition(record) & Node.DOCUMENT_POSITION_FOLLOWING)
        : null;
    });
    expect(order).toBe(true);
    await importText(page, 'analyse-record', KIF);
    const where = page.locator('[data-ply]');
    expect(await where.getAttribute('data-ply')).toBe('4');
    // Home, End and the arrows move the caret in the import box, not the game…
    const box = page.locator('[data-widget="analyse-record"] .record-import textarea');
    await box.fill('position startpos moves 7g7f');
    await box.press('Home');
    expect(await box.evaluate((t: HTMLTextAreaElement) => t.selectionStart)).toBe(0);
    await box.press('ArrowRight');
    expect(await box.evaluate((t: HTMLTextAreaElement) => t.selectionStart)).toBe(1);
    expect(await where.getAttribute('data-ply')).toBe('4');
    // …and the choice in Best lines, where the arrows change the number of lines.
    const lines = page.locator('.best-lines select').first();
    await lines.focus();
    await lines.press('ArrowLeft');
    expect(await where.getAttribute('data-ply')).toBe('4');
    // On the move list, and on the notation's checkbox, they still step through the game.
    await page.locator('[data-widget="analyse"] .game-moves li').first().locator('button').focus();
    await page.keyboard.press('End');
    expect(await where.getAttribute('data-ply')).toBe('4');
    await page.keyboard.press('Home');
    expect(await where.getAttribute('data-ply')).toBe('0');
    await page.locator('.analyse-notation input').focus();
    await page.keyboard.press('ArrowRight');
    expect(await where.getAttribute('data-ply')).toBe('1');
    await closeCleanly();
  });

  it('keeps the game and the move shown in the address, and lists the best lines', async () => {
    const { page } = await session.open(
      '/analyse/?game=startpos+moves+7g7f+3c3d+8h2b%2B+3a2b&ply=2',
    );
    const quiet = inFlight(page);
    const where = page.locator('[data-ply]');
    await expect.poll(() => where.getAttribute('data-ply')).toBe('2');
    await page.locator('[data-forward]').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ply')).toBe('3');
    expect(new URL(page.url()).searchParams.get('game')).toBe(
      'startpos moves 7g7f 3c3d 8h2b+ 3a2b',
    );
    // Let the search the step started finish loading, so the reload aborts no request.
    await quiet();
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => where.innerText()).toBe('Move 3 of 4: ▲２二角成');

    await page.locator('[data-line-count]').selectOption('3');
    await page.locator('[data-find-lines]').click();
    const lines = page.locator('.best-lines-list li');
    await expect.poll(() => lines.count(), { timeout: 20_000 }).toBe(3);
    // Gote's best reply takes the horse back (the score, whatever the evaluation makes of the
    // position, comes first).
    expect(await lines.first().innerText()).toMatch(/^[−+]?\d[\d,]* △２二銀/);
    await closeCleanly();
  });

  it('lists each best line as it is found, and Stop keeps the lines found so far', async () => {
    const { page } = await session.open('/analyse/?game=startpos+moves+7g7f+3c3d');
    await page.locator('[data-line-count]').selectOption('5');
    await page.getByLabel("Depth of each line's search").selectOption('6');
    await page.locator('[data-find-lines]').click();
    const lines = page.locator('.best-lines-list li');
    const live = page.locator('[data-live-line]');
    // The first line is listed as soon as it is found, before the search has found them all.
    await expect.poll(() => lines.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    const before = await lines.count();
    expect(before).toBeGreaterThanOrEqual(1);
    // Stop (or the search's own end, whichever comes first) keeps every line found so far.
    const stop = page
      .getByRole('region', { name: 'Best lines' })
      .getByRole('button', { name: 'Stop' });
    // The search may end between the look and the click: only a Stop still there must take it.
    if (await stop.isVisible())
      await stop.click({ timeout: 5000 }).catch(async (error: unknown) => {
        if (await stop.isVisible()) throw error;
      });
    await expect.poll(() => live.count()).toBe(0);
    expect(await lines.count()).toBeGreaterThanOrEqual(before);
    await closeCleanly();
  });

  it('makes a folded group of options when the reader opens it, and its options work', async () => {
    const { page } = await session.open('/analyse/');
    const quiet = inFlight(page);
    const group = page.locator('details.opt-group[data-group="forward"]');
    expect(await group.getAttribute('open')).toBeNull();
    // Folded, its rows are not made yet: every group's rows were most of the page's load.
    expect(await group.locator('[data-option]').count()).toBe(0);
    await group.locator('summary').click();
    const toggle = group.locator('[data-option] input[role="switch"]').first();
    await toggle.waitFor();
    expect(await group.locator('[data-option]').count()).toBeGreaterThan(1);
    const set = !(await toggle.isChecked());
    await toggle.setChecked(set);
    await expect
      .poll(() => page.locator('.options-count').first().innerText())
      .toBe('1 changed from the default');
    // Folding it again keeps its rows, and the change.
    await group.locator('summary').click();
    await group.locator('summary').click();
    expect(await toggle.isChecked()).toBe(set);
    await expect.poll(() => group.locator('[data-option].changed').count()).toBe(1);
    await quiet();
    await closeCleanly();
  });

  it('names what is wrong with a bad address', async () => {
    const { page } = await session.open('/analyse/?game=startpos+moves+7g7f+7f7e');
    expect(await page.locator('[data-url-error]').innerText()).toMatch(
      /^The game in the address: USI: position: move 2/,
    );
    await closeCleanly();
  });
});
