/**
 * Performance budgets, checked in Chromium on the built site:
 *
 * - JavaScript per chapter page under 200 KB compressed, the engine worker excluded. The static
 *   test server does not compress, so each script's body is compressed here the way a real server
 *   would send it: gzip at level 9 (the budget's figure) and brotli at quality 11 (printed too).
 *   Counted: every script the page fetched once the whole page had been read and every island had
 *   hydrated (module scripts, island chunks, the renderer, shared chunks), and the inline scripts
 *   in its HTML. Not counted: the worker's script, nor what the worker imports (the page's
 *   resource timing never sees a worker's own fetches).
 * - The worker is neither created nor its script fetched before a widget that needs it is in view.
 * - No layout shift as islands hydrate: the layout-shift entries (input-driven ones left out)
 *   from the moment Astro hydrates an island until three frames later, so that its first render
 *   and the effects it runs at once are inside, summed over the page while it is read top to
 *   bottom, stay under 0.1, the Web Vitals "good" threshold. The page's CLS over the whole visit
 *   (Web Vitals' worst session window: page load, and results arriving after hydration, included)
 *   is printed for information.
 * - No long task (over 50 ms) on the main thread while an explorer searches. Observed only once
 *   the page has loaded and the explorer has hydrated and finished a first search: page load and
 *   hydration are not part of it. The best of three runs counts, as for any timing on a shared
 *   machine.
 * - Stop stops within 100 ms: from the click to the result card no longer busy, timed in the page
 *   with performance.now(); nothing new arrives after it, and the worker is terminated.
 * - While a page loads (and one second after), on every page, each opened in a tab of its own, at
 *   desktop and at phone width, the best of five loads: no task over 100 ms, and no task whose
 *   work besides the browser's rendering is over 50 ms. Rendering is each long animation frame's
 *   style, layout and paint, and the style and layout a script forced (the chapters' idle layout
 *   steps, progressive-layout.ts); the rest of a task is the site's own: parsing the page,
 *   evaluating modules, hydrating islands, their effects. The reader's walkthrough found tasks of
 *   254-346 ms on /pruning/, /end-of-game/ and /analyse/ (the page laid out again as each Japanese
 *   subset arrived). What is left is mostly a first frame: on this machine (Linux, two cores) its
 *   layout waits on the browser's font service, one call for each family, size and weight a tab
 *   has not drawn yet (0.4-0.7 ms each here, 25-55 calls on a desktop page, about 100 on
 *   /analyse/ at phone width, where the board's drawing is scaled), so it comes out at 30-100 ms,
 *   however little the page does: hence the 100 ms, RAIL's limit for answering an input, for a
 *   task with its rendering. A page can only ask for fewer fonts: its own stylesheet carries only
 *   the Japanese face it uses (japanese-fallback.ts), the stacks name no family that can never be
 *   reached, and the site has one bold weight (global.css). The site's own work in a task is held
 *   to the web's 50 ms: Chromium's form autofill no longer adds its own forced layout at
 *   DOMContentLoaded (the islands' form controls arrive with their script: controls.tsx,
 *   standins.test.ts); the notebook's editor is built in steps, a task each (notebook-editor.ts);
 *   the islands load neither the search nor its decision trees (island-imports.test.ts); the
 *   Analyse and Play islands hydrate in a task after their modules' (load-split.ts); and the
 *   Analyse page's explorer is rendered once, its parts and the record panel drawn each in a task
 *   of its own (later.tsx).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  CHAPTER_PAGES,
  DESKTOP,
  describeBrowser,
  PHONE,
  hydrate,
  pageSession,
  settled,
  SITE_PAGES,
  siteUrl,
} from './harness';

const JS_BUDGET_KB = 200;
const CLS_BUDGET = 0.1;
const LONG_TASK_MS = 50;
/** Runs of the long-task measurement before it counts as failed (see the test). */
const LONG_TASK_ATTEMPTS = 3;
const STOP_BUDGET_MS = 100;
/**
 * Pages outside the header's list that a reader opens too: the search page, and the longest source
 * page (the move generator's, about 200 KB of highlighted code).
 */
const OTHER_PAGES = ['/search/', '/source/engine/movegen/'];
/**
 * The longest task a page's load may hold, its rendering included (see the file's head): RAIL's
 * limit for answering an input. The work besides rendering is held to LONG_TASK_MS.
 */
const LOAD_TASK_MS = 100;
/**
 * Loads of a page before its budget counts as failed: a first frame's layout varies with the
 * machine's other work, so one load in a few can go over; five that all do would not be noise.
 */
const LOAD_TASK_ATTEMPTS = 5;

/** One load: its longest task, and the most work in one task besides the browser's rendering. */
interface LoadRun {
  task: number;
  work: number;
}

const withinLoadBudget = (run: LoadRun): boolean =>
  run.task <= LOAD_TASK_MS && run.work <= LONG_TASK_MS;

/**
 * In the page, before its first byte: records the long tasks, and the long animation frames' rendering
 * (each frame's style, layout and paint, and the style and layout a script forced).
 */
function observeLoadTasks(): void {
  const seen = { tasks: [] as [number, number][], rendering: [] as [number, number][] };
  (window as unknown as { __loadTasks: typeof seen }).__loadTasks = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as LongFrame[]) {
      const end = entry.startTime + entry.duration;
      if (entry.renderStart > 0) seen.rendering.push([entry.renderStart, end - entry.renderStart]);
      for (const script of entry.scripts)
        if (script.forcedStyleAndLayoutDuration > 0)
          seen.rendering.push([script.startTime, script.forcedStyleAndLayoutDuration]);
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/** The part of PerformanceLongAnimationFrameTiming read here (not in TypeScript's DOM types yet). */
interface LongFrame {
  startTime: number;
  duration: number;
  renderStart: number;
  scripts: { startTime: number; forcedStyleAndLayoutDuration: number }[];
}

/** In the page: the load's longest task, and its most work besides rendering (in ms). */
function loadTasks(): LoadRun {
  const { tasks, rendering } = (
    window as unknown as {
      __loadTasks: { tasks: [number, number][]; rendering: [number, number][] };
    }
  ).__loadTasks;
  let task = 0;
  let work = 0;
  for (const [start, duration] of tasks) {
    // Rendering inside this task: the parts of the frames' rendering that fall within it.
    let rendered = 0;
    for (const [from, length] of rendering)
      rendered += Math.max(0, Math.min(start + duration, from + length) - Math.max(start, from));
    task = Math.max(task, duration);
    work = Math.max(work, duration - Math.min(duration, rendered));
  }
  return { task: Math.round(task), work: Math.round(work) };
}

/**
 * A chapter whose first widget (a tree viewer that searches as soon as it hydrates) is several
 * screens below the top: pruning.mdx has four sections of prose and a quoted region before it.
 */
const BELOW_THE_FOLD = '/pruning/';

/** The chapter whose first explorer (with an address namespace) the search tests drive. */
const SEARCHING = '/pruning/';
const EXPLORER = '[data-widget="search-explorer"][data-explorer]';
const ROOK_EXCHANGE = 'startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d';

/** The namespace of the first explorer on a page, from its server-rendered HTML. */
async function explorerId(path: string): Promise<string> {
  const html = await (await fetch(siteUrl(path))).text();
  const id = /data-widget="search-explorer" data-explorer="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error(`no explorer with an id on ${path}`);
  return id;
}

/** A script's size in bytes: as it is, and as a server compressing it would send it. */
interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Sizes by URL, as the same chunk serves many pages. */
const sizes = new Map<string, Size>();

function compressed(body: Buffer): Size {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).length,
  };
}

async function sizeOf(url: string): Promise<Size> {
  let size = sizes.get(url);
  if (!size) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    size = compressed(Buffer.from(await response.arrayBuffer()));
    sizes.set(url, size);
  }
  return size;
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** An island's hydration: from Astro's hydrating it until three frames later (performance.now()). */
interface Hydration {
  island: string;
  from: number;
  to: number;
}

/** A layout shift: its score, when (performance.now()), and what moved. */
interface Shift {
  value: number;
  time: number;
  sources: string[];
}

/**
 * Installed before the page's own scripts: records every layout shift, and when each island
 * hydrated (Astro drops an island's `ssr` attribute once it has), from then until three frames
 * later, so that the first render and the effects it runs at once are inside. Also raises the
 * resource timing buffer, so that no script a long page loads falls out of it.
 */
function observePage(): void {
  performance.setResourceTimingBufferSize(5000);
  const shifts: Shift[] = [];
  const hydrations: Hydration[] = [];
  Object.assign(window, { __shifts: shifts, __hydrations: hydrations });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift = entry as PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      };
      if (shift.hadRecentInput) continue;
      shifts.push({
        value: shift.value,
        time: shift.startTime,
        // What moved, to name the island at fault when the budget fails.
        sources: (shift.sources ?? []).map((s) => {
          const node = s.node;
          const element = node instanceof Element ? node : node?.parentElement;
          const island = element?.closest('astro-island')?.getAttribute('component-url');
          const name = element
            ? `${element.tagName.toLowerCase()}${element.classList.length ? `.${[...element.classList].join('.')}` : ''}`
            : '?';
          return island ? `${name} in ${island.replace(/^.*\//, '')}` : name;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver((records) => {
    for (const record of records) {
      const island = record.target as Element;
      if (island.tagName !== 'ASTRO-ISLAND' || island.hasAttribute('ssr')) continue;
      const hydration = {
        island: (island.getAttribute('component-url') ?? '?').replace(/^.*\//, ''),
        from: performance.now(),
        to: Infinity,
      };
      hydrations.push(hydration);
      let frames = 0;
      const count = () => {
        if (++frames < 3) requestAnimationFrame(count);
        else hydration.to = performance.now();
      };
      requestAnimationFrame(count);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['ssr'] });
}

/**
 * Reads the page from top to bottom most of a screen at a time, as a reader would, only faster:
 * wherever islands come into view it waits until they have hydrated (at most 10 s), then three
 * frames and 150 ms more. Runs in the page, to keep the round trips to the test out of it.
 */
function readThrough(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
    // A frame, or 250 ms if none comes: a loaded machine's Chromium has once stopped sending
    // frames to the page, and this read then waited for ever (the test timed out at 300 s).
    const frame = () =>
      Promise.race([new Promise((done) => requestAnimationFrame(done)), sleep(250)]);
    // Islands are `display: contents`: their box is their content's.
    const inView = (island: Element): boolean => {
      const range = document.createRange();
      range.selectNodeContents(island);
      const box = range.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight;
    };
    // An island that has not hydrated 10 s after it came into view is not waited for again (the
    // test then finds it still waiting).
    const late = new Set<Element>();
    const pending = () =>
      [...document.querySelectorAll('astro-island[ssr]')].filter((i) => !late.has(i) && inView(i));
    const step = Math.round(innerHeight * 0.8);
    for (let y = 0; ; y += step) {
      scrollTo(0, y);
      await frame();
      if (pending().length > 0) {
        const start = performance.now();
        while (pending().length > 0 && performance.now() - start < 10_000) await sleep(20);
        for (const island of pending()) late.add(island);
        for (let i = 0; i < 3; i++) await frame();
        await sleep(150);
      }
      if (y + innerHeight >= document.documentElement.scrollHeight) break;
    }
  });
}

/** The Web Vitals CLS of a list of shifts: the largest session window's sum. */
function worstWindow(shifts: readonly Shift[]): number {
  let worst = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.time - last > 1000 || shift.time - first > 5000) {
      sum = 0;
      first = shift.time;
    }
    sum += shift.value;
    last = shift.time;
    worst = Math.max(worst, sum);
  }
  return worst;
}

const total = (shifts: readonly Shift[]): number => shifts.reduce((t, s) => t + s.value, 0);

const describeShifts = (shifts: readonly Shift[]): string =>
  [...shifts]
    .sort((a, b) => b.value - a.value)
    .slice(0, 3)
    .map((s) => `${s.value.toFixed(3)} at ${Math.round(s.time)} ms (${s.sources.join(', ')})`)
    .join('; ');

interface ScriptSize extends Size {
  file: string;
}

/** What one read of a chapter page found. */
interface Reading {
  path: string;
  /** The scripts the page loaded, largest first, the inline ones last. */
  scripts: ScriptSize[];
  all: Size;
  workers: string[];
  /** How many islands hydrated. */
  islands: number;
  /** Shifts while an island hydrated (see observePage). */
  hydration: Shift[];
  /** Every shift of the visit, later ones (results arriving, say) included. */
  visit: Shift[];
}

describeBrowser('performance budgets', () => {
  const session = pageSession();
  const { closeCleanly } = session;

  async function read(path: string): Promise<Reading> {
    // The observers are installed before the page's own scripts run.
    const workers = new Set<string>();
    const { page, problems } = await session.open(path, undefined, async (blank) => {
      await blank.addInitScript(observePage);
      blank.on('worker', (worker) => workers.add(worker.url()));
    });
    await readThrough(page);
    // With what the page reported so far: an island that never hydrates has usually logged why
    // (a chunk that failed to load, an error while hydrating).
    expect(
      await page.locator('astro-island[ssr]').count(),
      `${path}: islands left (the page's problems: ${JSON.stringify(problems)})`,
    ).toBe(0);
    const found = await page.evaluate(() => ({
      scripts: performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\.m?js$/.test(new URL(name).pathname)),
      inline: [...document.scripts]
        .filter((s) => !s.src && ['', 'module', 'text/javascript'].includes(s.type))
        .map((s) => s.textContent ?? '')
        .join('\n'),
      shifts: (window as unknown as { __shifts: Shift[] }).__shifts,
      hydrations: (window as unknown as { __hydrations: Hydration[] }).__hydrations,
    }));
    await closeCleanly();

    const scripts: ScriptSize[] = [];
    for (const url of new Set(found.scripts)) {
      if (workers.has(url)) continue;
      scripts.push({ file: new URL(url).pathname.replace('/_astro/', ''), ...(await sizeOf(url)) });
    }
    scripts.sort((a, b) => b.gzip - a.gzip);
    if (found.inline) scripts.push({ file: '(inline)', ...compressed(Buffer.from(found.inline)) });
    const all: Size = { raw: 0, gzip: 0, brotli: 0 };
    for (const s of scripts) {
      all.raw += s.raw;
      all.gzip += s.gzip;
      all.brotli += s.brotli;
    }
    const hydration = found.shifts.filter((s) =>
      found.hydrations.some((h) => s.time >= h.from && s.time <= h.to),
    );
    return {
      path,
      scripts,
      all,
      workers: [...workers],
      islands: found.hydrations.length,
      hydration,
      visit: found.shifts,
    };
  }

  /** Each chapter page read once, for both budgets. */
  let readings: Promise<Reading[]> | undefined;
  const readAll = (): Promise<Reading[]> =>
    (readings ??= (async () => {
      const out: Reading[] = [];
      for (const path of CHAPTER_PAGES) out.push(await read(path));
      return out;
    })());

  it(`loads under ${JS_BUDGET_KB} KB of JavaScript (gzip -9) on every chapter page`, async () => {
    expect(CHAPTER_PAGES.length).toBeGreaterThan(0);
    const pages = await readAll();
    const row = (name: string, s: Size) =>
      `  ${name.padEnd(54)} ${kb(s.raw).padStart(7)} ${kb(s.gzip).padStart(7)} ${kb(s.brotli).padStart(7)}`;
    for (const r of pages) {
      const worker = r.workers.map((w) => new URL(w).pathname).join(', ') || 'none started';
      console.log(
        [
          `${r.path}: ${r.scripts.length} scripts; the worker (${worker}) not counted`,
          `  ${'KB'.padEnd(54)} ${'raw'.padStart(7)} ${'gzip -9'.padStart(7)} ${'br 11'.padStart(7)}`,
          ...r.scripts.map((s) => row(s.file, s)),
          row('total', r.all),
        ].join('\n'),
      );
    }
    console.log(
      `JavaScript per chapter page (KB, gzip -9 / brotli 11):\n${pages
        .map(
          (r) =>
            `  ${r.path.padEnd(18)} ${kb(r.all.gzip).padStart(6)} ${kb(r.all.brotli).padStart(6)}`,
        )
        .join('\n')}`,
    );
    const over = pages.filter((r) => r.all.gzip >= JS_BUDGET_KB * 1024);
    expect(over.map((r) => `${r.path}: ${kb(r.all.gzip)} KB`)).toEqual([]);
  }, 300_000);

  it(`does not shift its layout (CLS under ${CLS_BUDGET}) as a chapter page's islands hydrate`, async () => {
    const pages = await readAll();
    console.log(
      `Layout shift per chapter page: as the islands hydrated (asserted), and over the whole visit ` +
        `(Web Vitals CLS, for information: page load and results arriving included):\n${pages
          .map(
            (r) =>
              `  ${r.path.padEnd(18)} ${r.islands} islands: hydrating ${total(r.hydration).toFixed(4)}, ` +
              `visit ${worstWindow(r.visit).toFixed(4)}` +
              (r.visit.length ? `; largest: ${describeShifts(r.visit)}` : ''),
          )
          .join('\n')}`,
    );
    for (const r of pages) expect(r.islands, `${r.path}: no island hydrated`).toBeGreaterThan(0);
    const over = pages.filter((r) => total(r.hydration) >= CLS_BUDGET);
    expect(
      over.map(
        (r) => `${r.path}: ${total(r.hydration).toFixed(3)}: ${describeShifts(r.hydration)}`,
      ),
    ).toEqual([]);
  }, 300_000);

  it('creates the engine worker only when a widget that needs it comes into view', async () => {
    const { page } = await session.open(BELOW_THE_FOLD);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // The first island's content begins well below the first screen.
    const firstTop = await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('astro-island')!);
      return range.getBoundingClientRect().top / innerHeight;
    });
    expect(firstTop).toBeGreaterThan(2);
    await page.waitForTimeout(500);
    expect(workers).toEqual([]);
    expect(await page.locator('astro-island:not([ssr])').count()).toBe(0);
    const before = [...requested];

    const started = page.waitForEvent('worker', { timeout: 15_000 });
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('astro-island')!);
      scrollTo(0, range.getBoundingClientRect().top + scrollY - 100);
    });
    const worker = await started;
    expect(new URL(worker.url()).pathname).toMatch(/^\/_astro\/worker[-.][\w-]+\.js$/);
    // Nothing fetched the worker's script before the widget came into view…
    expect(before.filter((url) => url === worker.url())).toEqual([]);
    // …and the page's own requests do show it, so the check above could have caught it.
    expect(requested).toContain(worker.url());
    await closeCleanly();
  });

  // A long task is a timing, and a machine busy with other tests (CI runs the unit tests beside
  // these) can stretch a 40 ms render past 50 ms: the budget holds if one of three runs keeps it.
  it(`runs a search without a long task over ${LONG_TASK_MS} ms on the main thread`, async () => {
    const id = await explorerId(SEARCHING);
    const query = `?${id}.pos=${encodeURIComponent(ROOK_EXCHANGE)}&${id}.depth=2`;
    let over: number[] = [];
    for (let attempt = 1; attempt <= LONG_TASK_ATTEMPTS; attempt++) {
      over = await searchLongTasks(`${SEARCHING}${query}`, attempt);
      if (over.length === 0) break;
    }
    expect(over).toEqual([]);
  });

  const loaded = [...new Set([...SITE_PAGES, ...CHAPTER_PAGES, ...OTHER_PAGES])].flatMap((path) => [
    { path, width: 'desktop', viewport: DESKTOP },
    { path, width: 'phone', viewport: PHONE },
  ]);
  it.each(loaded)(
    `loads $path at $width width with no task over ${LOAD_TASK_MS} ms, and no work in one over ${LONG_TASK_MS} ms but the browser's rendering`,
    async ({ path, width, viewport }) => {
      const runs: LoadRun[] = [];
      for (let attempt = 1; attempt <= LOAD_TASK_ATTEMPTS; attempt++) {
        const { page } = await session.open(path, viewport, async (blank) => {
          await blank.addInitScript(observeLoadTasks);
        });
        // The chapter's blocks are laid out in idle steps after load: those count too.
        await page.waitForTimeout(1000);
        runs.push(await page.evaluate(loadTasks));
        await closeCleanly();
        if (withinLoadBudget(runs.at(-1)!)) break;
      }
      console.log(
        `${path} (${width}): the longest task while loading / the most work in one besides rendering, by run: ${runs
          .map((r) => `${r.task}/${r.work}`)
          .join(', ')} ms`,
      );
      expect(runs.some(withinLoadBudget), runs.map((r) => `${r.task}/${r.work}`).join(', ')).toBe(
        true,
      );
    },
  );

  /** One run: the long tasks over the budget while a depth-5 search runs and its result shows. */
  async function searchLongTasks(path: string, attempt: number): Promise<number[]> {
    const { page } = await session.open(path);
    const explorer = await hydrate(page, EXPLORER);
    await settled(explorer);
    // From here on: the page has loaded and the explorer has hydrated and searched once.
    await page.evaluate(() => {
      const tasks: { duration: number; scripts: string }[] = [];
      (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ duration: entry.duration, scripts: '' });
      }).observe({ type: 'longtask' });
      // Long animation frames name the scripts that ran in them: what to look at if this fails.
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const frame = entry as PerformanceEntry & {
            scripts: { invoker: string; duration: number; sourceURL: string }[];
          };
          const scripts = frame.scripts
            .map(
              (s) =>
                `${s.invoker} ${Math.round(s.duration)} ms (${s.sourceURL.replace(/^.*\//, '')})`,
            )
            .join(', ');
          tasks.push({
            duration: NaN,
            scripts: `frame of ${Math.round(frame.duration)} ms: ${scripts}`,
          });
        }
      }).observe({ type: 'long-animation-frame' });
    });
    const started = await page.evaluate(() => performance.now());
    await explorer.locator('select[data-limit="depth"]').selectOption('5');
    await explorer.locator('.result-card[aria-busy="true"]').waitFor({ timeout: 5000 });
    await settled(explorer);
    const elapsed = await page.evaluate((since) => performance.now() - since, started);
    // The finished result's render, and the delivery of its entries.
    await page.waitForTimeout(200);
    const entries = await page.evaluate(
      () =>
        (window as unknown as { __longTasks: { duration: number; scripts: string }[] }).__longTasks,
    );
    const tasks = entries
      .filter((t) => !Number.isNaN(t.duration))
      .map((t) => Math.round(t.duration));
    const nodes = await explorer.locator('[data-nodes]').getAttribute('data-nodes');
    console.log(
      `Run ${attempt}: depth-5 search of ${nodes} nodes, ${Math.round(elapsed)} ms from the change to the finished ` +
        `result: ${tasks.length} long tasks (the longest ${Math.max(0, ...tasks)} ms)` +
        entries
          .filter((t) => t.scripts)
          .map((t) => `\n  ${t.scripts}`)
          .join(''),
    );
    await closeCleanly();
    return tasks.filter((t) => t > LONG_TASK_MS);
  }

  it(`stops a running search within ${STOP_BUDGET_MS} ms of the click`, async () => {
    const id = await explorerId(SEARCHING);
    const { page } = await session.open(
      `${SEARCHING}?${id}.pos=${encodeURIComponent(ROOK_EXCHANGE)}&${id}.depth=8`,
    );
    const explorer = await hydrate(page, EXPLORER);
    await explorer
      .locator('.result-card[aria-busy="true"] .result-status')
      .filter({ hasText: /depth [2-9] done/ })
      .waitFor({ timeout: 30_000 });
    // Stop terminates the search's worker; Playwright says when it is gone (time in this process).
    const gone = Promise.race(
      page
        .workers()
        .map((w) => new Promise<number>((done) => w.once('close', () => done(Date.now())))),
    );
    const clicked = Date.now();
    const stopped = await explorer.evaluate(
      (el) =>
        new Promise<{ toDom: number; toFrame: number; status: string }>((done, fail) => {
          const card = el.querySelector('.result-card')!;
          const stop = el.querySelector<HTMLButtonElement>('.se-stop')!;
          const isStopped = () => card.getAttribute('aria-busy') === 'false' && stop.disabled;
          const timer = setTimeout(() => fail(new Error('still busy 2 s after Stop')), 2000);
          let start = 0;
          const observer = new MutationObserver(() => {
            if (!isStopped()) return;
            observer.disconnect();
            clearTimeout(timer);
            const toDom = performance.now() - start;
            // And until the frame that shows it.
            requestAnimationFrame(() =>
              done({ toDom, toFrame: performance.now() - start, status: card.textContent ?? '' }),
            );
          });
          observer.observe(el, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
          start = performance.now();
          stop.click();
        }),
    );
    const card = explorer.locator('.result-card');
    const depthAtStop = await card.locator('[data-depth]').textContent();
    const nodesAtStop = await card.locator('[data-nodes]').getAttribute('data-nodes');
    // No further result arrives once stopped.
    await page.waitForTimeout(500);
    expect(await card.textContent()).toBe(stopped.status);
    expect(await card.locator('[data-nodes]').getAttribute('data-nodes')).toBe(nodesAtStop);
    // The worker is terminated, not left searching. Chromium ends a worker that is busy in a
    // long task only after a 2 s grace period, so allow for that here.
    const workerGone =
      (await Promise.race([gone, new Promise<number>((done) => setTimeout(done, 4000, NaN))])) -
      clicked;
    expect(workerGone).toBeLessThan(4000);
    console.log(
      `Stop: ${stopped.toDom.toFixed(1)} ms from the click to the card showing it stopped ` +
        `(${stopped.toFrame.toFixed(1)} ms to the next frame), at depth ${depthAtStop?.trim()}; ` +
        `the worker was gone ${workerGone} ms after the click`,
    );
    expect(stopped.toDom).toBeLessThanOrEqual(STOP_BUDGET_MS);
    await closeCleanly();
  });
});
