/**
 * The Shiki theme pair used for every code block on the site: Markdown fences (astro.config.mjs)
 * and engine regions (Source.astro). The page switches between them with prefers-color-scheme.
 */
export const CODE_THEMES = { light: 'github-light', dark: 'github-dark' } as const;
