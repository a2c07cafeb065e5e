/**
 * Full-text search over the book: once `astro build` has written the pages, Pagefind indexes them
 * (the text inside each page's `data-pagefind-body`, that is its <main>) and writes the index and
 * its search interface to /pagefind/, which the search page loads (src/pages/search.astro). The
 * index is split into small fragments, so a search downloads only what it needs.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

export default function pagefindIndex(): AstroIntegration {
  return {
    name: 'yomi-pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({});
        if (index === undefined) throw new Error(`Pagefind: ${errors.join('; ')}`);
        const added = await index.addDirectory({ path: dist });
        if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
        const written = await index.writeFiles({ outputPath: join(dist, 'pagefind') });
        if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
        await pagefind.close();
        logger.info(`indexed ${added.page_count} pages for search`);
      },
    },
  };
}
