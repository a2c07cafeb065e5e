/** Plain-text tables and number formats for benchmark reports. */

export type Align = 'left' | 'right';

export interface Column {
  readonly header: string;
  readonly align: Align;
}

/** Lays rows out under their headers, two spaces between columns. */
export function formatTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): string {
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    columns
      .map((column, i) => {
        const cell = cells[i] ?? '';
        const width = widths[i]!;
        return column.align === 'left' ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(columns.map((c) => c.header)), rule, ...rows.map(line)].join('\n');
}

/** 19861490 → "19,861,490". */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function formatSeconds(seconds: number): string {
  return seconds < 10 ? seconds.toFixed(3) : seconds.toFixed(2);
}

/** 2.345 → "2.35×"; ratios under one keep two significant digits ("0.42×"). */
export function formatRatio(ratio: number): string {
  return `${ratio >= 1 ? ratio.toFixed(2) : ratio.toPrecision(2)}×`;
}
