/**
 * The code in the chapters never drifts: every `<Source file=… region=… />` in a chapter names a
 * region that exists, and every region marker in the engine balances and is named once per file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractRegion, scanRegions } from '../../src/components/source/regions';

const ROOT = process.cwd();
const CHAPTERS = join(ROOT, 'src/content/chapters');
const ENGINE = join(ROOT, 'src/engine');

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

interface SourceUse {
  chapter: string;
  file: string;
  region: string;
}

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|\\{\\s*["'\`]([^"'\`]*)["'\`]\\s*\\})`)
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);

/** Every `<Source … />` tag in the chapters, with its file and region attributes. */
function sourceUses(): SourceUse[] {
  const uses: SourceUse[] = [];
  for (const path of filesUnder(CHAPTERS, '.mdx')) {
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(/<Source\b[^>]*?\/?>/gs)) {
      const tag = match[0];
      uses.push({
        chapter: relative(ROOT, path),
        file: attribute(tag, 'file') ?? '',
        region: attribute(tag, 'region') ?? '',
      });
    }
  }
  return uses;
}

describe('chapter code regions', () => {
  const uses = sourceUses();

  it('finds the chapters', () => {
    expect(filesUnder(CHAPTERS, '.mdx').length).toBeGreaterThan(0);
  });

  it.each(uses.map((use) => [`${use.chapter}: ${use.file}#${use.region}`, use] as const))(
    '%s exists',
    (_label, use) => {
      expect(use.file, `${use.chapter}: <Source> without a file attribute`).not.toBe('');
      expect(use.region, `${use.chapter}: <Source> without a region attribute`).not.toBe('');
      expect(use.file).toMatch(/^src\/engine\/.+\.ts$/);
      const text = readFileSync(join(ROOT, use.file), 'utf8');
      expect(() => extractRegion(text, use.file, use.region)).not.toThrow();
    },
  );
});

describe('engine region markers', () => {
  const files = filesUnder(ENGINE, '.ts');

  it.each(files.map((path) => relative(ROOT, path)))(
    '%s has balanced, uniquely named regions',
    (file) => {
      const { problems } = scanRegions(readFileSync(join(ROOT, file), 'utf8'));
      expect(problems).toEqual([]);
    },
  );
});
