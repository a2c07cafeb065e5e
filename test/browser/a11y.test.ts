/**
 * Accessibility: axe-core (the engine behind Lighthouse's and most browsers' accessibility audits)
 * run on every page of the book once its widgets have hydrated, in the light and the dark theme;
 * no violation of serious or critical impact is allowed. Each failure names the rule, the page and
 * the first elements it found.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, pageSession } from './harness';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PAGES = [
  '/',
  '/board/',
  '/move-evaluation/',
  '/pruning/',
  '/horizon/',
  '/dual-credit/',
  '/effect-tables/',
  '/decision-trees/',
  '/end-of-game/',
  '/glossary/',
  '/references/',
  '/lab/',
  '/play/',
  '/code/',
  '/analyse/?game=startpos+moves+7g7f+3c3d',
  '/source/src/engine/search/alphabeta.ts/',
  '/search/?q=horizon',
  '/no-such-page/',
];

/**
 * Two audits of a long chapter, every island hydrated, take 20–40 s on a busy two-core CI machine,
 * and one took more than a minute: the limit only catches a page that never settles.
 */
const AUDIT_TIMEOUT_MS = 180_000;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Scroll through the page so every client:visible island hydrates, then run axe. */
async function audit(page: Page): Promise<Violation[]> {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 800) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })),
    }));
  });
}

const serious = (violations: Violation[]): string[] =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );

describeBrowser('accessibility (axe-core)', () => {
  const session = pageSession();

  it.each(PAGES)(
    '%s has no serious or critical violation, light and dark',
    async (path) => {
      const { page } = await session.open(path);
      await page.emulateMedia({ colorScheme: 'light' });
      const light = serious(await audit(page));
      await page.emulateMedia({ colorScheme: 'dark' });
      const dark = serious(await audit(page));
      await page.close();
      expect({ light, dark }).toEqual({ light: [], dark: [] });
    },
    AUDIT_TIMEOUT_MS,
  );
});
