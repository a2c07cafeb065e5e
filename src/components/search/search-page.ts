/**
 * The search page's script: Pagefind's own interface over the index the build writes to
 * /pagefind/ (src/integrations/pagefind.ts), started with `?q=` when the address has one.
 */
import { showJapanese } from '../layout/japanese-fallback';

interface PagefindUIOptions {
  element: string;
  showSubResults: boolean;
  showImages: boolean;
  resetStyles: boolean;
  translations?: Record<string, string>;
}
/** Pagefind's interface, as much of it as this page uses (pagefind-ui.js sets it on window). */
interface PagefindUIInstance {
  triggerSearch: (term: string) => void;
}
type PagefindUIConstructor = new (options: PagefindUIOptions) => PagefindUIInstance;

/** Load a script by URL; resolves when it has run. */
const load = (src: string): Promise<void> =>
  new Promise((done, fail) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => done();
    s.onerror = () => fail(new Error(`could not load ${src}`));
    document.head.append(s);
  });

async function start(root: HTMLElement): Promise<void> {
  const css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = '/pagefind/pagefind-ui.css';
  document.head.append(css);
  await load('/pagefind/pagefind-ui.js');
  const UI = (window as unknown as { PagefindUI: PagefindUIConstructor }).PagefindUI;
  const ui = new UI({
    element: '[data-search]',
    showSubResults: true,
    showImages: false,
    resetStyles: true,
    translations: { placeholder: 'Search the book', search_label: 'Search the book' },
  });
  // Pagefind names its field only by a title; give it a label of its own (axe: label-title-only).
  const label = (): void => {
    const input = root.querySelector('input');
    if (input) input.setAttribute('aria-label', 'Search the book');
    else requestAnimationFrame(label);
  };
  label();
  const q = new URLSearchParams(location.search).get('q');
  if (q) {
    void showJapanese(q);
    ui.triggerSearch(q);
  }
}

/**
 * Start the search page (src/pages/search.astro). The index exists only in a built site, and
 * offline only once the service worker has saved it: ask for it before loading the interface, so
 * the page says which is the case instead of failing.
 */
export function startSearchPage(): void {
  const root = document.querySelector<HTMLElement>('[data-search]')!;
  const say = (why: 'offline' | 'dev'): void => {
    const note = document.querySelector<HTMLElement>(`[data-search-missing="${why}"]`);
    if (note) note.hidden = false;
  };
  fetch('/pagefind/pagefind-entry.json')
    .then(
      (r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))),
      (error: unknown) => Promise.reject(Object.assign(new Error('offline'), { cause: error })),
    )
    .then(() => start(root))
    .catch((error: unknown) => {
      say(error instanceof Error && error.message === 'offline' ? 'offline' : 'dev');
    });
}
