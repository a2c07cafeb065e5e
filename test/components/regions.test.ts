import { describe, expect, it } from 'vitest';
import {
  dedent,
  extractRegion,
  normalizePath,
  regionFromSources,
  scanRegions,
} from '../../src/components/source/regions';

const FILE = [
  'export const before = 1;',
  '',
  'export class Position {',
  '  // #region do-move',
  '  doMove(m: number): void {',
  '    // #region do-move-capture',
  '    this.capture(m);',
  '    // #endregion',
  '',
  '    this.place(m);',
  '  }',
  '  // #endregion',
  '}',
  '// #region tail',
  'export const after = 2;',
  '// #endregion',
].join('\n');

describe('scanRegions', () => {
  it('finds nested regions with the lines between their markers', () => {
    const { regions, problems } = scanRegions(FILE);
    expect(problems).toEqual([]);
    expect(regions).toEqual([
      { name: 'do-move', markerLine: 4, firstLine: 5, lastLine: 11 },
      { name: 'do-move-capture', markerLine: 6, firstLine: 7, lastLine: 7 },
      { name: 'tail', markerLine: 14, firstLine: 15, lastLine: 15 },
    ]);
  });

  it('reports a region that is never closed', () => {
    const { problems } = scanRegions('// #region open\nconst x = 1;\n');
    expect(problems).toEqual(['line 1: region "open" is never closed']);
  });

  it('reports an #endregion without a #region', () => {
    const { problems } = scanRegions('const x = 1;\n// #endregion\n');
    expect(problems).toEqual(['line 2: #endregion without a matching #region']);
  });

  it('reports a name used twice in one file', () => {
    const { problems } = scanRegions('// #region a\n// #endregion\n// #region a\n// #endregion\n');
    expect(problems).toEqual(['line 3: region "a" is already defined on line 1']);
  });

  it('reports a missing or badly formed name', () => {
    const { problems } = scanRegions(
      '// #region\n// #endregion\n// #region Do Move\n// #endregion',
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^line 1: region name ""/);
    expect(problems[1]).toMatch(/^line 3: region name "Do Move"/);
  });

  it('accepts CRLF line endings and loose spacing in markers', () => {
    const { regions, problems } = scanRegions('//#region a\r\nx\r\n  //   #endregion a\r\n');
    expect(problems).toEqual([]);
    expect(regions).toEqual([{ name: 'a', markerLine: 1, firstLine: 2, lastLine: 2 }]);
  });
});

describe('dedent', () => {
  it('removes the indentation all non-blank lines share and blank lines at the ends', () => {
    expect(dedent(['', '    a', '', '      b', '    c', '  '])).toBe('a\n\n  b\nc');
  });

  it('leaves unindented code alone', () => {
    expect(dedent(['a', '  b'])).toBe('a\n  b');
  });

  it('returns an empty string for blank input', () => {
    expect(dedent(['', '   '])).toBe('');
  });
});

describe('extractRegion', () => {
  it('dedents a region and strips the markers of regions nested in it', () => {
    const region = extractRegion(FILE, 'position.ts', 'do-move');
    expect(region.code).toBe(
      ['doMove(m: number): void {', '  this.capture(m);', '', '  this.place(m);', '}'].join('\n'),
    );
    expect(region.firstLine).toBe(5);
    expect(region.lastLine).toBe(11);
  });

  it('extracts an inner region on its own', () => {
    expect(extractRegion(FILE, 'position.ts', 'do-move-capture').code).toBe('this.capture(m);');
  });

  it('names the file, the region and the regions that exist when one is missing', () => {
    expect(() => extractRegion(FILE, 'src/engine/position.ts', 'undo-move')).toThrow(
      'Region "undo-move" not found in src/engine/position.ts (regions in that file: do-move, do-move-capture, tail)',
    );
  });

  it('refuses a file whose markers do not balance', () => {
    expect(() => extractRegion('// #region a\n', 'x.ts', 'a')).toThrow(
      /Broken region markers in x\.ts/,
    );
  });
});

describe('regionFromSources', () => {
  const sources = { '/src/engine/position.ts': FILE };

  it('finds a file by its path from the project root, with or without a leading slash', () => {
    expect(regionFromSources(sources, 'src/engine/position.ts', 'tail').code).toBe(
      'export const after = 2;',
    );
    expect(regionFromSources(sources, '/src/engine/position.ts', 'tail').firstLine).toBe(15);
  });

  it('names the file and the region when the file is missing', () => {
    expect(() => regionFromSources(sources, 'src/engine/movegen.ts', 'drops')).toThrow(
      /region "drops": file src\/engine\/movegen\.ts not found/,
    );
  });
});

describe('normalizePath', () => {
  it('strips a leading slash or ./', () => {
    expect(normalizePath('/src/engine/a.ts')).toBe('src/engine/a.ts');
    expect(normalizePath('./src/engine/a.ts')).toBe('src/engine/a.ts');
    expect(normalizePath('src/engine/a.ts')).toBe('src/engine/a.ts');
  });
});
