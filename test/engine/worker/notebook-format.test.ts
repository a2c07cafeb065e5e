/**
 * The cell's console prints as Node's does (node:util is the oracle), console.table draws Node's
 * table, and the output buffer joins pieces of lines and stops at its limits.
 */
import { format, inspect as nodeInspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  drawTable,
  formatArgs,
  inspect,
  makeConsole,
  OutputBuffer,
  tableOf,
} from '../../../src/engine/worker/notebook-format';
import {
  MAX_BOARDS,
  MAX_OUTPUT_LINES,
  type OutputItem,
} from '../../../src/engine/worker/notebook-protocol';

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

const VALUES: [string, unknown][] = [
  ['a number', 42],
  ['minus zero', -0],
  ['a bigint', 5n],
  ['a string', 'text'],
  ['a string with a quote', "it's"],
  ['a string with both quotes', `it's "so"`],
  ['null', null],
  ['undefined', undefined],
  ['a symbol', Symbol('s')],
  ['an array', [1, 'two', [3]]],
  ['an empty array', []],
  ['an object', { a: 1, 'b-c': 'd', nested: { deep: { deeper: { deepest: 1 } } } }],
  ['an empty object', {}],
  ['a class instance', new Point(1, 2)],
  ['a null-prototype object', Object.create(null) as object],
  ['a map', new Map([['a', 1]])],
  ['a set', new Set([1, 2])],
  ['a typed array', new Int32Array([1, 2, 3])],
  ['a named function', function named() {}],
  [
    'an anonymous function',
    (
      () => () =>
        1
    )(),
  ],
  ['a class', Point],
  ['a long array', Array.from({ length: 30 }, (_, i) => `item ${i}`)],
  ['an array of 120 numbers', Array.from({ length: 120 }, () => 0)],
];

describe('inspect', () => {
  it.each(VALUES.filter(([name]) => !name.includes('long') && !name.includes('120')))(
    'shows %s as Node does',
    (_, value) => {
      expect(inspect(value)).toBe(nodeInspect(value));
    },
  );

  it('writes a long array one entry a line', () => {
    const text = inspect(Array.from({ length: 30 }, (_, i) => `item ${i}`));
    expect(text.split('\n')).toHaveLength(32);
    expect(text.split('\n')[1]).toBe("  'item 0',");
  });

  it('shows the first hundred entries and counts the rest', () => {
    expect(inspect(Array.from({ length: 120 }, () => 0))).toMatch(/\.\.\. 20 more items\n\]$/);
  });

  it('marks a circular reference', () => {
    const loop: { self?: unknown } = {};
    loop.self = loop;
    expect(inspect(loop)).toBe('{ self: [Circular] }');
  });
});

describe('formatArgs', () => {
  it.each([
    ['plain values', ['plain', 1, true]],
    ['every directive', ['%s has %d pieces and %i kings, %f%%', 'sente', 20, 1.5, '0.5']],
    ['%j', ['%j', { a: 1 }]],
    ['a bigint for %s', ['%s', 5n]],
    ['no directives and an object', ['no directives', { a: [1] }]],
    ['a first argument that is not a string', [{ first: 'an object' }, '%d stays']],
    ['a directive with no argument left', ['%s and %s', 'one']],
    ['nothing', []],
  ] as [string, unknown[]][])('formats %s as util.format does', (_, args) => {
    expect(formatArgs(args)).toBe(format(...(args as [unknown, ...unknown[]])));
  });
});

describe('console.table', () => {
  it('draws the table Node draws', () => {
    const table = tableOf([{ a: 1, b: 'x' }, { a: 2 }]);
    expect(table).toEqual({
      columns: ['(index)', 'a', 'b'],
      rows: [
        ['0', '1', "'x'"],
        ['1', '2', ''],
      ],
    });
    expect(drawTable(table!)).toBe(
      [
        '┌─────────┬───┬─────┐',
        '│ (index) │ a │ b   │',
        '├─────────┼───┼─────┤',
        "│ 0       │ 1 │ 'x' │",
        '│ 1       │ 2 │     │',
        '└─────────┴───┴─────┘',
      ].join('\n'),
    );
  });

  it('puts values that are not objects in a Values column, and keeps only the columns asked for', () => {
    expect(tableOf({ one: 1, two: { x: 2 } })?.columns).toEqual(['(index)', 'x', 'Values']);
    expect(tableOf([{ a: 1, b: 2 }], ['b'])?.rows).toEqual([['0', '2']]);
    expect(tableOf(5)).toBeUndefined();
  });
});

const texts = (items: OutputItem[]) =>
  items.flatMap((item) => (item.kind === 'text' ? [`${item.stream}:${item.text}`] : []));

describe('OutputBuffer', () => {
  it('joins pieces of a line and ends an open line at the end', () => {
    const output = new OutputBuffer();
    output.write('stdout', 'a');
    output.write('stdout', 'b\nc');
    output.write('stderr', 'err\n');
    expect(texts(output.take())).toEqual(['stdout:ab', 'stderr:err']);
    output.end();
    expect(texts(output.take())).toEqual(['stdout:c']);
    expect(output.hasPending).toBe(false);
  });

  it('stops after its line limit, saying so once', () => {
    const output = new OutputBuffer();
    for (let i = 0; i < MAX_OUTPUT_LINES + 10; i++) output.write('stdout', `${i}\n`);
    const items = output.take();
    expect(items.filter((item) => item.kind === 'text')).toHaveLength(MAX_OUTPUT_LINES);
    expect(items.filter((item) => item.kind === 'truncated')).toHaveLength(1);
  });

  it('draws boards up to its limit', () => {
    const output = new OutputBuffer();
    for (let i = 0; i < MAX_BOARDS + 3; i++) output.board('startpos', '');
    const items = output.take();
    expect(items.filter((item) => item.kind === 'board')).toHaveLength(MAX_BOARDS);
    expect(items.filter((item) => item.kind === 'truncated')).toHaveLength(1);
  });
});

describe('makeConsole', () => {
  it('sends log, info and table to stdout and warn and error to stderr', () => {
    const output = new OutputBuffer();
    let writes = 0;
    const console = makeConsole(
      output,
      () => writes++,
      () => 0,
    );
    console.log!('log', 1);
    console.info!('info');
    console.warn!('warn');
    console.error!(new Error('bad'));
    console.table!([{ a: 1 }]);
    console.group!('group');
    console.log!('inside');
    console.groupEnd!();
    console.count!();
    console.count!();
    const items = output.take();
    expect(texts(items)).toEqual([
      'stdout:log 1',
      'stdout:info',
      'stderr:warn',
      'stderr:Error: bad',
      'stdout:group',
      'stdout:  inside',
      'stdout:default: 1',
      'stdout:default: 2',
    ]);
    expect(items.some((item) => item.kind === 'table')).toBe(true);
    expect(writes).toBe(9);
  });
});
