/**
 * Search (Pagefind, indexed when the site is built): a Japanese term and an English one each find
 * the chapter that teaches them, and following the first result lands on a chapter page.
 */
import { expect, it } from 'vitest';
import { describeBrowser, pageSession } from './harness';

const RESULT = '.pagefind-ui__result-link';

describeBrowser('search', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  it.each([
    ['千日手', ['/end-of-game/', '/board/']],
    ['打ち歩詰め', ['/end-of-game/', '/board/']],
    ['futility', ['/pruning/']],
    ['quiescence', ['/horizon/']],
  ])('finds %s in the chapter that teaches it', async (term, chapters) => {
    const { page } = await session.open(`/search/?q=${encodeURIComponent(term)}`);
    await page.locator(RESULT).first().waitFor({ timeout: 10_000 });
    const hrefs = await page
      .locator(RESULT)
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(
      hrefs.slice(0, 5).some((h) => chapters.includes(h)),
      `${term}: ${hrefs.join(' ')}`,
    ).toBe(true);
    await closeCleanly();
  });

  it('is reached from the header, searches as the reader types, and a result opens its page', async () => {
    const { page } = await session.open('/');
    await page.locator('.site-nav a[href="/search/"]').click();
    await page.waitForURL(/\/search\/$/);
    const input = page.locator('.pagefind-ui__search-input');
    await input.fill('drop-pawn mate');
    await page.locator(RESULT).first().waitFor({ timeout: 10_000 });
    await page.locator(RESULT).first().click();
    await page.waitForURL((url) => url.pathname !== '/search/');
    expect(await page.locator('h1').count()).toBe(1);
    await closeCleanly();
  });
});
