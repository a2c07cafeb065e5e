/**
 * The theme switch: with the system set to light, the reader switches to dark with the keyboard;
 * after a reload the page is dark from its first paint (the class is set before the body is drawn),
 * and switching on to "auto" follows the system again and forgets the choice. With the system set
 * to dark and the reader's choice light, the page is light.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, pageSession } from './harness';

const LIGHT_PAPER = 'rgb(251, 249, 244)';
const DARK_PAPER = 'rgb(23, 24, 27)';

const paper = (page: Page): Promise<string> =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Record the body's background at the first animation frame of every load. */
const recordFirstPaint = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      requestAnimationFrame(() => {
        (window as unknown as { firstPaper: string }).firstPaper = getComputedStyle(
          document.body,
        ).backgroundColor;
      });
    });
  });
};

describeBrowser('the theme switch', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  it('switches by keyboard, survives a reload from the first paint, and goes back to auto', async () => {
    const { page } = await session.open('/');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await paper(page)).toBe(LIGHT_PAPER);
    const button = page.locator('[data-theme-switch]');
    expect(await button.getAttribute('data-theme')).toBe('auto');
    await button.focus();
    await page.keyboard.press('Enter'); // → light
    await page.keyboard.press('Enter'); // → dark
    expect(await button.getAttribute('data-theme')).toBe('dark');
    expect(await button.getAttribute('aria-label')).toMatch(/^Theme: dark/);
    expect(await paper(page)).toBe(DARK_PAPER);

    await recordFirstPaint(page);
    await page.reload({ waitUntil: 'networkidle' });
    expect(
      await page.evaluate(() => (window as unknown as { firstPaper: string }).firstPaper),
    ).toBe(DARK_PAPER);
    expect(await page.locator('[data-theme-switch]').getAttribute('data-theme')).toBe('dark');

    await page.locator('[data-theme-switch]').click(); // → auto
    expect(await paper(page)).toBe(LIGHT_PAPER);
    expect(await page.evaluate(() => localStorage.getItem('yomi-theme'))).toBeNull();
    await closeCleanly();
  });

  it('a chosen light theme wins over a dark system setting', async () => {
    const { page } = await session.open('/');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await paper(page)).toBe(DARK_PAPER);
    await page.evaluate(() => localStorage.setItem('yomi-theme', 'light'));
    await page.reload({ waitUntil: 'networkidle' });
    expect(await paper(page)).toBe(LIGHT_PAPER);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'light',
    );
    await page.evaluate(() => localStorage.removeItem('yomi-theme'));
    await closeCleanly();
  });
});
