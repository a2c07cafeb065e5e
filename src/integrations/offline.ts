/**
 * Offline reading: after `astro build` has written (and checked) the site, Workbox, through the
 * Vite PWA integration, writes a service worker (sw.js) that precaches the book itself — every
 * page's HTML except the engine's source pages, all JavaScript (the engine's module worker among
 * it), CSS, SVG and the fonts those pages use — so a reader who has visited once can open any
 * chapter offline. The rest is cached the first time it is fetched: the source pages (several
 * megabytes), the search index, the lab's data files and the other fonts. The page registers the
 * worker in src/components/layout/register-sw.ts.
 *
 * Versioning: each precached file is listed with a revision (the hash in an _astro/ file's name,
 * else a hash of its content), so a new build's worker fetches exactly the files that changed and
 * drops the ones that are gone; it takes over at once (skipWaiting, clientsClaim) and the page
 * reloads onto the new build. `cleanupOutdatedCaches` deletes caches an older Workbox left behind.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AstroPWA, { type PwaOptions } from '@vite-pwa/astro';
import type { AstroIntegration } from 'astro';
import { codePoints, faceIsUsed, fontFaces } from './offline-fonts';

const DAY = 24 * 60 * 60;

/**
 * The precache list without the font files no precached page can use (offline-fonts.ts). URLs are
 * relative to the site's root, and so to `dist`.
 */
async function withUsedFontsOnly<E extends { url: string }>(
  dist: string,
  entries: E[],
): Promise<E[]> {
  const read = (url: string): Promise<string> => readFile(join(dist, url), 'utf8');
  const chars = new Set<number>();
  // Pagefind's scripts carry its interface in many languages; the site shows it in English, and
  // the results it shows are the pages' own text, counted here.
  for (const entry of entries)
    if (/\.(?:html|js)$/.test(entry.url) && !entry.url.startsWith('pagefind/'))
      codePoints(await read(entry.url), chars);
  const used = new Set<string>();
  for (const entry of entries) {
    if (!entry.url.endsWith('.css')) continue;
    for (const face of fontFaces(await read(entry.url)))
      if (faceIsUsed(face, chars)) used.add(new URL(face.url, `http://site/${entry.url}`).pathname);
  }
  return entries.filter((entry) => !entry.url.endsWith('.woff2') || used.has(`/${entry.url}`));
}

/** The Vite PWA integration's settings for a site built into `dist`. */
function pwaOptions(dist: string): PwaOptions {
  return {
    registerType: 'autoUpdate',
    // The minified worker without Workbox's debug logging, also when NODE_ENV is not
    // 'production' (the browser tests build under NODE_ENV=test).
    mode: 'production',
    // Registered by the page (register-sw.ts), not by a script the plugin would inject.
    injectRegister: false,
    // The book is read in the browser, not installed as an app: no web manifest, so no icons.
    manifest: false,
    workbox: {
      // The finished site, where Astro copies it: the plugin would look in Vite's output
      // directory, which for a site built outside the project (the browser tests) is a
      // temporary one, already gone.
      globDirectory: dist,
      swDest: join(dist, 'sw.js'),
      // The search index too (about 1.6 MB: its chunks, the fragments its results show, the
      // WebAssembly that reads them), so that search works on a first visit offline.
      globPatterns: [
        '**/*.{html,js,css,svg}',
        '_astro/*.woff2',
        'pagefind/*.{json,pagefind,pf_meta}',
        'pagefind/index/*.pf_index',
        'pagefind/fragment/*.pf_fragment',
      ],
      // The 404 page is only ever served by the server, for an address the book does not have.
      // The notebook cell's editor and worker (about 800 KB, only /code/ loads them) are cached
      // when first used, not downloaded by every reader of every page. Of Pagefind's scripts,
      // the search page uses only its default interface.
      globIgnores: [
        'source/**',
        '404.html',
        '_astro/notebook-*.js',
        '_astro/library-*.js',
        'pagefind/pagefind-component-ui.*',
        'pagefind/pagefind-modular-ui.*',
        'pagefind/pagefind-highlight.js',
      ],
      // The pages are static and read their address in the browser: `/search/?q=futility`, a
      // chapter with an explorer's settings, Pagefind's `?ts=` all come from the precached file.
      ignoreURLParametersMatching: [/./],
      // Workbox leaves out, with a build warning, any file over maximumFileSizeToCacheInBytes
      // (2 MiB by default). The largest scripts, the code editor's and the engine's module
      // workers, are a few hundred KB; test/browser/offline.test.ts runs the engine offline.
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // No single-page fallback: an address that is not cached is fetched (and, offline, fails)
      // rather than answered with the home page.
      navigateFallback: null,
      // Of the fonts (7 MB, most of it the Japanese font's slices), only those the precached
      // pages can use: about 1.5 MB. This list also replaces the integration's own transform,
      // which renames horizon/index.html to /horizon, a path a request for /horizon/ does not
      // match; kept as built, Workbox serves /horizon/ from it through its directoryIndex.
      manifestTransforms: [
        async (entries) => ({ manifest: await withUsedFontsOnly(dist, entries), warnings: [] }),
      ],
      runtimeCaching: [
        {
          // Scripts left out of the precache (the notebook's). Hashed names: never stale.
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'yomi-scripts',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 50, maxAgeSeconds: 365 * DAY },
          },
        },
        {
          // The other fonts, for characters only the source pages have. Their names are hashed
          // (_astro/…), so a cached one never goes stale.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /\.(?:woff2?|ttf)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'yomi-fonts',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 200, maxAgeSeconds: 365 * DAY },
          },
        },
        {
          // Pagefind's files the precache leaves out: the network first, the cached copy offline.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/pagefind/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'yomi-search',
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * DAY },
          },
        },
        {
          // Source pages: current when online, as last read offline; one never read says so
          // (the offline page) instead of the browser's network error.
          urlPattern: ({ url, sameOrigin, request }) =>
            sameOrigin && request.mode === 'navigate' && url.pathname.startsWith('/source/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'yomi-pages',
            expiration: { maxEntries: 100, maxAgeSeconds: 30 * DAY },
            precacheFallback: { fallbackURL: '/offline/index.html' },
          },
        },
        {
          // The lab's data files (games), and source files fetched by a page: as last read.
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && (url.pathname.startsWith('/source/') || url.pathname.startsWith('/lab/')),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'yomi-pages',
            expiration: { maxEntries: 100, maxAgeSeconds: 30 * DAY },
          },
        },
      ],
    },
  };
}

/**
 * `npm run preview` serves the built site at the address `npm run dev` uses, and the worker it
 * registered would go on answering the dev server's pages from its cache. So the dev server
 * answers the browser's check for a newer worker with one that unregisters itself and reloads the
 * pages it controlled, which then come from the dev server.
 */
const RETIRING_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', () => {
  self.registration
    .unregister()
    .then(() => self.clients.matchAll({ type: 'window' }))
    .then((pages) => pages.forEach((page) => page.navigate(page.url)));
});
`;

export default function offline(): AstroIntegration {
  let pwa: AstroIntegration | undefined;
  return {
    name: 'yomi-offline',
    hooks: {
      // The settings name the output directory, known once the configuration (and --outDir) is.
      'astro:config:setup': async (options) => {
        if (options.command === 'dev') {
          options.updateConfig({
            vite: {
              plugins: [
                {
                  name: 'yomi-retiring-service-worker',
                  configureServer(server) {
                    server.middlewares.use('/sw.js', (_request, response) => {
                      response.writeHead(200, {
                        'Content-Type': 'text/javascript',
                        'Cache-Control': 'no-store',
                      });
                      response.end(RETIRING_WORKER);
                    });
                  },
                },
              ],
            },
          });
        }
        pwa = AstroPWA(pwaOptions(fileURLToPath(options.config.outDir)));
        await pwa.hooks['astro:config:setup']?.(options);
      },
      'astro:build:done': async (options) => {
        await pwa?.hooks['astro:build:done']?.(options);
      },
    },
  };
}
