import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GLOSSARY,
  glossaryEntry,
  parseGlossary,
  termsUsedIn,
  termUses,
} from '../../src/components/layout/glossary';

const README = `# Engine

## Glossary

| concept | identifier | Japanese | reading |
| --- | --- | --- | --- |
| check | \`inCheck\` | 王手 | ōte |
| one piece's geometric reach | \`attacks\` | — | — |
| side | \`Color\` | 先手 / 後手 | sente / gote |
`;

describe('parseGlossary', () => {
  it('reads each row into an entry keyed by its reading', () => {
    const { entries } = parseGlossary(README);
    expect(entries.map((entry) => entry.id)).toEqual([
      'ote',
      'one-piece-s-geometric-reach',
      'sente-gote',
    ]);
    expect(entries[0]).toMatchObject({ concept: 'check', japanese: '王手', reading: 'ōte' });
    expect(entries[0]!.identifier).toEqual([{ code: true, text: 'inCheck' }]);
  });

  it('reads a dash as no Japanese term', () => {
    expect(parseGlossary(README).entries[1]).toMatchObject({ japanese: '', reading: '' });
  });

  it('fails without a glossary table', () => {
    expect(() => parseGlossary('# Engine\n\nNo table.')).toThrow(/no table under a "Glossary"/);
  });
});

describe('glossaryEntry', () => {
  it('finds the engine README’s terms', () => {
    expect(glossaryEntry('kiki').japanese).toBe('利き');
  });

  it('names near ids for a typo', () => {
    expect(() => glossaryEntry('kikii')).toThrow(/No glossary term "kikii".*"kiki"/);
  });
});

describe('terms in the chapters', () => {
  const dir = 'src/content/chapters';
  const chapters = readdirSync(dir)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => {
      const body = readFileSync(`${dir}/${name}`, 'utf8');
      return {
        slug: name.replace(/\.mdx$/, ''),
        order: Number(/^order:\s*(\d+)/m.exec(body)?.[1]),
        title: name,
        body,
      };
    })
    .sort((a, b) => a.order - b.order);

  it('finds the ids a chapter uses, each once, in order', () => {
    expect(termsUsedIn('<Term id="b" /> and <Term id="a">A</Term>, <Term id="b" />')).toEqual([
      'b',
      'a',
    ]);
  });

  it('uses only ids the glossary has', () => {
    const ids = new Set(GLOSSARY.entries.map((entry) => entry.id));
    const unknown = chapters.flatMap(({ slug, body }) =>
      termsUsedIn(body)
        .filter((id) => !ids.has(id))
        .map((id) => `${slug}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it('credits a term to the first chapter in book order that uses it', () => {
    const uses = termUses(chapters);
    expect(uses.get('kiki')?.map((use) => use.slug)).toEqual(
      expect.arrayContaining(['board', 'effect-tables', 'end-of-game']),
    );
    expect(uses.get('kiki')?.[0]?.slug).toBe('board');
    expect(uses.get('suiheisen-koka')?.[0]?.slug).toBe('horizon');
  });

  it('teaches most of the glossary somewhere in the book', () => {
    const uses = termUses(chapters);
    const taught = GLOSSARY.entries.filter((entry) => uses.has(entry.id)).length;
    expect(taught / GLOSSARY.entries.length).toBeGreaterThan(0.75);
  });
});
