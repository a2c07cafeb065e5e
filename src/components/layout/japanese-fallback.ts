/**
 * The rest of the site's Japanese font, added to a page only when it needs it.
 *
 * The font has two families. `Yomi Serif JP` (japanese-font.css, in every page) is one face with
 * every Japanese character the site itself shows, and it is in every font stack (global.css).
 * `Yomi Serif JP Extra` (japanese-font-extra.css) is the font's other characters, over some 116
 * faces split by range, and neither its stylesheet nor its family is in a page until the page
 * needs it: a browser looks each English letter up in every face of a stack's families before the
 * generic one (on a machine with none of the stack's named fonts), and with those faces in the
 * stacks the first layout of a long chapter took about 40 % longer; and their 100 KB of rules in
 * every page's stylesheet cost each first layout 3-8 ms of style work for faces it never used.
 * Only text from outside the site can hold a character the first face lacks: what a reader types
 * or pastes, a record file they open, what their code prints in the notebook. Such text goes
 * through `showJapanese`, which the first time it meets one loads the extra stylesheet and then
 * puts the family behind the site's in every stack (the `ja-extra` class on the root element).
 */
import { parseUnicodeRange } from '../../integrations/offline-fonts';

/** The first code point the site's Japanese font draws (scripts/japanese-font.ts's FIRST_KEPT). */
export const FIRST_JAPANESE = 0x2e80;

type CodeRange = readonly [number, number];

/** Whether `text` has a character from FIRST_JAPANESE on that none of `ranges` holds. */
export function japaneseOutside(text: string, ranges: readonly CodeRange[]): boolean {
  for (const ch of text) {
    const point = ch.codePointAt(0)!;
    if (point >= FIRST_JAPANESE && !ranges.some(([first, last]) => point >= first && point <= last))
      return true;
  }
  return false;
}

/** The class on <html> that puts the extra family in the stacks (global.css). */
export const EXTRA_CLASS = 'ja-extra';
/** The family of the one face with the site's characters (scripts/japanese-font.ts writes it). */
export const SITE_FAMILY = 'Yomi Serif JP';
/** The family of the range-split faces, for every other character. */
export const EXTRA_FAMILY = 'Yomi Serif JP Extra';

let siteRanges: readonly CodeRange[] | null = null;

/** The site face's characters, read from the page's own @font-face (none: an empty list). */
function siteFace(): readonly CodeRange[] {
  if (siteRanges !== null) return siteRanges;
  for (const face of document.fonts)
    if (face.family.replace(/^["']|["']$/g, '') === SITE_FAMILY) {
      siteRanges = parseUnicodeRange(face.unicodeRange);
      return siteRanges;
    }
  return [];
}

let extraFaces: Promise<void> | null = null;

/**
 * The extra family's stylesheet, added to the page once; resolves when it has loaded (its faces
 * are then in document.fonts) or failed (offline, say: the characters stay boxes), and the family
 * has joined the stacks. The class waits for the stylesheet, so that the stacks never name a
 * family the page has not declared (the browser would ask the system for it, for every style).
 */
function addExtraFaces(): Promise<void> {
  extraFaces ??= import('./japanese-font-extra.css?url')
    .then(
      ({ default: href }) =>
        new Promise<void>((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.dataset.japaneseExtra = '';
          link.addEventListener('load', () => resolve());
          link.addEventListener('error', () => resolve());
          document.head.append(link);
        }),
    )
    .catch(() => undefined)
    .then(() => {
      document.documentElement.classList.add(EXTRA_CLASS);
    });
  return extraFaces;
}

/**
 * Makes sure `text` can be drawn: if it holds a Japanese character the site's face lacks, the
 * extra family joins the page's font stacks (once; the page is laid out again then). Resolves
 * when it has (at once when the text needs nothing more): what is drawn after that finds the
 * characters, and document.fonts.load() can fetch their files.
 */
export function showJapanese(text: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  if (extraFaces !== null) return extraFaces;
  if (!japaneseOutside(text, siteFace())) return Promise.resolve();
  return addExtraFaces();
}

/**
 * Watches what the reader types or pastes into any field of the page (an SFEN, a KIF, a search,
 * the notebook's editor).
 */
export function watchTypedJapanese(): void {
  document.addEventListener(
    'input',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)
        void showJapanese(target.value);
      else if (target instanceof HTMLElement && target.isContentEditable)
        void showJapanese(target.textContent ?? '');
    },
    { capture: true, passive: true },
  );
}
