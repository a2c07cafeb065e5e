/**
 * A link that opens a position (or a game) on the Analyse page, where the search explorer has
 * every option: `startpos moves 7g7f`, `sfen …` or a plain SFEN. Every board in the book offers
 * one for the position it shows.
 */
export const analyseLink = (position: string): string =>
  `/analyse/?${new URLSearchParams({ game: position.trim().replace(/^position\s+/, '') }).toString()}`;
