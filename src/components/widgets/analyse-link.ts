/**
 * A link that opens a position (or a game) on the Analyse page, where the search explorer has
 * every option: `startpos moves 7g7f`, `sfen …` or a plain SFEN. Every board in the book offers
 * one for the position it shows; a search explorer's board also carries its settings (`search`:
 * the Analyse explorer's address parameters, from url-state.ts), so that the Analyse page searches
 * as the chapter did.
 */

/** The namespace of the Analyse page's search explorer in its address. */
export const ANALYSE_EXPLORER = 'analyse';

export const analyseLink = (
  position: string,
  search: readonly (readonly [string, string])[] = [],
): string =>
  `/analyse/?${new URLSearchParams([
    ['game', position.trim().replace(/^position\s+/, '')],
    ...search.map(([key, value]): [string, string] => [`${ANALYSE_EXPLORER}.${key}`, value]),
  ]).toString()}`;
