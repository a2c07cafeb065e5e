/**
 * Just enough Markdown to mirror a table from a README: find the section under a heading, read its
 * pipe table, and split each cell into plain text and `code` spans. The glossary page uses it on
 * src/engine/README.md so the glossary is written once, by the engine's author.
 */

/** A run of text inside a cell; `code` runs were written between backticks. */
export interface Inline {
  code: boolean;
  text: string;
}

export interface MarkdownTable {
  header: string[];
  rows: string[][];
}

/** The text under `## heading` (any level), up to the next heading of the same or a higher level. */
export function sectionUnder(markdown: string, heading: string): string | undefined {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => {
    const match = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    return match !== null && match[2]!.toLowerCase() === heading.toLowerCase();
  });
  if (start < 0) return undefined;
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((line, index) => {
    if (index <= start) return false;
    const match = /^(#{1,6})\s/.exec(line);
    return match !== null && match[1]!.length <= level;
  });
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** Splits one table row into cells, honouring `\|` escapes and pipes inside backticks. */
export function splitRow(line: string): string[] {
  let body = line.trim();
  if (body.startsWith('|')) body = body.slice(1);
  if (body.endsWith('|') && !body.endsWith('\\|')) body = body.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '\\' && body[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (ch === '`') {
      inCode = !inCode;
      cell += ch;
    } else if (ch === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += ch;
    }
  }
  cells.push(cell.trim());
  return cells;
}

const DELIMITER_ROW = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** The first pipe table in `markdown`, or undefined if there is none. */
export function parseTable(markdown: string): MarkdownTable | undefined {
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.includes('|') || !DELIMITER_ROW.test(lines[i + 1]!)) continue;
    const header = splitRow(lines[i]!);
    const rows: string[][] = [];
    for (let j = i + 2; j < lines.length && lines[j]!.includes('|'); j++) {
      const cells = splitRow(lines[j]!);
      while (cells.length < header.length) cells.push('');
      rows.push(cells.slice(0, header.length));
    }
    return { header, rows };
  }
  return undefined;
}

/** Splits a cell into text and `code` runs. An unmatched backtick stays as text. */
export function parseInline(cell: string): Inline[] {
  const runs: Inline[] = [];
  const pattern = /`([^`]+)`/g;
  let last = 0;
  for (let match = pattern.exec(cell); match !== null; match = pattern.exec(cell)) {
    if (match.index > last) runs.push({ code: false, text: cell.slice(last, match.index) });
    runs.push({ code: true, text: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < cell.length) runs.push({ code: false, text: cell.slice(last) });
  return runs;
}

/** A fragment id for a glossary row: its romanised reading, or failing that its concept. */
export function anchorFor(...candidates: string[]): string {
  for (const candidate of candidates) {
    const slug = candidate
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    if (slug !== '') return slug;
  }
  return 'term';
}
