/**
 * The notebook worker's run, in Node: every example prints what the build captured, and each
 * kind of failure comes back with the reader's line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCell } from '../../../src/engine/worker/notebook-worker';
import type { NotebookResponse, OutputItem } from '../../../src/engine/worker/notebook-protocol';
import { stdoutOf } from '../../../src/components/notebook/notebook-model';

async function run(code: string, file = 'cell.ts') {
  const items: OutputItem[] = [];
  let end: NotebookResponse | undefined;
  await runCell({ type: 'run', code, file }, (message) => {
    if (message.type === 'output') items.push(...message.items);
    else end = message;
  });
  return { items, end: end!, stdout: stdoutOf(items) };
}

const EXAMPLES = readdirSync('examples')
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length));

describe('runCell', () => {
  it.each(EXAMPLES)('runs examples/%s.ts and prints what the build captured', async (name) => {
    const { end, stdout } = await run(
      readFileSync(`examples/${name}.ts`, 'utf8'),
      `examples/${name}.ts`,
    );
    expect(end).toMatchObject({ type: 'done', exitCode: 0 });
    expect(stdout).toBe(readFileSync(`src/data/examples/${name}.txt`, 'utf8'));
  });

  it('names the line and column of a syntax error', async () => {
    const { end } = await run('const a = 1;\nconst b = ;\n');
    expect(end).toMatchObject({ type: 'error', kind: 'syntax', line: 2, column: 11 });
  });

  it('names the line of a name declared twice, which only the JavaScript engine notices', async () => {
    const { end } = await run('const x = 1;\nconsole.log(x);\nconst x = 2;\n');
    expect(end).toMatchObject({ type: 'error', kind: 'syntax', line: 3 });
  });

  it('names the line of a thrown exception, below types and imports that Sucrase rewrote', async () => {
    const code = [
      "import { parseSfen, type Position } from 'yomi';",
      'interface Row {',
      '  sfen: string;',
      '}',
      "const rows: Row[] = [{ sfen: 'startpos' }];",
      'const first: Position | undefined = undefined;',
      "console.log('before');",
      "const parsed = parseSfen('not a position');",
      'if (!parsed.ok) throw new Error(parsed.error);',
    ].join('\n');
    const { end, stdout } = await run(code);
    expect(stdout).toBe('before\n');
    expect(end).toMatchObject({ type: 'error', kind: 'runtime', line: 9 });
    expect((end as { message: string }).message).toMatch(/^Error: SFEN/);
  });

  it('names the cell’s line when the exception comes from inside the engine', async () => {
    const code = "import { legalMoves } from 'yomi';\n\nlegalMoves(null as never);\n";
    const { end } = await run(code);
    expect(end).toMatchObject({ type: 'error', kind: 'runtime', line: 3 });
  });

  it('runs a cell that studies the working parts through the internals entry', async () => {
    const code = [
      "import { Position, legalMoves } from 'yomi';",
      "import { legalMovesNaive } from 'yomi/internals';",
      'const pos = Position.startpos();',
      'console.log(legalMoves(pos).length, legalMovesNaive(pos).length);',
    ].join('\n');
    const { end, stdout } = await run(code);
    expect(end).toMatchObject({ type: 'done' });
    expect(stdout).toBe('30 30\n');
  });

  it('refuses an import it cannot answer, naming its line', async () => {
    const { end } = await run(
      "// files\nimport { readFileSync } from 'node:fs';\nreadFileSync('x');\n",
    );
    expect(end).toMatchObject({ type: 'error', kind: 'import', line: 2 });
  });

  it('lets the code declare names of its own called show and process', async () => {
    const { end, stdout } = await run(
      'const show = (x: number) => x * 2;\nconsole.log(show(21));\n',
    );
    expect(end).toMatchObject({ type: 'done' });
    expect(stdout).toBe('42\n');
  });

  it('awaits, ends at process.exit with its code, and draws boards from show()', async () => {
    const code = [
      "import { Position } from 'yomi';",
      'await new Promise((resolve) => setTimeout(resolve, 5));',
      "show(Position.startpos(), 'start');",
      "show('startpos moves 7g7f');",
      'process.exit(3);',
      "console.log('not reached');",
    ].join('\n');
    const { end, items, stdout } = await run(code);
    expect(end).toMatchObject({ type: 'done', exitCode: 3 });
    expect(stdout).toBe('');
    expect(items.filter((item) => item.kind === 'board')).toEqual([
      {
        kind: 'board',
        sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
        caption: 'start',
      },
      {
        kind: 'board',
        sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2',
        caption: '',
      },
    ]);
  });

  it('says what show() takes when given something else', async () => {
    const { end } = await run('show(42);');
    expect(end).toMatchObject({ type: 'error', kind: 'runtime', line: 1 });
    expect((end as { message: string }).message).toMatch(/show: give a Position/);
  });
});
