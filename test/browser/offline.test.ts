/**
 * Offline reading (src/integrations/offline.ts): after one visit to the home page, with the
 * network cut, a chapter never opened before loads from the service worker's precache — its text,
 * its stylesheets, its fonts and a widget whose engine runs in the module worker. A source page
 * read while online is served from the runtime cache; one never read fails as any page does
 * offline. A new build's worker replaces a changed page, fetching only it, and the page reloads.
 *
 * The browser reaches the site through a proxy of its own, which can pretend a new build was
 * deployed (Playwright's routing does not see the browser's check for a new service worker).
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  hydrate,
  launchBrowser,
  settled,
  siteUrl,
  watchProblems,
} from './harness';

const CHAPTER = '/horizon/';
const EXPLORER = '[data-widget="search-explorer"][data-explorer]';
const READ_SOURCE = '/source/engine/position/';
const UNREAD_SOURCE = '/source/engine/zobrist/';
const LIGHT_PAPER = 'rgb(251, 249, 244)';

interface Proxy {
  url: string;
  /** From now on, answer these paths with these bodies instead of the site's files. */
  deploy: (files: Record<string, { body: string; type: string }>) => void;
  close: () => Promise<void>;
}

/** A loopback proxy in front of the served site (redirects passed on, not followed). */
async function startProxy(site: string): Promise<Proxy> {
  let deployed: Record<string, { body: string; type: string }> = {};
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const replaced = deployed[new URL(path, site).pathname];
    if (replaced) {
      response.writeHead(200, { 'Content-Type': replaced.type, 'Cache-Control': 'no-store' });
      response.end(replaced.body);
      return;
    }
    void fetch(`${site}${path}`, { redirect: 'manual' }).then(async (answer) => {
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'cache-control', 'location']) {
        const value = answer.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      response.writeHead(answer.status, headers);
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deploy: (files) => {
      deployed = files;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A page of the context that records what went wrong in it, one line each. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchProblems(page);
  return { page, problems };
}

/** Every URL held in the page's Cache Storage, across caches, without Workbox's revision. */
const cachedPaths = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      paths.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return paths;
  });

describeBrowser('offline reading', () => {
  let proxy: Proxy;
  let browser: Browser;
  let context: BrowserContext;
  let firstVisit: { paths: string[]; problems: string[] };
  const at = (path: string): string => `${proxy.url}${path}`;

  beforeAll(async () => {
    proxy = await startProxy(siteUrl(''));
    browser = await launchBrowser();
    context = await browser.newContext({ colorScheme: 'light' });
    // The first visit: the worker installs, precaching the book, and takes control of the page;
    // then a source page is read, online.
    const { page, problems } = await watchedPage(context);
    await page.goto(at('/'), { waitUntil: 'load' });
    // It claims the page once installed, that is once everything is precached.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.goto(at(READ_SOURCE), { waitUntil: 'load' });
    firstVisit = { paths: await cachedPaths(page), problems };
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
  });

  it('precaches the chapters and the engine worker on the first visit, without errors', () => {
    expect(firstVisit.problems).toEqual([]);
    expect(firstVisit.paths).toContain('/horizon/index.html');
    expect(firstVisit.paths.some((path) => /^\/_astro\/worker-[\w-]+\.js$/.test(path))).toBe(true);
    // The search index, so that search works offline before it was ever used online.
    expect(firstVisit.paths).toContain('/pagefind/pagefind-entry.json');
    expect(firstVisit.paths.some((path) => path.startsWith('/pagefind/fragment/'))).toBe(true);
    expect(firstVisit.paths).toContain('/offline/index.html');
    // Not the source pages, but the one read.
    expect(firstVisit.paths).toContain(READ_SOURCE);
    expect(firstVisit.paths).not.toContain(`${UNREAD_SOURCE}index.html`);
  });

  it('opens a chapter never visited, with its styles, fonts and engine, offline', async () => {
    await context.setOffline(true);
    const { page, problems } = await watchedPage(context);
    const response = await page.goto(at(CHAPTER), { waitUntil: 'load' });
    expect(response?.ok()).toBe(true);
    expect(response?.fromServiceWorker()).toBe(true);
    expect(await page.locator('h1').textContent()).toBe('The horizon');

    const sheets = await page
      .locator('link[rel="stylesheet"]')
      .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).sheet !== null));
    expect(sheets.length).toBeGreaterThan(0);
    expect(sheets.every(Boolean)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      LIGHT_PAPER,
    );
    // The Japanese font's slices this page draws came from the cache.
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((f) => f.status !== 'unloaded')
        .map((f) => `${f.family} ${f.status}`);
    });
    expect(fonts.some((f) => /Yomi Serif JP.* loaded/.test(f))).toBe(true);
    expect(fonts.filter((f) => !f.endsWith(' loaded'))).toEqual([]);

    // A widget hydrates and its search runs in the engine's module worker.
    const explorer = await hydrate(page, EXPLORER);
    await settled(explorer, { timeout: 20_000 });
    const nodes = await explorer.locator('[data-nodes]').first().getAttribute('data-nodes');
    expect(Number(nodes)).toBeGreaterThan(0);

    await page.close();
    expect(problems).toEqual([]);
  });

  it('serves a source page read before from the cache, and says a page never read needs the network', async () => {
    await context.setOffline(true);
    const page = await context.newPage();
    const read = await page.goto(at(READ_SOURCE), { waitUntil: 'load' });
    expect(read?.ok()).toBe(true);
    expect(read?.fromServiceWorker()).toBe(true);
    expect(await page.locator('h1').textContent()).toContain('position');
    // Not cached: the book's own page that says so, not the browser's network error.
    const unread = await page.goto(at(UNREAD_SOURCE), { waitUntil: 'load' });
    expect(unread?.fromServiceWorker()).toBe(true);
    expect(await page.locator('h1').textContent()).toBe('This page needs the network once');
    expect(await page.locator('[data-offline-fallback] a[href="/horizon/"]').count()).toBe(1);
    await page.close();
  });

  it('searches offline, from an address with a query, on a first visit to the search page', async () => {
    await context.setOffline(true);
    const { page, problems } = await watchedPage(context);
    const response = await page.goto(at('/search/?q=futility'), { waitUntil: 'load' });
    expect(response?.fromServiceWorker()).toBe(true);
    const result = page.locator('.pagefind-ui__result').first();
    await result.waitFor({ timeout: 20_000 });
    // Every result shown has its fragment (title and link) before the page is left: leaving
    // earlier aborts the fragments still in flight, which is the test's doing, not the page's.
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.pagefind-ui__loading').length === 0 &&
        [...document.querySelectorAll('.pagefind-ui__result')].every((r) =>
          r.querySelector('.pagefind-ui__result-link'),
        ),
      undefined,
      { timeout: 20_000 },
    );
    expect(await page.locator('.pagefind-ui__result').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-search-missing]:not([hidden])').count()).toBe(0);
    // A chapter whose address carries an explorer's settings opens offline too.
    const chapter = await page.goto(at(`${CHAPTER}?x.depth=3`), { waitUntil: 'load' });
    expect(chapter?.fromServiceWorker()).toBe(true);
    expect(await page.locator('h1').textContent()).toBe('The horizon');
    await page.close();
    expect(problems).toEqual([]);
  });

  it('replaces a page changed by a new build, fetching only what changed', async () => {
    await context.setOffline(false);
    const { page, problems } = await watchedPage(context);
    await page.goto(at('/'), { waitUntil: 'load' });
    // A new build in which only the chapter's page changed: its worker lists a new revision.
    const html = (await (await fetch(siteUrl(`${CHAPTER}index.html`))).text()).replace(
      '>The horizon</h1>',
      '>The horizon, revised</h1>',
    );
    const revision = createHash('md5').update(html).digest('hex');
    const sw = (await (await fetch(siteUrl('/sw.js'))).text()).replace(
      /(url"?:\s*"horizon\/index\.html",\s*"?revision"?:\s*")[0-9a-f]+/,
      `$1${revision}`,
    );
    expect(sw).toContain(revision);
    const fetched: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker()) fetched.push(new URL(request.url()).pathname);
    });
    proxy.deploy({
      '/sw.js': { body: sw, type: 'text/javascript' },
      [`${CHAPTER}index.html`]: { body: html, type: 'text/html' },
      [CHAPTER]: { body: html, type: 'text/html' },
    });

    // The browser finds the new worker, which takes over; the page reloads onto it by itself.
    const reloaded = page.waitForEvent('load');
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await reloaded;
    expect(fetched).toContain(`${CHAPTER}index.html`);
    expect(fetched.filter((path) => path.startsWith('/_astro/'))).toEqual([]);

    await context.setOffline(true);
    await page.goto(at(CHAPTER), { waitUntil: 'load' });
    expect(await page.locator('h1').textContent()).toBe('The horizon, revised');
    await page.close();
    // The reload cuts off whatever the page was still fetching; nothing else may go wrong.
    expect(problems.filter((p) => !p.endsWith('(net::ERR_ABORTED)'))).toEqual([]);
  });
});
