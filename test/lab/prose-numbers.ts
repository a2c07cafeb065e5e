/**
 * The numbers a chapter states in its prose, found the way a reader meets them: the MDX with its
 * front matter, imports and exports, code, tags and components, link targets and inline code
 * blanked out (a number a component renders, such as `<M e=… p=… />`, comes from a data file and
 * is not the chapter's to state). What is left is text the author typed; every number in it must
 * be one the chapter may state by hand (a rule constant, a setting, a year, a count of something
 * fixed), which the test's allowlist names with its reason.
 */

/** Replace every character but newlines, so positions and line numbers stay. */
const blank = (text: string): string => text.replace(/[^\n]/g, ' ');

/** The chapter's prose with everything that is not typed text blanked. */
export function proseOf(mdx: string): string {
  let s = mdx.replace(/^---\n[\s\S]*?\n---\n/, blank);
  s = s.replace(/```[\s\S]*?```/g, blank);
  // Formulas ($…$ and $$…$$, rendered by KaTeX) are notation, not stated numbers.
  s = s.replace(/\$\$[\s\S]*?\$\$/g, blank);
  s = s.replace(/\$[^$\n]+\$/g, blank);
  s = s.replace(/^(?:import|export) [\s\S]*?;[ \t]*$/gm, blank);
  s = s.replace(/`[^`\n]*`/g, blank);
  s = s.replace(/\]\([^)]*\)/g, blank);
  // Tags and components, which may span lines and hold braces and quoted strings.
  let out = '';
  let i = 0;
  while (i < s.length) {
    if (s[i] === '<' && /[A-Za-z/!]/.test(s[i + 1] ?? '')) {
      let depth = 0;
      let quote: string | null = null;
      let j = i + 1;
      for (; j < s.length; j++) {
        const c = s[j]!;
        if (quote) {
          if (c === quote) quote = null;
        } else if (c === '{') depth++;
        else if (c === '}') depth--;
        else if ((c === '"' || c === "'") && depth === 0) quote = c;
        else if (c === '>' && depth === 0) break;
      }
      out += blank(s.slice(i, j + 1));
      i = j + 1;
    } else {
      out += s[i];
      i++;
    }
  }
  return out;
}

export interface StatedNumber {
  text: string;
  line: number;
  /** Offset in the prose. */
  at: number;
  /** The line around it, for messages. */
  context: string;
}

const NUMBER = /[−-]?\d[\d,]*(?:\.\d+)?/g;

/** Numbers no chapter needs to explain: squares (7f), chapter and seed numbers, years. */
function isExempt(prose: string, at: number, text: string): boolean {
  const after = prose.slice(at + text.length, at + text.length + 1);
  const before = prose.slice(Math.max(0, at - 9), at);
  if (/^[1-9]$/.test(text) && /^[a-i]/.test(after)) return true;
  if (/(?:chapter|Chapter|seed|Seed)\s$/.test(before)) return true;
  return /^(?:19|20)\d\d$/.test(text);
}

/** Every number the prose states, but the exempt ones. */
export function statedNumbers(prose: string): StatedNumber[] {
  const lines = prose.split('\n');
  const lineStarts: number[] = [];
  let offset = 0;
  for (const l of lines) {
    lineStarts.push(offset);
    offset += l.length + 1;
  }
  const found: StatedNumber[] = [];
  for (const m of prose.matchAll(NUMBER)) {
    const text = m[0].replace(/,$/, '');
    if (isExempt(prose, m.index, text)) continue;
    let line = lineStarts.findIndex((start) => start > m.index) - 1;
    if (line < 0) line = lines.length - 1;
    found.push({ text, line: line + 1, at: m.index, context: lines[line]!.trim() });
  }
  return found;
}

/** The prose's text with whitespace runs (line breaks too) made one space, and where each char was. */
function squeezed(prose: string): { text: string; from: number[] } {
  let text = '';
  const from: number[] = [];
  for (let i = 0; i < prose.length; i++) {
    const c = prose[i]!;
    if (/\s/.test(c)) {
      if (text.endsWith(' ')) continue;
      text += ' ';
    } else text += c;
    from.push(i);
  }
  return { text, from };
}

/**
 * The ranges of the prose that a list of allowed phrases covers (each phrase matched wherever it
 * occurs, across line breaks), and the phrases that occur nowhere (stale allowlist entries).
 */
export function coveredBy(
  prose: string,
  phrases: readonly string[],
): { covered: (at: number) => boolean; unused: string[] } {
  const { text, from } = squeezed(prose);
  const ranges: [number, number][] = [];
  const unused: string[] = [];
  for (const phrase of phrases) {
    const needle = phrase.replace(/\s+/g, ' ');
    let k = text.indexOf(needle);
    if (k < 0) unused.push(phrase);
    while (k >= 0) {
      ranges.push([from[k]!, from[k + needle.length - 1]!]);
      k = text.indexOf(needle, k + 1);
    }
  }
  return { covered: (at) => ranges.some(([a, b]) => at >= a && at <= b), unused };
}

/** A number as written ("−1,710") as a file would hold it ("-1710"). */
export const plainNumber = (text: string): string => text.replace(/,/g, '').replace(/^−/, '-');
