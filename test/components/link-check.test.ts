/**
 * The build's link check (src/integrations/link-check.ts) on a small made-up site: it finds a link
 * to a page that does not exist and an anchor a page does not have, and lets through links to
 * pages, files, anchors on the same page and external sites.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenLinks } from '../../src/integrations/link-check';
import { sourceHref } from '../../src/components/source/engine-sources';
import { linesOf } from '../../src/components/source/source-lines';

const dist = mkdtempSync(join(tmpdir(), 'yomi-links-'));
const write = (path: string, html: string): void => {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), html);
};

write(
  'index.html',
  `<a href="/board/">ok</a><a href="/board/#drops">ok</a><a href="#top">ok</a><h1 id="top">x</h1>
   <a href="https://example.org/x">external</a><a href="mailto:a@b">mail</a><a href="/fonts/f.txt">file</a>
   <a href="/missing/">broken page</a><a href="/board/#nowhere">broken anchor</a>
   <a href="/board/#L1-L2">a range of lines</a><a href="/board/#L1-L9">a range past the end</a>`,
);
write(
  'board/index.html',
  `<h2 id="drops">Drops</h2><a href="../#top">up</a><a href="ai&amp;b">x</a>
   <span id="L1">one</span><span id="L2">two</span>`,
);
write('fonts/f.txt', 'licence');

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the link check', () => {
  it('names each broken page and anchor with the page it is on', () => {
    expect(brokenLinks(dist).sort()).toEqual([
      '/: /board/#L1-L9 — /board/ has no element with id "L9"',
      '/: /board/#nowhere — /board/ has no element with id "nowhere"',
      '/: /missing/ — no page or file /missing/',
      '/board/: ai&b — no page or file /board/ai&b',
    ]);
  });
});

describe('a link to a listing on its source page', () => {
  it('names the whole region, and the page reads it back', () => {
    expect(sourceHref('src/engine/perft.ts', 12, 30)).toBe('/source/engine/perft/#L12-L30');
    expect(sourceHref('src/engine/perft.ts', 12)).toBe('/source/engine/perft/#L12');
    expect(sourceHref('src/engine/perft.ts')).toBe('/source/engine/perft/');
    expect(linesOf('#L12-L30')).toEqual({ first: 12, last: 30 });
    expect(linesOf('#L12')).toEqual({ first: 12, last: 12 });
    expect(linesOf('#L30-L12')).toBeNull();
    expect(linesOf('#drops')).toBeNull();
  });
});
