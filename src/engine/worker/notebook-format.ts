/**
 * The notebook cell's console: values printed the way Node prints them (close enough that an
 * example prints the same text in the cell as on the command line), console.table's table, and
 * the buffer that holds output until it is posted and stops at the limits.
 */
import {
  MAX_BOARDS,
  MAX_LINE_CHARS,
  MAX_OUTPUT_LINES,
  MAX_TABLE_ROWS,
  type OutputItem,
  type Stream,
} from './notebook-protocol';

/** How deep nested objects are shown before `[Object]` (Node's default). */
const INSPECT_DEPTH = 2;
/** Entries of an array, map or set shown before "... n more items" (Node's default). */
const MAX_ENTRIES = 100;
/** A value whose one-line form is longer than this is written one entry a line (Node's 80, less room for the indent). */
const BREAK_LENGTH = 72;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A string as Node quotes it: single quotes, or double or back quotes to avoid escaping. */
function quote(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
  if (!text.includes("'")) return `'${escaped}'`;
  if (!text.includes('"')) return `"${escaped}"`;
  if (!text.includes('`') && !text.includes('${')) return `\`${escaped}\``;
  return `'${escaped.replace(/'/g, "\\'")}'`;
}

/** `Foo` for an instance of class Foo; '' for a plain object. */
function className(value: object): string {
  const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  if (proto === null) return '[Object: null prototype]';
  const name = proto.constructor?.name ?? '';
  return name === 'Object' ? '' : name;
}

/** Entries in braces or brackets: on one line if short, else one a line, indented. */
function group(
  prefix: string,
  open: string,
  close: string,
  entries: string[],
  indent: string,
): string {
  if (entries.length === 0) return `${prefix}${open}${close}`;
  const oneLine = `${prefix}${open} ${entries.join(', ')} ${close}`;
  if (oneLine.length <= BREAK_LENGTH && !entries.some((e) => e.includes('\n'))) return oneLine;
  const inner = `${indent}  `;
  return `${prefix}${open}\n${entries.map((e) => `${inner}${e}`).join(',\n')}\n${indent}${close}`;
}

function more(count: number): string[] {
  return count > 0 ? [`... ${count} more item${count === 1 ? '' : 's'}`] : [];
}

function inspectObject(value: object, depth: number, seen: Set<object>, indent: string): string {
  if (seen.has(value)) return '[Circular]';
  if (value instanceof Error) return value.message ? `${value.name}: ${value.message}` : value.name;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof RegExp) return String(value);
  const name = className(value);
  const isArray = Array.isArray(value);
  if (depth > INSPECT_DEPTH) return isArray ? '[Array]' : `[${name || 'Object'}]`;
  seen.add(value);
  const next = (v: unknown) => inspectNested(v, depth + 1, seen, `${indent}  `);
  try {
    if (isArray || ArrayBuffer.isView(value)) {
      const list = value as ArrayLike<unknown>;
      const shown = Array.from({ length: Math.min(list.length, MAX_ENTRIES) }, (_, i) =>
        next(list[i]),
      );
      const prefix = isArray
        ? name === 'Array'
          ? ''
          : `${name}(${list.length}) `
        : `${name}(${list.length}) `;
      return group(prefix, '[', ']', [...shown, ...more(list.length - MAX_ENTRIES)], indent);
    }
    if (value instanceof Map) {
      const entries = [...value.entries()]
        .slice(0, MAX_ENTRIES)
        .map(([k, v]) => `${next(k)} => ${next(v)}`);
      return group(
        `Map(${value.size}) `,
        '{',
        '}',
        [...entries, ...more(value.size - MAX_ENTRIES)],
        indent,
      );
    }
    if (value instanceof Set) {
      const entries = [...value].slice(0, MAX_ENTRIES).map(next);
      return group(
        `Set(${value.size}) `,
        '{',
        '}',
        [...entries, ...more(value.size - MAX_ENTRIES)],
        indent,
      );
    }
    const entries = Object.entries(value).map(
      ([k, v]) => `${IDENTIFIER.test(k) ? k : quote(k)}: ${next(v)}`,
    );
    return group(name ? `${name} ` : '', '{', '}', entries, indent);
  } finally {
    seen.delete(value);
  }
}

function inspectNested(value: unknown, depth: number, seen: Set<object>, indent: string): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function': {
      const source = Function.prototype.toString.call(value);
      const name = (value as { name?: string }).name;
      if (source.startsWith('class')) return `[class ${name || '(anonymous)'}]`;
      return name ? `[Function: ${name}]` : '[Function (anonymous)]';
    }
    case 'object':
      return value === null ? 'null' : inspectObject(value, depth, seen, indent);
    default:
      return String(value);
  }
}

/** A value as Node's util.inspect shows it (strings quoted). */
export function inspect(value: unknown): string {
  return inspectNested(value, 0, new Set(), '');
}

/** An argument of console.log: strings as they are, everything else inspected. */
const shown = (value: unknown): string => (typeof value === 'string' ? value : inspect(value));

/** One %-directive of a console.log format string applied to its argument. */
function directive(letter: string, value: unknown): string {
  switch (letter) {
    case 's':
      return typeof value === 'bigint'
        ? `${value}n`
        : typeof value === 'object' && value !== null
          ? inspect(value)
          : String(value);
    case 'd':
    case 'i': {
      if (typeof value === 'bigint') return `${value}n`;
      if (typeof value === 'object' && value !== null) return 'NaN';
      const n = Number(value);
      return String(letter === 'i' ? Math.trunc(n) : n);
    }
    case 'f':
      return String(parseFloat(String(value)));
    case 'j':
      try {
        return JSON.stringify(value) ?? 'undefined';
      } catch {
        return '[Circular]';
      }
    case 'c':
      return '';
    default:
      return inspect(value);
  }
}

/** console.log's arguments as one string, as Node's util.format makes it. */
export function formatArgs(args: readonly unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string' || rest.length === 0) return args.map(shown).join(' ');
  let used = 0;
  const head = first.replace(/%([sdifjoOc%])/g, (whole, letter: string) => {
    if (letter === '%') return '%';
    if (used >= rest.length) return whole;
    return directive(letter, rest[used++]);
  });
  return [head, ...rest.slice(used).map(shown)].join(' ');
}

export interface Table {
  columns: string[];
  rows: string[][];
}

/**
 * console.table's rows: an index column, a column for each key the rows have (or the ones asked
 * for), and a Values column for rows that are not objects. Undefined when the data is not a
 * table (console.table then logs it).
 */
export function tableOf(data: unknown, properties?: readonly string[]): Table | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const all: [unknown, unknown][] =
    data instanceof Map ? [...data.entries()] : Object.entries(data);
  const entries = all.slice(0, MAX_TABLE_ROWS);
  const keys: string[] = [];
  let hasValues = false;
  for (const [, row] of entries) {
    if (typeof row === 'object' && row !== null) {
      for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
    } else hasValues = true;
  }
  const columns = properties ? [...properties] : keys;
  const rows = entries.map(([index, row]) => {
    const isObject = typeof row === 'object' && row !== null;
    const cells = columns.map((key) =>
      isObject && key in row ? inspect((row as Record<string, unknown>)[key]) : '',
    );
    return [
      typeof index === 'string' ? index : inspect(index),
      ...cells,
      ...(hasValues ? [isObject ? '' : inspect(row)] : []),
    ];
  });
  return { columns: ['(index)', ...columns, ...(hasValues ? ['Values'] : [])], rows };
}

/** A table drawn in box characters, as Node's console.table prints it (cells left-aligned). */
export function drawTable({ columns, rows }: Table): string {
  const widths = columns.map(
    (c, i) => Math.max(c.length, ...rows.map((r) => (r[i] ?? '').length)) + 2,
  );
  const rule = (left: string, mid: string, right: string) =>
    left + widths.map((w) => '─'.repeat(w)).join(mid) + right;
  const line = (cells: readonly string[]) =>
    `│${widths.map((w, i) => ` ${(cells[i] ?? '').padEnd(w - 1)}`).join('│')}│`;
  return [
    rule('┌', '┬', '┐'),
    line(columns),
    rule('├', '┼', '┤'),
    ...rows.map(line),
    rule('└', '┴', '┘'),
  ].join('\n');
}

/**
 * Output waiting to be posted, and the limits: lines past MAX_OUTPUT_LINES and boards past
 * MAX_BOARDS are dropped, with one notice each. Text without a line break waits for the rest of
 * its line (process.stdout.write('…') writes pieces).
 */
export class OutputBuffer {
  private pending: OutputItem[] = [];
  private readonly partial: Record<Stream, string> = { stdout: '', stderr: '' };
  private lines = 0;
  private boards = 0;
  private full = false;

  /** Text on a stream, as process.stdout.write takes it. */
  write(stream: Stream, text: string): void {
    const pieces = (this.partial[stream] + text).split('\n');
    this.partial[stream] = pieces.pop()!;
    for (const piece of pieces) this.line(stream, piece);
  }

  table(table: Table): void {
    const text = drawTable(table);
    if (this.count(text.split('\n').length)) this.pending.push({ kind: 'table', ...table, text });
  }

  board(sfen: string, caption: string): void {
    if (this.boards >= MAX_BOARDS) {
      if (this.boards++ === MAX_BOARDS)
        this.pending.push({
          kind: 'truncated',
          what: `only the first ${MAX_BOARDS} boards are drawn`,
        });
      return;
    }
    this.boards++;
    this.pending.push({ kind: 'board', sfen, caption });
  }

  /** The end of the run: lines still open are ended. */
  end(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.partial[stream] !== '') this.line(stream, this.partial[stream]);
      this.partial[stream] = '';
    }
  }

  /** Output since the last take. */
  take(): OutputItem[] {
    const items = this.pending;
    this.pending = [];
    return items;
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  private line(stream: Stream, text: string): void {
    if (!this.count(1)) return;
    const clipped = text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text;
    this.pending.push({ kind: 'text', stream, text: clipped });
  }

  /** Room for n more lines? The first time there is not, say so. */
  private count(n: number): boolean {
    if (this.full) return false;
    if (this.lines + n > MAX_OUTPUT_LINES) {
      this.full = true;
      this.pending.push({ kind: 'truncated', what: `output stopped after ${this.lines} lines` });
      return false;
    }
    this.lines += n;
    return true;
  }
}

/** The console a cell sees: Node's streams, console.table as a table, time and count. */
export function makeConsole(
  output: OutputBuffer,
  afterWrite: () => void,
  clock: () => number,
): Record<string, (...args: unknown[]) => void> {
  let indent = '';
  const write = (stream: Stream, text: string) => {
    output.write(stream, `${text.replace(/^/gm, indent)}\n`);
    afterWrite();
  };
  const to =
    (stream: Stream) =>
    (...args: unknown[]) =>
      write(stream, formatArgs(args));
  const counts = new Map<string, number>();
  const timers = new Map<string, number>();
  const elapsed = (label: string) => {
    const start = timers.get(label);
    return start === undefined ? undefined : `${label}: ${(clock() - start).toFixed(3)}ms`;
  };
  return {
    log: to('stdout'),
    info: to('stdout'),
    debug: to('stdout'),
    warn: to('stderr'),
    error: to('stderr'),
    trace: (...args) => write('stderr', `Trace: ${formatArgs(args)}`),
    dir: (value) => write('stdout', inspect(value)),
    table: (data, properties) => {
      const table = tableOf(data, Array.isArray(properties) ? properties.map(String) : undefined);
      if (!table) return write('stdout', formatArgs([data]));
      output.table(table);
      afterWrite();
    },
    assert: (condition, ...args) => {
      if (!condition)
        write('stderr', `Assertion failed${args.length > 0 ? `: ${formatArgs(args)}` : ''}`);
    },
    count: (label = 'default') => {
      const key = String(label);
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      write('stdout', `${key}: ${n}`);
    },
    countReset: (label = 'default') => void counts.delete(String(label)),
    time: (label = 'default') => void timers.set(String(label), clock()),
    timeLog: (label = 'default', ...args) => {
      const text = elapsed(String(label));
      if (text !== undefined) write('stdout', formatArgs([text, ...args]));
    },
    timeEnd: (label = 'default') => {
      const text = elapsed(String(label));
      timers.delete(String(label));
      if (text !== undefined) write('stdout', text);
    },
    group: (...args) => {
      if (args.length > 0) write('stdout', formatArgs(args));
      indent += '  ';
    },
    groupEnd: () => {
      indent = indent.slice(2);
    },
  };
}
