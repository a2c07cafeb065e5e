/**
 * The engine as a library, for programs outside the book's pages (the examples, a reader's own
 * script): the rules (index.ts), the search and its options, the evaluators, and the chapters'
 * named option sets, from one module. The book's widgets import the narrower modules instead, so
 * a page that only shows a board does not load the search (about 28 kB gzipped).
 */
export * from './index';
export * from './search/index';
export * from './eval/index';
export { PRESETS, presetById, parsePlayer, type Preset, type PlayerChoice } from './lab/presets';
