/**
 * The interface's small type comes in four sizes. Each size of each family is one more font the
 * browser must find before a page's first layout (on Linux, a question to its font service for
 * every family the stack names). Eleven sizes between 0.7 and 0.95 rem gave /pruning/ 41 fonts
 * (family, size and weight), and four give it 36. Sizes of 1 rem and up (headings, the board's
 * labels) and sizes in em (code in running text) are not held to the scale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The interface's sizes below 1 rem: captions, table headers, labels, controls. */
const SMALL_TYPE_REM = [0.75, 0.8, 0.875, 0.95];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(css|astro|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('the type scale', () => {
  it(`sets small type in ${SMALL_TYPE_REM.join(', ')} rem only`, () => {
    const off: string[] = [];
    let seen = 0;
    for (const file of sources('src')) {
      for (const [, size] of readFileSync(file, 'utf8').matchAll(/font-size:\s*([0-9.]+)rem/g)) {
        const rem = Number(size);
        if (rem >= 1) continue;
        seen++;
        if (!SMALL_TYPE_REM.includes(rem)) off.push(`${file}: ${size}rem`);
      }
    }
    expect(off).toEqual([]);
    // The scan found the declarations (a change of syntax must not empty it).
    expect(seen).toBeGreaterThan(100);
  });
});
