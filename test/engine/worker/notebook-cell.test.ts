/**
 * From a reader's TypeScript to runnable code and back: Sucrase keeps every line where it was,
 * imports of the engine resolve by the short name and by the examples' path, and an error's
 * place in a stack is mapped to the reader's line.
 */
import { describe, expect, it } from 'vitest';
import {
  cellPositionInStack,
  describeThrown,
  lineColumnAt,
  lineOfRedeclaration,
  lineOfSpecifier,
  requiredSpecifiers,
  resolveImport,
  transformCell,
  unknownImportMessage,
} from '../../../src/engine/worker/notebook-cell';

const TYPED = `import { parseSfen, type Position } from 'yomi';
import type { Score } from '../src/engine/library';

interface Row {
  name: string;
  depth: number;
}
enum Side { Sente, Gote }
const rows: Row[] = [];
function depthOf(row: Row): number {
  return row.depth;
}
const marker = 'line 13';
console.log(parseSfen, rows, Side, depthOf, marker);
`;

describe('transformCell', () => {
  it('strips the types and keeps every line where it was', () => {
    const result = transformCell(TYPED);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const lines = result.code.split('\n');
    expect(lines).toHaveLength(TYPED.split('\n').length);
    expect(lines[12]).toContain("const marker = 'line 13'");
    expect(lines[9]).toContain('function depthOf(row)');
    expect(result.code).not.toMatch(/: Row|interface/);
  });

  it('turns imports into require calls, dropping those used only as types', () => {
    const result = transformCell(TYPED);
    if (!result.ok) throw new Error(result.error.message);
    expect(requiredSpecifiers(result.code)).toEqual(['yomi']);
  });

  it('names the line and column of a syntax error', () => {
    const result = transformCell('const a = 1;\nconst b = ;\n');
    expect(result).toEqual({
      ok: false,
      error: { message: 'Unexpected token', line: 2, column: 11 },
    });
  });

  it('finds a syntax error after a type annotation on its own line', () => {
    const result = transformCell('let a: number = 1;\n\nlet b: = 2;');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.line).toBe(3);
  });
});

describe('lineColumnAt', () => {
  it('counts lines and columns from 1', () => {
    expect(lineColumnAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('resolveImport', () => {
  it('answers the short name and the examples’ path with the engine library', () => {
    expect(resolveImport('yomi')).toBe('yomi');
    expect(resolveImport('../src/engine/library')).toBe('yomi');
    expect(resolveImport('../src/engine/library.ts')).toBe('yomi');
    expect(resolveImport('./src/engine/library')).toBe('yomi');
  });

  it('answers the internals entry by its name and its path', () => {
    expect(resolveImport('yomi/internals')).toBe('yomi/internals');
    expect(resolveImport('../src/engine/internals.ts')).toBe('yomi/internals');
  });

  it('refuses anything else, naming what can be imported', () => {
    expect(resolveImport('fs')).toBeUndefined();
    expect(resolveImport('../src/engine/search/alphabeta')).toBeUndefined();
    expect(unknownImportMessage('fs')).toMatch(
      /Cannot import 'fs': the cell can import 'yomi', 'yomi\/internals'/,
    );
  });

  it('finds the line that imports a specifier', () => {
    expect(lineOfSpecifier("// a\nimport x from 'fs';\n", 'fs')).toBe(2);
    expect(lineOfSpecifier('import x from "fs";', 'fs')).toBe(1);
    expect(lineOfSpecifier('nothing', 'fs')).toBeUndefined();
  });
});

describe('requiredSpecifiers', () => {
  it('lists each required module once, dynamic imports included', () => {
    const code = "var a = require('yomi'); var b = require(\"x\"); require('yomi');";
    expect(requiredSpecifiers(code)).toEqual(['yomi', 'x']);
  });
});

describe('cellPositionInStack', () => {
  it('reads V8 frames and takes off the wrapper’s lines', () => {
    const stack =
      'TypeError: x is not a function\n    at run (worker.js:1:200)\n    at eval (yomi-cell.ts:7:12)';
    expect(cellPositionInStack(stack, 2)).toEqual({ line: 5, column: 12 });
  });

  it('reads Firefox and Safari frames', () => {
    expect(cellPositionInStack('f@yomi-cell.ts:4:1\n@worker.js:1:1', 2)).toEqual({
      line: 2,
      column: 1,
    });
  });

  it('gives nothing for a stack with no frame of the cell', () => {
    expect(cellPositionInStack('Error\n    at worker.js:1:1', 2)).toBeUndefined();
  });
});

describe('lineOfRedeclaration', () => {
  it('finds the second declaration of the name an engine complains about', () => {
    const code = 'const x = 1;\nlet y = 2;\nconst x = 3;';
    expect(lineOfRedeclaration(code, "SyntaxError: Identifier 'x' has already been declared")).toBe(
      3,
    );
    expect(lineOfRedeclaration(code, 'SyntaxError: redeclaration of const x')).toBe(3);
    expect(lineOfRedeclaration(code, 'SyntaxError: Unexpected token')).toBeUndefined();
  });
});

describe('describeThrown', () => {
  it('says what was thrown', () => {
    expect(describeThrown(new TypeError('bad'))).toBe('TypeError: bad');
    expect(describeThrown('oops')).toBe('Uncaught "oops"');
    expect(describeThrown({ code: 3 })).toBe('Uncaught {"code":3}');
    expect(describeThrown(undefined)).toBe('Uncaught undefined');
  });
});
