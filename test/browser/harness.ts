/**
 * What a browser test needs: the served site's URL (from global-setup.ts), one Chromium, and pages
 * that record everything a reader would call broken — console errors, uncaught exceptions, failed
 * requests and HTTP errors.
 */
import { readdirSync } from 'node:fs';
import { chromium, type Browser, type Locator, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium';
import { STILL_LAYING_OUT } from '../../src/components/layout/progressive-layout';

/** Why the browser tests are skipped, or '' when they run. */
export const browserSkip = inject('browserSkip');

/** `describe` for browser tests: skipped, with the reason in its name, when there is no Chromium. */
export const describeBrowser = (name: string, body: () => void): void => {
  if (browserSkip === '') describe(name, body);
  else describe.skip(`${name} (skipped: ${browserSkip})`, body);
};

/** The absolute URL of a path on the served site. */
export const siteUrl = (path: string): string => `${inject('siteUrl')}${path}`;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** Every chapter page, from the chapters' sources (a chapter's id is its file name). */
export const CHAPTER_PAGES = readdirSync('src/content/chapters')
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => `/${name.slice(0, -'.mdx'.length)}/`)
  .sort();

/** The pages that are not chapters, the ones a reader reaches from the header and the home page. */
export const SITE_PAGES = [
  '/',
  '/board/',
  '/glossary/',
  '/references/',
  '/lab/',
  '/play/',
  '/analyse/',
  '/code/',
] as const;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface OpenedPage {
  page: Page;
  /** Everything that went wrong while loading and using the page, one line each. */
  problems: string[];
}

/**
 * Records what goes wrong in a page from now on, one line each: console errors, uncaught
 * exceptions, failed requests and HTTP errors.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

/**
 * Opens `path` in a fresh page of the given size and waits until the network is idle; `prepare`
 * runs on the blank page first (to install scripts that must run before the page's own).
 */
export async function openPage(
  browser: Browser,
  path: string,
  viewport: { width: number; height: number } = DESKTOP,
  prepare?: (page: Page) => Promise<void>,
): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport });
  await prepare?.(page);
  const problems = watchProblems(page);
  const response = await page.goto(siteUrl(path), { waitUntil: 'networkidle' });
  if (!response?.ok()) problems.push(`navigation to ${path}: HTTP ${response?.status() ?? '?'}`);
  return { page, problems };
}

/**
 * One Chromium for a describe block and one page open at a time: `open` loads a path, and
 * `closeCleanly` closes the page and fails the test if the page logged an error, threw, failed a
 * request or got an HTTP error. Call it inside `describeBrowser`.
 */
export function pageSession(): {
  open: (
    path: string,
    viewport?: { width: number; height: number },
    prepare?: (page: Page) => Promise<void>,
  ) => Promise<OpenedPage>;
  closeCleanly: () => Promise<void>;
} {
  let browser: Browser | undefined;
  let opened: OpenedPage | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    open: async (path, viewport, prepare) => {
      if (!browser) throw new Error('pageSession: the browser is not running yet');
      opened = await openPage(browser, path, viewport, prepare);
      return opened;
    },
    closeCleanly: async () => {
      // What the page did while it was read: requests the close itself cuts short (a font or a
      // chunk still loading) are not the page's problems.
      const problems = [...(opened?.problems ?? [])];
      await opened?.page.close();
      opened = undefined;
      expect(problems).toEqual([]);
    },
  };
}

/** True if the page is wider than the viewport, that is, it scrolls sideways. */
export const overflowsHorizontally = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/**
 * Scroll a client:visible island into view and wait until Preact has hydrated it, its later
 * parts (later.tsx) included; `widget` may list several selectors, comma-separated. Returns the
 * first match.
 */
export async function hydrate(page: Page, widget: string): Promise<Locator> {
  const locator = page.locator(widget).first();
  await locator.scrollIntoViewIfNeeded();
  const hydrated = widget
    .split(',')
    .map((w) => `astro-island:not([ssr]) ${w.trim()}`)
    .join(', ');
  await page.locator(hydrated).first().waitFor();
  // Parts of an island that hydrate in later tasks (later.tsx) carry data-later until they do.
  await locator.evaluate(
    (el) =>
      new Promise<void>((done) => {
        const island = el.closest('astro-island') ?? el;
        const check = () =>
          island.querySelector('[data-later]') ? requestAnimationFrame(check) : done();
        check();
      }),
  );
  return locator;
}

/**
 * Wait until every result card of a search explorer shows a finished, current search (and, with
 * `cards`, until there are that many).
 */
export async function settled(
  explorer: Locator,
  { cards = 0, timeout = 45_000 }: { cards?: number; timeout?: number } = {},
): Promise<void> {
  await explorer.evaluate(
    (el, [want, ms]) =>
      new Promise<void>((done, fail) => {
        const start = Date.now();
        const check = () => {
          const found = [...el.querySelectorAll('.result-card')];
          const ready =
            found.length > 0 &&
            (want === 0 || found.length === want) &&
            found.every(
              (c) =>
                c.querySelector('[data-nodes]') !== null &&
                c.getAttribute('aria-busy') !== 'true' &&
                !c.classList.contains('stale'),
            );
          if (ready) done();
          else if (Date.now() - start > ms) fail(new Error('the search did not finish'));
          else setTimeout(check, 50);
        };
        check();
      }),
    [cards, timeout] as const,
  );
}

/**
 * Take step `n` (from 1) of a search explorer's guided experiment, `step` (two result cards if it
 * compares, else one), and wait for its searches: the step's button is pressed, and every card
 * shows a finished, current search with nodes. Returns each card's best move.
 */
export async function takeStep(
  explorer: Locator,
  n: number,
  step: { label: string; compare?: boolean | undefined },
): Promise<string[]> {
  const cards = step.compare ? 2 : 1;
  await explorer.locator(`.guided-steps button[data-step="${n}"]`).click();
  await explorer.locator(`.guided-steps button[data-step="${n}"][aria-pressed="true"]`).waitFor();
  // A step that changes what is searched marks a card busy at once (its search starts after the
  // explorer's pause); a step that sets up what is already shown searches nothing.
  await explorer
    .locator('.result-card[aria-busy="true"]')
    .first()
    .waitFor({ timeout: 2000 })
    .catch(() => undefined);
  await settled(explorer, { cards });
  const results = explorer.locator('.result-card');
  const moves: string[] = [];
  for (let i = 0; i < cards; i++) {
    const card = results.nth(i);
    const nodes = Number(await card.locator('[data-nodes]').getAttribute('data-nodes'));
    expect(nodes).toBeGreaterThan(0);
    moves.push((await card.locator('[data-best-move]').textContent())?.trim() ?? '');
  }
  return moves;
}

/**
 * Waits until a long page (a chapter, the Lab) is laid out whole (progressive-layout.ts lays it
 * out a step at a time after load; until then a block far from the screen has no rendered text,
 * and innerText reads it as empty).
 */
export async function laidOut(page: Page): Promise<void> {
  await page.waitForFunction((selector) => !document.querySelector(selector), STILL_LAYING_OUT, {
    timeout: 20_000,
  });
}

/**
 * Counts the page's requests in flight; the function returned waits until every island in view
 * has hydrated and there are no requests (twice, 500 ms apart), so a test can let the islands and
 * workers that scrolling or a click woke finish loading before it navigates away, which would
 * abort them and fail the page. (An island that hydrates after its script arrives starts its
 * worker only then: on a busy machine, well after the network first went quiet.)
 */
export function inFlight(page: Page): () => Promise<void> {
  // A set, not a counter: a request the page started before this was attached ends after it,
  // and a counter would go below zero and never read 0 again.
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  const hydratingInView = (): Promise<number> =>
    page.evaluate(
      () =>
        [...document.querySelectorAll('astro-island[ssr]')].filter((island) => {
          const range = document.createRange();
          range.selectNodeContents(island);
          const box = range.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight;
        }).length,
    );
  return async () => {
    await expect.poll(() => pending.size, { timeout: 20_000 }).toBe(0);
    await expect.poll(hydratingInView, { timeout: 20_000 }).toBe(0);
    await page.waitForTimeout(500);
    await expect.poll(() => pending.size, { timeout: 20_000 }).toBe(0);
  };
}
