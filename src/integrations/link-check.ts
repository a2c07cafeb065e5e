/**
 * Every internal link and anchor, checked when the site is built: after `astro build` writes the
 * pages, each `href` to a page or file of the site must name one that was written, and each
 * `#fragment` an element id on that page. A broken one fails the build with the page, the link
 * and what is missing. External links (http:, mailto:) are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Every HTML file under `dir`. */
function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...htmlFiles(path));
    else if (name.endsWith('.html')) out.push(path);
  }
  return out;
}

const decode = (s: string): string =>
  s.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");

/** The ids a page defines (id="…", and the name="…" of old-style anchors). */
function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  for (const m of html.matchAll(/\s(?:id|name)="([^"]*)"/g)) ids.add(decode(m[1]!));
  return ids;
}

/** The site path a built file is served at: dist/a/b/index.html → /a/b/. */
function pathOf(dist: string, file: string): string {
  const rel = relative(dist, file).split('\\').join('/');
  return `/${rel.replace(/index\.html$/, '')}`;
}

/** The file a site path names, or null. */
function fileFor(dist: string, path: string): string | null {
  const clean = decodeURIComponent(path);
  const direct = join(dist, clean);
  if (clean.endsWith('/'))
    return existsSync(join(direct, 'index.html')) ? join(direct, 'index.html') : null;
  if (existsSync(direct) && statSync(direct).isFile()) return direct;
  if (existsSync(join(direct, 'index.html'))) return join(direct, 'index.html');
  if (existsSync(`${direct}.html`)) return `${direct}.html`;
  return null;
}

/** Broken internal links in the built site, one line each. */
export function brokenLinks(dist: string): string[] {
  const pages = htmlFiles(dist);
  const idCache = new Map<string, Set<string>>();
  const ids = (file: string): Set<string> => {
    let found = idCache.get(file);
    if (found === undefined) {
      found = idsOf(readFileSync(file, 'utf8'));
      idCache.set(file, found);
    }
    return found;
  };
  const problems: string[] = [];
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    const here = pathOf(dist, page);
    for (const m of html.matchAll(/\shref="([^"]*)"/g)) {
      const href = decode(m[1]!);
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue; // external
      const [pathPart, fragment] = href.split('#', 2) as [string, string | undefined];
      const target = pathPart === '' ? here : new URL(pathPart, `http://site${here}`).pathname;
      const file = fileFor(dist, target);
      if (file === null) {
        problems.push(`${here}: ${href} — no page or file ${target}`);
        continue;
      }
      if (fragment !== undefined && fragment !== '' && file.endsWith('.html')) {
        // A range of a source page's lines (#L12-L30) names two ids, its ends.
        const wanted = decodeURIComponent(fragment);
        const range = /^(L\d+)-(L\d+)$/.exec(wanted);
        const missing = (range ? [range[1]!, range[2]!] : [wanted]).filter(
          (id) => !ids(file).has(id),
        );
        if (missing.length > 0)
          problems.push(`${here}: ${href} — ${target} has no element with id "${missing[0]}"`);
      }
    }
  }
  return problems;
}

export default function linkCheck(): AstroIntegration {
  return {
    name: 'yomi-link-check',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const problems = brokenLinks(dist);
        if (problems.length > 0)
          throw new Error(`${problems.length} broken internal links:\n${problems.join('\n')}`);
        logger.info(`every internal link and anchor leads somewhere`);
      },
    },
  };
}
