/**
 * The browser side of reading progress (reading-progress.ts): follows the reader down a chapter,
 * stores the furthest share read, and marks the chapter's contents (Toc.astro): `data-read` on
 * the sections read, `aria-current="location"` on the one being read, and the share in words.
 */
import {
  describeProgress,
  loadProgress,
  saveProgress,
  sectionStates,
  shareRead,
  type SectionBounds,
} from './reading-progress';
import { localStore } from './local-storage';
import { LAID_OUT_EVENT, layingOut } from './progressive-layout';

const storage = localStore;

const pageTop = (element: Element): number => element.getBoundingClientRect().top + window.scrollY;

/** Tracks reading of `article` for the contents in `nav` (which names the chapter's slug). */
export function trackReading(nav: HTMLElement, article: HTMLElement): void {
  const slug = nav.dataset.chapter;
  if (!slug) return;
  const links = [...nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const entries = links.flatMap((link) => {
    const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    return heading ? [{ link, heading }] : [];
  });
  const label = nav.querySelector<HTMLElement>('[data-progress]');
  let furthest = loadProgress(storage())[slug] ?? 0;

  const update = (): void => {
    // Blocks not laid out yet have guessed heights: measure once the chapter is whole.
    if (layingOut(article)) return;
    // Measured on every update: islands and fonts change the page's height as they load.
    const top = pageTop(article);
    const height = article.offsetHeight;
    const viewBottom = window.scrollY + window.innerHeight;
    const share = shareRead(top, height, viewBottom);
    if (share > furthest) furthest = saveProgress(storage(), slug, share)[slug] ?? share;
    const sections: SectionBounds[] = entries.map(({ heading }, index) => ({
      id: heading.id,
      top: pageTop(heading),
      bottom: index + 1 < entries.length ? pageTop(entries[index + 1]!.heading) : top + height,
    }));
    const { read, current } = sectionStates(
      sections,
      top + furthest * height,
      window.scrollY,
      window.innerHeight,
    );
    // Written only where something changed: this runs whenever the article's height changes (a
    // widget's result arriving, say), and a write makes the browser lay the page out again.
    for (const { link, heading } of entries) {
      const isRead = read.has(heading.id);
      if (link.hasAttribute('data-read') !== isRead) link.toggleAttribute('data-read', isRead);
      const isCurrent = heading.id === current;
      if (link.hasAttribute('aria-current') !== isCurrent) {
        if (isCurrent) link.setAttribute('aria-current', 'location');
        else link.removeAttribute('aria-current');
      }
    }
    const words = describeProgress(furthest);
    if (label && (label.textContent !== words || label.dataset.progress !== 'shown')) {
      label.textContent = words;
      label.style.setProperty('--read', String(furthest));
      label.dataset.progress = 'shown';
    }
  };

  let queued = false;
  const schedule = (): void => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      update();
    });
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  new ResizeObserver(schedule).observe(article);
  article.addEventListener(LAID_OUT_EVENT, schedule);
  // The first measure waits for the first frame too: measured now, while the page's scripts are
  // still running, it would make the browser lay out the whole chapter inside that one task.
  schedule();
}

/** Shows each chapter's share read on the home page's contents (`[data-chapter-progress]`). */
export function showProgress(root: ParentNode): void {
  const progress = loadProgress(storage());
  for (const item of root.querySelectorAll<HTMLElement>('[data-chapter-progress]')) {
    const share = progress[item.dataset.chapterProgress ?? ''];
    if (share === undefined || share <= 0) continue;
    item.style.setProperty('--read', String(share));
    item.dataset.started = '';
    // The number's mark: "70%", or "read" once the chapter is read through.
    const mark = item.querySelector<HTMLElement>('[data-progress-mark]');
    if (mark) mark.dataset.progressMark = describeProgress(share).replace(/(%) read$/, '$1');
    const text = item.querySelector('[data-progress-text]');
    if (text) text.textContent = `, ${describeProgress(share)}`;
  }
}
