/**
 * The lines a source page's address names: `#L12` one line, `#L12-L30` a chapter listing's whole
 * region (engine-sources.ts `sourceHref` writes them). Kept apart from engine-sources.ts, whose
 * text of every engine file must not reach the page's script.
 */
export function linesOf(hash: string): { first: number; last: number } | null {
  const m = /^#L(\d+)(?:-L(\d+))?$/.exec(hash);
  if (!m) return null;
  const first = Number(m[1]);
  const last = m[2] === undefined ? first : Number(m[2]);
  return last >= first ? { first, last } : null;
}
