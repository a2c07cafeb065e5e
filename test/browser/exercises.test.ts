/**
 * An exercise in a chapter: the reader answers, the engine in the page's worker searches and
 * grades, the answer is kept, and the home page counts it.
 */
import { expect, it } from 'vitest';
import { describeBrowser, hydrate, pageSession } from './harness';

const EXERCISE = '[data-widget="exercise"][data-exercise="horizon-pawn-check"]';

describeBrowser('exercises the engine grades', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  it('grades an answer with a search, keeps it, and counts it on the home page', async () => {
    const { page } = await session.open('/horizon/');
    await page.evaluate(() => localStorage.removeItem('yomi-exercises'));
    const exercise = await hydrate(page, EXERCISE);
    const check = exercise.getByRole('button', { name: 'Check with the engine' });
    expect(await check.isDisabled()).toBe(true);
    // A wrong answer first: the engine names the right one and why.
    await exercise.locator('[data-choice="9g9f"] input').check();
    await check.click();
    const answer = exercise.locator('.exercise-answer');
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.getAttribute('data-right')).toBe('false');
    expect(await answer.getAttribute('data-answer')).toBe('P*5d');
    expect(await answer.textContent()).toMatch(/The search plays P\*5d/);
    // Then the right one.
    await exercise.locator('[data-choice="P*5d"] input').check();
    expect(await answer.count()).toBe(0);
    await check.click();
    await exercise.locator('.exercise-answer[data-right="true"]').waitFor({ timeout: 30_000 });

    await page.goto(page.url().replace(/\/horizon\/.*$/, '/'), { waitUntil: 'networkidle' });
    const summary = page.locator('[data-chapter-progress="horizon"] .chapter-exercises');
    await expect.poll(() => summary.isVisible()).toBe(true);
    expect(await summary.textContent()).toBe('1 of 2 exercises answered, 1 right.');
    await page.evaluate(() => localStorage.removeItem('yomi-exercises'));
    await closeCleanly();
  });
});
