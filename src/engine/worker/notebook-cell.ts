/**
 * From a reader's TypeScript to code the notebook worker can run, and from what went wrong back
 * to a line of what they wrote.
 *
 * Sucrase strips the types and turns `import … from 'x'` into `require('x')` calls. It keeps
 * every line where it was (its helpers go on the first line, after "use strict"), so a line in
 * the output is the same line in the reader's code and an error's line needs no source map.
 */
import { transform } from 'sucrase';
import { CELL_MODULE_NAMES, CELL_MODULES, type CellModule } from './notebook-protocol';

export type Transformed =
  | { ok: true; code: string }
  | { ok: false; error: { message: string; line: number; column: number } };

/** Sucrase's parse errors carry the offset of the token it stopped at. */
interface SucraseError {
  message: string;
  pos?: number;
}

/** 1-based line and column of an offset in a text. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: before.length - lastBreak };
}

/**
 * TypeScript to CommonJS-style JavaScript with the same lines. A syntax error comes back with
 * its line and column in `code`, and Sucrase's own "(3:5)" suffix left off the message.
 */
export function transformCell(code: string): Transformed {
  try {
    const output = transform(code, { transforms: ['typescript', 'imports'], production: true });
    return { ok: true, code: output.code };
  } catch (thrown) {
    const error = thrown as SucraseError;
    const message = String(error.message ?? thrown)
      .replace(/^Error transforming [^:]*: /, '')
      .replace(/ \(\d+:\d+\)$/, '');
    const where = lineColumnAt(code, typeof error.pos === 'number' ? error.pos : 0);
    return { ok: false, error: { message, ...where } };
  }
}

/**
 * The engine module an import names: a short name (`'yomi'`) or a path to the module in
 * the repository as an example writes it (`'../src/engine/library'`, with or without an
 * extension). Undefined for anything else.
 */
export function resolveImport(specifier: string): CellModule | undefined {
  if ((CELL_MODULE_NAMES as string[]).includes(specifier)) return specifier as CellModule;
  const path = specifier
    .replace(/\.(ts|js|mjs)$/, '')
    .replace(/^(\.\.?\/)+/, '')
    .replace(/\/index$/, '');
  return CELL_MODULE_NAMES.find((name) => CELL_MODULES[name].path.replace(/\/index$/, '') === path);
}

/** Every module the transformed code requires, in order, each once. */
export function requiredSpecifiers(transformed: string): string[] {
  const found = new Set<string>();
  for (const match of transformed.matchAll(/\brequire\(\s*(['"])([^'"\n]+)\1\s*\)/g))
    found.add(match[2]!);
  return [...found];
}

/** The first line of the reader's code that names a specifier in quotes (its import). */
export function lineOfSpecifier(code: string, specifier: string): number | undefined {
  const lines = code.split('\n');
  const index = lines.findIndex(
    (line) => line.includes(`'${specifier}'`) || line.includes(`"${specifier}"`),
  );
  return index < 0 ? undefined : index + 1;
}

/** Why an import cannot be run, naming what can. */
export function unknownImportMessage(specifier: string): string {
  const names = CELL_MODULE_NAMES.map((name) => `'${name}'`).join(', ');
  return `Cannot import '${specifier}': the cell can import ${names} (or the same modules by the examples' paths, such as '../src/engine/library')`;
}

/**
 * The name the compiled cell goes by in stack traces (a `//# sourceURL` comment), so a frame of
 * the reader's code can be told from the engine's and the worker's.
 */
export const CELL_SOURCE_URL = 'yomi-cell.ts';

/**
 * The reader's line (and column) of the innermost frame of their code in a stack, given how many
 * lines the function wrapper adds above the body. V8 writes `at f (yomi-cell.ts:12:5)`, Firefox
 * and Safari `f@yomi-cell.ts:12:5`.
 */
export function cellPositionInStack(
  stack: string,
  lineOffset: number,
): { line: number; column: number } | undefined {
  const escaped = CELL_SOURCE_URL.replace(/\./g, '\\.');
  const match = new RegExp(`${escaped}:(\\d+):(\\d+)`).exec(stack);
  if (!match) return undefined;
  const line = Number(match[1]) - lineOffset;
  return line >= 1 ? { line, column: Number(match[2]) } : undefined;
}

/**
 * The line of the second declaration of a name, for the one syntax error Sucrase lets through
 * that the JavaScript engine then reports without a place: a name declared twice (V8: "Identifier
 * 'x' has already been declared", Firefox: "redeclaration of let x").
 */
export function lineOfRedeclaration(code: string, message: string): number | undefined {
  const name =
    /Identifier '([\w$]+)' has already been declared|redeclaration of (?:\w+ )?([\w$]+)/.exec(
      message,
    );
  const identifier = name?.[1] ?? name?.[2];
  if (identifier === undefined) return undefined;
  const escaped = identifier.replace(/\$/g, '\\$');
  const declaration = new RegExp(`\\b(?:const|let|var|function\\*?|class)\\s+${escaped}(?![\\w$])`);
  const lines = code.split('\n').flatMap((text, i) => (declaration.test(text) ? [i + 1] : []));
  return lines[1];
}

/** What a thrown value says: `Name: message` for an error, the value itself for anything else. */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error)
    return thrown.message ? `${thrown.name}: ${thrown.message}` : thrown.name;
  if (typeof thrown === 'string') return `Uncaught ${JSON.stringify(thrown)}`;
  try {
    return `Uncaught ${typeof thrown === 'object' && thrown !== null ? JSON.stringify(thrown) : String(thrown)}`;
  } catch {
    return 'Uncaught exception';
  }
}
