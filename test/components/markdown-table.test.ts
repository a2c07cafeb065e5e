import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  anchorFor,
  parseInline,
  parseTable,
  sectionUnder,
  splitRow,
} from '../../src/components/layout/markdown-table';

const README = `# Engine

## Modules

| module | what |
|---|---|
| \`a.ts\` | a |

## Glossary

Some words first.

| concept | identifier | Japanese | reading |
|:---|---|---|---:|
| side | \`Color\`, sente / gote | 先手 / 後手 | sente / gote |
| bar | \`a | b\` | 縦棒 \\| x |
| short row |

### Notes inside the glossary

## Next section
`;

describe('sectionUnder', () => {
  it('returns the text up to the next heading of the same level, keeping sub-headings', () => {
    const section = sectionUnder(README, 'glossary')!;
    expect(section).toContain('Some words first.');
    expect(section).toContain('### Notes inside the glossary');
    expect(section).not.toContain('Next section');
  });

  it('returns undefined when there is no such heading', () => {
    expect(sectionUnder(README, 'Missing')).toBeUndefined();
  });
});

describe('parseTable', () => {
  it('reads the header and rows of the first table, padding short rows', () => {
    const table = parseTable(sectionUnder(README, 'Glossary')!)!;
    expect(table.header).toEqual(['concept', 'identifier', 'Japanese', 'reading']);
    expect(table.rows).toEqual([
      ['side', '`Color`, sente / gote', '先手 / 後手', 'sente / gote'],
      ['bar', '`a | b`', '縦棒 | x', ''],
      ['short row', '', '', ''],
    ]);
  });

  it('returns undefined for text without a table', () => {
    expect(parseTable('no | table here\njust text')).toBeUndefined();
  });
});

describe('splitRow', () => {
  it('splits on pipes outside code and honours escaped pipes', () => {
    expect(splitRow('| a | `b|c` | d \\| e |')).toEqual(['a', '`b|c`', 'd | e']);
  });
});

describe('parseInline', () => {
  it('separates code spans from text', () => {
    expect(parseInline('`effect`, `effectCount(color, sq)` and more')).toEqual([
      { code: true, text: 'effect' },
      { code: false, text: ', ' },
      { code: true, text: 'effectCount(color, sq)' },
      { code: false, text: ' and more' },
    ]);
  });

  it('keeps an unmatched backtick as text', () => {
    expect(parseInline('a ` b')).toEqual([{ code: false, text: 'a ` b' }]);
  });
});

describe('anchorFor', () => {
  it('slugs the first candidate that has letters, dropping accents', () => {
    expect(anchorFor('nyūgyoku')).toBe('nyugyoku');
    expect(anchorFor('sente / gote')).toBe('sente-gote');
    expect(anchorFor('—', 'one piece’s reach')).toBe('one-piece-s-reach');
  });
});

describe('the engine README', () => {
  it('has a glossary table with concept, Japanese and reading columns', () => {
    const readme = readFileSync('src/engine/README.md', 'utf8');
    const table = parseTable(sectionUnder(readme, 'Glossary') ?? '');
    expect(table).toBeDefined();
    expect(table!.header.map((name) => name.toLowerCase())).toEqual(
      expect.arrayContaining(['concept', 'japanese', 'reading']),
    );
    expect(table!.rows.length).toBeGreaterThan(0);
  });
});
