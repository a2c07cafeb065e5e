/**
 * Chapter 8 in Chromium: on the shogi widget the plain king-capture search plays the pawn drop
 * that would mate (the first position's trap) and the legal-move search does not, and "Compare all four" marks the one
 * that differs; on the chess widget king capture promotes to a queen (stalemate) and legal moves to
 * a bishop, with the chess pieces drawn in their web font; the mate search solves a mate in 3 and
 * walks into its proof; the game search sees the mate in 5 with the mate search at its leaves and
 * not without, and its guided steps set it up one click each; and the page fits a phone with no
 * error in the console.
 */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  CHESS_POSITIONS,
  MATE_PROBLEMS,
  SHOGI_POSITIONS,
} from '../../src/components/widgets/end-of-game/positions';
import { MATE_PROBE_GUIDE } from '../../src/components/widgets/explorer/guided/end-of-game';
import {
  describeBrowser,
  hydrate,
  overflowsHorizontally,
  pageSession,
  PHONE,
  settled as explorerSettled,
  takeStep,
} from './harness';

const PAGE = '/end-of-game/';
const SHOGI = '[data-widget="end-rules"][data-game="shogi"]';
const CHESS = '[data-widget="end-rules"][data-game="chess"]';
const MATE = '[data-widget="mate-search"]';
const WORK_MS = 20_000;
/** The shogi widget's first position and the pawn drop that would mate there. */
const DROP = SHOGI_POSITIONS[0]!;
/** Seed 004's second chess example: c8=Q stalemates, c8=B mates. */
const C8_FEN = '8/k1P5/8/1K6/8/8/8/7Q w - - 0 1';
const MATE_IN_3 = MATE_PROBLEMS.find((p) => p.sfen === '9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1');

/** Wait until the widget shows a current result (of `rules`, if given) and is not searching. */
async function settled(widget: Locator, rules?: string): Promise<void> {
  const of = rules === undefined ? '' : `[data-rules="${rules}"]`;
  await widget.locator(`.eog-result${of}:not(.stale)`).waitFor({ timeout: WORK_MS });
  await widget.locator('.eog-status[data-state="idle"]').waitFor({ timeout: WORK_MS });
}

/** Show the preset with this position, when the widget offers a choice. */
async function showPosition(widget: Locator, id: string | undefined): Promise<void> {
  const button = widget.locator(`.explorer-presets button[data-position="${id}"]`);
  if ((await button.count()) > 0) await button.click();
}

/** Show the mate in 3, when the widget offers a choice. */
async function showProblem(widget: Locator): Promise<void> {
  const button = widget.locator(`.explorer-presets button[data-problem="${MATE_IN_3?.id}"]`);
  if ((await button.count()) > 0) await button.click();
}

const chosenMove = (widget: Locator): Promise<string | null> =>
  widget.locator('.eog-result .eog-move').getAttribute('data-move');

async function choose(widget: Locator, label: string, rules: string): Promise<string | null> {
  await widget.getByLabel(label, { exact: true }).check();
  await settled(widget, rules);
  return chosenMove(widget);
}

describeBrowser('chapter 8, the end of the game', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  it('shogi: king capture plays the forbidden pawn drop, legal moves do not', async () => {
    const { page } = await session.open(PAGE);
    const widget = await hydrate(page, SHOGI);
    await settled(widget);
    await showPosition(widget, DROP.id);
    expect(await choose(widget, 'Legal moves', 'legal')).not.toBe(DROP.trap);
    expect(await choose(widget, 'King capture', 'king-capture')).toBe(DROP.trap);
    // The drop is drawn on the board as the move, and marked in the table.
    const to = DROP.trap.slice(2);
    expect(await widget.locator(`.board .sq.last[data-square="${to}"]`).count()).toBe(1);
    expect(await widget.locator('.eog-moves tr.eog-chosen').getAttribute('data-move')).toBe(
      DROP.trap,
    );
    expect(await choose(widget, 'Method 1: decide at the node', 'method-1')).not.toBe(DROP.trap);

    await widget.getByRole('button', { name: 'Compare all four' }).click();
    await widget.locator('.eog-compare[data-state="done"]').waitFor({ timeout: WORK_MS });
    expect(await widget.locator('.eog-compare tbody tr').count()).toBe(4);
    expect(
      await widget.locator('.eog-compare tr[data-differs="true"]').getAttribute('data-rules'),
    ).toBe('king-capture');
    expect(
      await widget.locator('.eog-compare tr[data-rules="king-capture"]').getAttribute('data-move'),
    ).toBe(DROP.trap);
    await closeCleanly();
  });

  it('chess: king capture promotes to a queen and stalemates, legal moves to a bishop', async () => {
    const { page } = await session.open(PAGE);
    const widget = await hydrate(page, CHESS);
    await settled(widget);
    await showPosition(widget, CHESS_POSITIONS.find((p) => p.position === C8_FEN)?.id);
    await widget.locator('.eog-depth select').selectOption('4');
    expect(await choose(widget, 'Legal moves', 'legal')).toBe('c8=B');
    expect(await widget.locator('[data-square="c8"] .chess-lit').count()).toBe(1);
    expect(await widget.locator('[data-square="c7"] .chess-lit').count()).toBe(1);
    const plain = widget.getByLabel('plain 0 (the seed’s mapping)');
    expect(await plain.isDisabled()).toBe(true);
    expect(await choose(widget, 'King capture', 'king-capture')).toBe('c8=Q');
    expect(await choose(widget, 'Method 2: extra plies', 'method-2')).toBe('c8=B');
    expect(await plain.isDisabled()).toBe(false);
    // The pieces' font was found and loaded (its url resolved at build time).
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((f) => f.family.includes('Yomi Chess Pieces'))
        .map((f) => f.status);
    });
    expect(fonts).toEqual(['loaded']);
    await closeCleanly();
  });

  it('the mate search at the leaves sees the mate in 5 that the plain search does not', async () => {
    const { page } = await session.open(PAGE);
    const explorer = await hydrate(
      page,
      '[data-widget="search-explorer"][data-explorer="mate-probe"]',
    );
    await explorerSettled(explorer, { cards: 2 });
    const cards = explorer.locator('.result-card');
    const scores = await cards.locator('[data-score]').allTextContents();
    expect(scores[0]).not.toMatch(/mate/);
    expect(scores[1]).toMatch(/^mate in 3$/);
    expect(await cards.nth(1).locator('[data-best-move]').textContent()).toBe('S*4b');
    expect(await explorer.locator('[data-counter="mate-probe-proven"]').count()).toBe(1);
    await closeCleanly();
  });

  it('walks the mate search at the leaves one click a step, with what to look for beside each', async () => {
    const { page } = await session.open(PAGE);
    const explorer = await hydrate(
      page,
      '[data-widget="search-explorer"][data-explorer="mate-probe"]',
    );
    expect(await explorer.locator('.guided-steps button').count()).toBe(
      MATE_PROBE_GUIDE.steps.length,
    );
    // Each step's best moves, A then B (test/components/explorer/guided-steps.test.ts pins why).
    const expected = [
      ['G*4b', 'S*4b'],
      ['G*4b'],
      ['G*4b', 'S*4b'],
      ['R*2b', '3d2b+'],
      ['R*2b', 'R*2b'],
    ];
    for (const [i, step] of MATE_PROBE_GUIDE.steps.entries()) {
      expect(await takeStep(explorer, i + 1, step)).toEqual(expected[i]);
      expect(await explorer.locator('.guided-note').textContent()).toBe(step.note);
      const scores = await explorer.locator('.result-card [data-score]').allTextContents();
      expect(scores[0]).not.toMatch(/mate/);
      if (i === 0 || i === 2 || i === 3) expect(scores[1]).toMatch(/^mate in /);
      if (i === 4) expect(scores[1]).not.toMatch(/mate/);
    }
    await closeCleanly();
  });

  it('solves a mate in 3 and walks one step into its proof', async () => {
    const { page } = await session.open(PAGE);
    const widget = await hydrate(page, MATE);
    await showProblem(widget);
    await widget.getByRole('button', { name: 'Solve' }).click();
    await widget.locator('.ms-verdict[data-status="mate"]').waitFor({ timeout: WORK_MS });
    expect(await widget.locator('.ms-verdict').getAttribute('data-plies')).toBe('3');
    expect(await widget.locator('.ms-line button').count()).toBe(3);
    const proof = widget.locator('.ms-proof');
    expect(await proof.getAttribute('data-kind')).toBe('or');
    // Proven children first, and the first is the check the line plays.
    const first = widget.locator('.ms-children li').first();
    expect(await first.getAttribute('data-status')).toBe('proven');
    const check = await first.getAttribute('data-move');
    await first.locator('button').click();
    await widget.locator('.ms-proof[data-depth="1"]:not(.stale)').waitFor({ timeout: WORK_MS });
    expect(await proof.getAttribute('data-kind')).toBe('and');
    const statuses = await widget
      .locator('.ms-children li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-status')));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['proven']));
    expect(await widget.locator('.ms-crumbs button').last().textContent()).toBe(check);
    expect(await widget.locator('.board .sq.last').count()).toBeGreaterThan(0);
    // The breadcrumb walks back to the root.
    await widget.locator('.ms-crumbs button', { hasText: 'root' }).click();
    await widget.locator('.ms-proof[data-depth="0"]:not(.stale)').waitFor({ timeout: WORK_MS });
    await closeCleanly();
  });

  it('heads each of its lab tables with the columns its rows have', async () => {
    const { page } = await session.open(PAGE);
    const tables = await page.$$eval('.lab-table[data-table] table', (ts) =>
      ts.map((t) => {
        const head = [...t.querySelectorAll('thead tr')].map((tr) =>
          [...tr.children].reduce((n, c) => n + Number(c.getAttribute('colspan') ?? 1), 0),
        );
        const spanned = [...t.querySelectorAll('thead th[rowspan]')].length;
        const row = t.querySelector('tbody tr:not(.lab-group)');
        return {
          header: head[0] ?? 0,
          second: (head[1] ?? 0) + spanned,
          cells: row ? row.children.length : 0,
          lines: head.length,
          first: t.querySelector('thead th')?.textContent?.trim() ?? '',
        };
      }),
    );
    expect(tables.map((t) => t.first)).toEqual(['Method', 'Plies', 'Mate search', 'Mate search']);
    for (const t of tables) {
      expect(t.header).toBe(t.cells);
      if (t.lines > 1) expect(t.second).toBe(t.cells);
    }
    await closeCleanly();
  });

  it('fits a phone', async () => {
    const { page } = await session.open(PAGE, PHONE);
    for (const widget of [SHOGI, CHESS]) await settled(await hydrate(page, widget));
    const chess = page.locator(CHESS);
    await chess.getByRole('button', { name: 'Compare all four' }).click();
    await chess.locator('.eog-compare[data-state="done"]').waitFor({ timeout: WORK_MS });
    const mate = await hydrate(page, MATE);
    await showProblem(mate);
    await mate.getByRole('button', { name: 'Solve' }).click();
    await mate.locator('.ms-verdict[data-status="mate"]').waitFor({ timeout: WORK_MS });
    expect(await overflowsHorizontally(page)).toBe(false);
    await closeCleanly();
  });
});
