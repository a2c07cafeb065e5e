/**
 * Form controls arrive with their island's script (src/components/widgets/controls.tsx). In the
 * HTML of a page, an island that hydrates when it is seen holds no control that Chromium's form
 * autofill reads at DOMContentLoaded (that read laid out every block around one: 58-76 ms on
 * /pruning/). Each stand-in has the box of the control that replaces it, so nothing moves when
 * the island hydrates.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CHAPTER_PAGES,
  DESKTOP,
  describeBrowser,
  launchBrowser,
  SITE_PAGES,
  siteUrl,
} from './harness';

/** The controls autofill reads: menus, text areas, and inputs but ranges, files and buttons. */
const AUTOFILLED =
  'select, textarea, input:not([type=range]):not([type=file]):not([type=button]):not([type=submit]):not([type=reset]):not([type=hidden]):not([type=image])';

/** Pages whose stand-ins' boxes are compared: every page with a widget that hydrates when seen. */
const WIDGET_PAGES = [...new Set([...CHAPTER_PAGES, '/board/', '/code/'])];

interface Box {
  /**
   * The parent, as the child indices that lead to it from the document's body: a part of an
   * island that hydrates later (later.tsx) is drawn anew, so a mark on the server's element
   * would be gone, but the path is the same.
   */
  parent: number[];
  /** The parent's children: where hydration adds or takes one, the row may lay out anew. */
  siblings: number;
  index: number;
  kind: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

describeBrowser('form controls after hydration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('no island that hydrates when seen holds an autofillable control in its HTML', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const found: string[] = [];
    let islands = 0;
    for (const path of new Set([...CHAPTER_PAGES, ...SITE_PAGES])) {
      await page.goto(siteUrl(path));
      const here = await page.evaluate((selector) => {
        const visible = [...document.querySelectorAll('astro-island[client="visible"]')];
        return {
          islands: visible.length,
          controls: visible.flatMap((island) =>
            [...island.querySelectorAll(selector)].map(
              (c) =>
                `${island.getAttribute('component-export')} ${c.tagName.toLowerCase()}${
                  c instanceof HTMLInputElement ? `[${c.type}]` : ''
                }`,
            ),
          ),
        };
      }, AUTOFILLED);
      islands += here.islands;
      found.push(...here.controls.map((c) => `${path} ${c}`));
    }
    await context.close();
    expect(islands).toBeGreaterThan(30);
    expect(found).toEqual([]);
  });

  it.each(WIDGET_PAGES)(
    '%s: every stand-in has the box of the control that replaces it',
    async (path) => {
      const page = await browser.newPage({ viewport: DESKTOP });
      // Every block laid out from the start: a box measured inside a block that
      // content-visibility skips is not where it will be.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style');
          style.textContent = '* { content-visibility: visible !important; }';
          document.head.append(style);
        });
      });
      // The notebook's editor replaces its text area once it has loaded: kept out here, so that
      // the text area's own box is compared.
      await page.route(/notebook-editor/, (route) => route.abort());
      await page.goto(siteUrl(path), { waitUntil: 'load' });
      // The islands not hydrated yet (those out of view): each stand-in's box, relative to its
      // parent, which hydration keeps (Preact reuses the element) and marks.
      const before = await page.evaluate(() => {
        const boxes: Box[] = [];
        const pathOf = (el: Element): number[] => {
          const path: number[] = [];
          for (let e = el; e !== document.body; e = e.parentElement!)
            path.unshift([...e.parentElement!.children].indexOf(e));
          return path;
        };
        for (const standin of document.querySelectorAll('astro-island[ssr] .standin')) {
          const parent = standin.parentElement!;
          const p = parent.getBoundingClientRect();
          const r = standin.getBoundingClientRect();
          const kind = [...standin.classList].find(
            (c) => c.startsWith('standin-') && c !== 'standin-other',
          )!;
          boxes.push({
            parent: pathOf(parent),
            siblings: parent.children.length,
            index: [...parent.children].indexOf(standin),
            kind: kind === 'standin-text' ? `text:${standin.getAttribute('data-type')}` : kind,
            x: r.x - p.x,
            y: r.y - p.y,
            width: r.width,
            height: r.height,
          });
        }
        return boxes;
      });
      expect(before.length).toBeGreaterThan(0);
      // Bring every island into view, one at a time, until it has hydrated. An island has no box
      // of its own (display: contents): its first element has.
      const unhydrated = (): Promise<number> =>
        page.evaluate(() => {
          const left = document.querySelectorAll('astro-island[ssr][client="visible"]');
          left[0]?.firstElementChild?.scrollIntoView({ block: 'center' });
          return left.length;
        });
      for (let guard = 0; guard < 100 && (await unhydrated()) > 0; guard++)
        await page.waitForTimeout(100);
      expect(await unhydrated()).toBe(0);
      // Parts that hydrate later (later.tsx) are drawn a task or two after their island.
      await page.waitForFunction(() => document.querySelector('[data-later]') === null);
      const after = await page.evaluate((boxes: Box[]) => {
        const expected: Record<string, (e: Element) => boolean> = {
          'standin-select': (e) => e instanceof HTMLSelectElement,
          'standin-checkbox': (e) => e instanceof HTMLInputElement && e.type === 'checkbox',
          'standin-radio': (e) => e instanceof HTMLInputElement && e.type === 'radio',
          'standin-textarea': (e) => e instanceof HTMLTextAreaElement,
        };
        return boxes.map((b) => {
          const parent = b.parent.reduce<Element | undefined>(
            (e, i) => e?.children[i],
            document.body,
          );
          const control = parent?.children[b.index];
          if (!parent || !control) return { ...b, kind: 'gone' };
          const isRight = b.kind.startsWith('text:')
            ? control instanceof HTMLInputElement && `text:${control.type}` === b.kind
            : expected[b.kind]!(control);
          const p = parent.getBoundingClientRect();
          const r = control.getBoundingClientRect();
          return {
            ...b,
            siblings: parent.children.length,
            kind: isRight ? b.kind : `${b.kind} replaced by ${control.tagName}`,
            x: r.x - p.x,
            y: r.y - p.y,
            width: r.width,
            height: r.height,
          };
        });
      }, before);
      // A menu sizes its text in whole pixels, the stand-in does not: up to a pixel wider. A
      // control whose row gained or lost an element at hydration (a button that needs the
      // script) may be laid out anew: only its kind is compared.
      const off = after.filter((a, i) => {
        const b = before[i]!;
        if (a.siblings !== b.siblings) return a.kind !== b.kind;
        return (
          a.kind !== b.kind ||
          Math.abs(a.width - b.width) > 1 ||
          Math.abs(a.x - b.x) > 1 ||
          Math.abs(a.height - b.height) > 0.5 ||
          Math.abs(a.y - b.y) > 0.5
        );
      });
      expect(
        off.map((a) => ({ after: a, before: before[after.indexOf(a)] })),
        `${off.length} of ${before.length} stand-ins`,
      ).toEqual([]);
      await page.close();
    },
  );
});
