/**
 * Reading progress, kept in this browser only (localStorage, never sent anywhere): how far into
 * each chapter the reader has read, as the share of the chapter's text that has passed the
 * bottom of the window at its furthest. The chapter's contents mark the sections read and the one
 * being read; the home page shows each chapter's share.
 */

/** The storage key: one JSON object, chapter slug → furthest share read (0–1). */
export const PROGRESS_KEY = 'yomi-reading';

/** A chapter counts as read once this share of it has been seen (the end is references). */
export const READ_THROUGH = 0.97;

export type Progress = Record<string, number>;

/** Parses stored progress, dropping anything that is not a share between 0 and 1. */
export function parseProgress(text: string | null): Progress {
  if (text === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const progress: Progress = {};
  for (const [slug, share] of Object.entries(value)) {
    if (typeof share === 'number' && share >= 0 && share <= 1) progress[slug] = share;
  }
  return progress;
}

export function loadProgress(storage: Pick<Storage, 'getItem'> | undefined): Progress {
  try {
    return parseProgress(storage?.getItem(PROGRESS_KEY) ?? null);
  } catch {
    return {}; // storage may be off (private windows, strict settings)
  }
}

/** Records a new furthest share for a chapter; never lowers one already stored. */
export function saveProgress(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  slug: string,
  share: number,
): Progress {
  const progress = loadProgress(storage);
  if (share <= (progress[slug] ?? 0)) return progress;
  progress[slug] = Math.min(1, share);
  try {
    storage?.setItem(PROGRESS_KEY, JSON.stringify(progress));
  } catch {
    // Not remembered; the page still shows it.
  }
  return progress;
}

/**
 * The share of the article read when the window's bottom edge is at `viewBottom` (page
 * coordinates): 0 above the article's top, 1 at its end.
 */
export function shareRead(articleTop: number, articleHeight: number, viewBottom: number): number {
  if (articleHeight <= 0) return 1;
  return Math.min(1, Math.max(0, (viewBottom - articleTop) / articleHeight));
}

/** How a chapter's progress reads in words. */
export function describeProgress(share: number | undefined): string {
  if (share === undefined || share <= 0) return 'not started';
  if (share >= READ_THROUGH) return 'read';
  return `${Math.max(1, Math.floor(share * 100))}% read`;
}

export interface SectionBounds {
  /** The heading's id. */
  id: string;
  /** Where the section starts and ends, in page coordinates. */
  top: number;
  bottom: number;
}

/**
 * Which sections are read (their end has passed the bottom of the window at the furthest point
 * reached) and which one is being read (the last whose heading is above a line a third of the
 * way down the window).
 */
export function sectionStates(
  sections: readonly SectionBounds[],
  furthestBottom: number,
  viewTop: number,
  viewHeight: number,
): { read: Set<string>; current: string | undefined } {
  const read = new Set(sections.filter((s) => s.bottom <= furthestBottom).map((s) => s.id));
  const line = viewTop + viewHeight / 3;
  let current: string | undefined;
  for (const section of sections) if (section.top <= line) current = section.id;
  return { read, current };
}
