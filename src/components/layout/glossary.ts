/**
 * The book's glossary as data: the table under "## Glossary" in src/engine/README.md, read once
 * and shared by the glossary page and the `<Term>` cards in the chapters, so a term's English,
 * Japanese and reading are written in one place. Also finds where the chapters use each term, so
 * the glossary can link back to the chapter that teaches it.
 */
import readme from '../../engine/README.md?raw';
import { anchorFor, parseInline, parseTable, sectionUnder, type Inline } from './markdown-table';

export interface GlossaryEntry {
  /** The row's fragment id on /glossary/: the romanised reading, else the concept. */
  id: string;
  /** One line in English: what the term means. */
  concept: string;
  /** The identifiers the engine uses for it, as text and `code` runs. */
  identifier: Inline[];
  /** The Japanese term, or '' where there is none. */
  japanese: string;
  /** Its reading in Hepburn romanisation, or ''. */
  reading: string;
  /** Every cell, in the table's column order, for the glossary page. */
  cells: Inline[][];
}

export interface Glossary {
  header: string[];
  entries: GlossaryEntry[];
}

/** '—' in the README marks a concept with no Japanese term. */
const blank = (cell: string | undefined): string =>
  cell === undefined || cell === '—' ? '' : cell;

/** Reads the glossary from a README's text; throws when it has no glossary table. */
export function parseGlossary(markdown: string): Glossary {
  const section = sectionUnder(markdown, 'Glossary');
  const table = section === undefined ? undefined : parseTable(section);
  if (!table) throw new Error('src/engine/README.md has no table under a "Glossary" heading');
  const column = (name: string): number =>
    table.header.findIndex((header) => header.toLowerCase() === name);
  const [concept, identifier, japanese, reading] = [
    column('concept'),
    column('identifier'),
    column('japanese'),
    column('reading'),
  ];
  if (concept < 0 || japanese < 0 || reading < 0) {
    throw new Error('The glossary table needs concept, Japanese and reading columns');
  }
  const used = new Set<string>();
  const entries = table.rows.map((cells) => {
    let id = anchorFor(blank(cells[reading]), cells[concept] ?? '');
    for (let n = 2; used.has(id); n++) id = `${anchorFor(cells[concept] ?? '')}-${n}`;
    used.add(id);
    return {
      id,
      concept: cells[concept] ?? '',
      identifier: identifier < 0 ? [] : parseInline(cells[identifier] ?? ''),
      japanese: blank(cells[japanese]),
      reading: blank(cells[reading]),
      cells: cells.map(parseInline),
    };
  });
  return { header: table.header, entries };
}

export const GLOSSARY: Glossary = parseGlossary(readme);

/** The entry with this id; throws, naming the nearest ids, when there is none (a typo in a chapter). */
export function glossaryEntry(id: string, glossary: Glossary = GLOSSARY): GlossaryEntry {
  const entry = glossary.entries.find((candidate) => candidate.id === id);
  if (entry) return entry;
  const near = glossary.entries
    .map((candidate) => candidate.id)
    .filter((candidate) => candidate.startsWith(id.slice(0, 3)));
  throw new Error(
    `No glossary term "${id}" in src/engine/README.md` +
      (near.length > 0 ? ` (did you mean ${near.map((n) => `"${n}"`).join(', ')}?)` : ''),
  );
}

/** The fragment id the first `<Term>` of a term carries on a chapter page. */
export const termAnchor = (id: string): string => `term-${id}`;

/** The glossary ids a chapter's MDX source uses in `<Term id="…">`, in order of first use. */
export function termsUsedIn(mdx: string): string[] {
  const ids: string[] = [];
  for (const match of mdx.matchAll(/<Term\b[^>]*?\bid="([^"]+)"/g)) {
    if (!ids.includes(match[1]!)) ids.push(match[1]!);
  }
  return ids;
}

export interface TermUse {
  slug: string;
  order: number;
  title: string;
}

/**
 * For each glossary id, the chapters that use it, in book order: the first is the one that
 * teaches it. `chapters` must be in book order.
 */
export function termUses(
  chapters: readonly { slug: string; order: number; title: string; body: string }[],
): Map<string, TermUse[]> {
  const uses = new Map<string, TermUse[]>();
  for (const { slug, order, title, body } of chapters) {
    for (const id of termsUsedIn(body)) {
      const list = uses.get(id) ?? [];
      list.push({ slug, order, title });
      uses.set(id, list);
    }
  }
  return uses;
}
