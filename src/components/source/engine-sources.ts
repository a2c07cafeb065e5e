/**
 * The engine's TypeScript files as raw text, read at build time. Chapters quote regions of them
 * (Source.astro) and the site publishes each one whole under /source/ (see sourceHref).
 */
export const ENGINE_SOURCES: Readonly<Record<string, string>> = import.meta.glob<string>(
  '/src/engine/**/*.ts',
  { query: '?raw', import: 'default', eager: true },
);

/** `src/engine/eval/material.ts` → `engine/eval/material`: the route of its page under /source/. */
export const sourceRoute = (path: string): string =>
  path.replace(/^\/?src\//, '').replace(/\.ts$/, '');

/**
 * Link to an engine file's page on this site, optionally to one of its lines, or to a range of
 * them (`#L12-L30`, which the page marks whole).
 */
export const sourceHref = (path: string, line?: number, last?: number): string =>
  `/source/${sourceRoute(path)}/${line === undefined ? '' : `#L${line}`}${
    line !== undefined && last !== undefined && last > line ? `-L${last}` : ''
  }`;
