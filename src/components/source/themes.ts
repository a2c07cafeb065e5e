/**
 * The Shiki theme pair used for every code block on the site: Markdown fences (astro.config.mjs)
 * and engine regions (Source.astro). The page switches between them with prefers-color-scheme.
 *
 * GitHub's light and dark themes, each with the one token colour that falls short of WCAG AA
 * (4.5:1) on the theme's own background replaced. Shiki comes with Astro (it is Astro's
 * highlighter), so its themes are there to build on.
 */
import githubDark from 'shiki/themes/github-dark.mjs';
import githubLight from 'shiki/themes/github-light.mjs';

/** Replacement token colours, keyed by the theme's own (lower-case, as Shiki asks). */
const LIGHT_FIXES = {
  // Parameters and properties: #e36209 is 3.5:1 on white; Primer's darker orange is 5.0:1.
  '#e36209': '#bc4c00',
};
const DARK_FIXES = {
  // Comments: #6a737d is 3.0:1 on #24292e; GitHub's lighter grey is 5.3:1.
  '#6a737d': '#959da5',
};

export const CODE_THEMES = {
  light: { ...githubLight, name: 'yomi-light', colorReplacements: LIGHT_FIXES },
  dark: { ...githubDark, name: 'yomi-dark', colorReplacements: DARK_FIXES },
};
