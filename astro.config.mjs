// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import { CODE_THEMES } from './src/components/source/themes.ts';
import linkCheck from './src/integrations/link-check.ts';
import loadSplit from './src/integrations/load-split.ts';
import offline from './src/integrations/offline.ts';
import pagefindIndex from './src/integrations/pagefind.ts';

export default defineConfig({
  // Where the book is served, for the sitemap and the pages' canonical and social-preview URLs:
  // set SITE_URL when building for a real address. Without it the build names no address at all
  // (no canonical link, no og:url, no sitemap) rather than a wrong one such as localhost.
  ...(process.env.SITE_URL ? { site: process.env.SITE_URL } : {}),
  output: 'static',
  build: { format: 'directory' },
  server: { port: 4321 },
  // Order matters after the build: the search index is written before the links are checked, and
  // the service worker is generated last, from the finished and checked site.
  integrations: [
    mdx(),
    preact(),
    loadSplit(),
    ...(process.env.SITE_URL ? [sitemap()] : []),
    pagefindIndex(),
    linkCheck(),
    offline(),
  ],
  markdown: {
    // Formulas in $…$ and $$…$$ (chapter 7's entropy), rendered to HTML at build time by KaTeX.
    remarkPlugins: [remarkMath],
    rehypePlugins: [rehypeKatex],
    shikiConfig: {
      themes: CODE_THEMES,
      // Colours come from CSS variables; the stylesheet picks light or dark by prefers-color-scheme.
      defaultColor: false,
      wrap: false,
    },
  },
  vite: {
    // The engine runs in a module worker (src/components/engine-client.ts creates it).
    worker: { format: 'es' },
  },
});
