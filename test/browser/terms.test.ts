/**
 * Glossary terms in the chapters: a term's card opens by keyboard focus (and says the term in
 * English, Japanese and its reading), Escape closes it without moving focus, and it stays inside
 * a phone's width; the glossary's "taught in" link lands on the term in its chapter.
 */
import { expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  overflowsHorizontally,
  pageSession,
  PHONE,
  siteUrl,
  watchProblems,
} from './harness';

describeBrowser('glossary terms', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  it('opens a term card by keyboard and closes it with Escape', async () => {
    const { page } = await session.open('/horizon/');
    const term = page.locator('#term-suiheisen-koka');
    const link = term.locator('a');
    const card = term.locator('.term-card');
    expect(await card.isVisible()).toBe(false);

    // Reach the link with the keyboard: from it to the next stop and back again.
    await link.focus();
    await page.keyboard.press('Tab');
    expect(await card.isVisible()).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-term]')?.id)).toBe(
      'term-suiheisen-koka',
    );
    expect(await card.isVisible()).toBe(true);
    const text = await card.innerText();
    expect(text).toContain('水平線効果');
    expect(text).toContain('suiheisen kōka');
    expect(text).toContain('the horizon effect');
    expect(text).toContain('quiescence');
    // The card describes the link for a screen reader.
    expect(await link.getAttribute('aria-describedby')).toBe(await card.getAttribute('id'));
    expect(await card.getAttribute('role')).toBe('tooltip');

    await page.keyboard.press('Escape');
    expect(await card.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.closest('[data-term]')?.id)).toBe(
      'term-suiheisen-koka',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await card.isVisible()).toBe(true);
    await closeCleanly();
  });

  it('opens on hover and keeps the card inside a phone screen', async () => {
    const { page } = await session.open('/end-of-game/', PHONE);
    for (const id of ['sennichite', 'uchifuzume', 'mudaai']) {
      const term = page.locator(`#term-${id}`);
      await term.scrollIntoViewIfNeeded();
      await term.locator('a').hover();
      const card = term.locator('.term-card');
      await expect.poll(() => card.isVisible()).toBe(true);
      await page.waitForTimeout(100); // the card is placed in the next animation frame
      const box = (await card.boundingBox())!;
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(PHONE.width);
      expect(await overflowsHorizontally(page), id).toBe(false);
    }
    await closeCleanly();
  });

  it('opens the card on a first tap and follows the link on the second, on a touch screen', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
      const problems = watchProblems(page);
      await page.goto(siteUrl('/horizon/'), { waitUntil: 'networkidle' });
      const term = page.locator('#term-suiheisen-koka');
      const before = page.url();
      await term.locator('a').tap();
      expect(page.url()).toBe(before);
      expect(await term.locator('.term-card').isVisible()).toBe(true);
      await Promise.all([page.waitForURL(/\/glossary\/#suiheisen-koka$/), term.locator('a').tap()]);
      await page.close();
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('links each glossary row to the chapter that teaches the term', async () => {
    const { page } = await session.open('/glossary/');
    const taught = page.locator('#seishi-tansaku .taught-in a').first();
    expect(await taught.innerText()).toBe('chapter 4');
    await taught.click();
    await page.waitForURL('**/horizon/#term-seishi-tansaku');
    expect(await page.locator('#term-seishi-tansaku a').innerText()).toBe('静止探索');
    await closeCleanly();
  });
});
