/**
 * The site's number formatting (src/components/numbers.ts), written by hand so that no page loads
 * the browser's ICU number data at load. Whole numbers read exactly as `Intl.NumberFormat('en-US')`
 * writes them; fractions keep every digit JavaScript writes, where Intl rounds to three.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../scripts/japanese-font';
import { formatCount, groupDigits, MINUS, withMinus } from '../../src/components/numbers';

const intl = new Intl.NumberFormat('en-US');

describe('groupDigits and formatCount', () => {
  it('group whole numbers as Intl does, across every length and sign', () => {
    const cases = [0, 7, 42, 999, 1000, 12_345, 999_999, 1_000_000, 719_731, 2 ** 31, 2 ** 53 - 1];
    for (let d = 1, n = 1; d <= 16; d++, n = n * 10 + ((d * 7) % 10)) cases.push(n);
    for (const n of cases) {
      expect(groupDigits(n)).toBe(intl.format(n));
      if (n !== 0) expect(groupDigits(-n)).toBe(intl.format(-n));
      if (n < 2 ** 50) expect(formatCount(n + 0.4)).toBe(intl.format(n));
    }
  });

  it('keep a fraction whole: an option of 0.8525 reads 0.8525, not 0.853', () => {
    expect(groupDigits(0.8525)).toBe('0.8525');
    expect(groupDigits(0.0025)).toBe('0.0025');
    expect(groupDigits(-1234.5)).toBe('-1,234.5');
    expect(groupDigits(12345.678)).toBe('12,345.678');
  });

  it('round counts to whole numbers, never printing a negative zero', () => {
    expect(formatCount(1234.5)).toBe('1,235');
    expect(formatCount(-0.3)).toBe('0');
    expect(formatCount(-0)).toBe('0');
    expect(formatCount(-1500.6)).toBe('-1,501');
  });

  it('write what has no digits to group as JavaScript does', () => {
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits(Infinity)).toBe('Infinity');
    expect(groupDigits(1e21)).toBe('1e+21');
    expect(groupDigits(-1e-7)).toBe('-1e-7');
  });

  it('turn a leading hyphen into the book’s minus sign', () => {
    expect(withMinus(groupDigits(-1234))).toBe(`${MINUS}1,234`);
    expect(withMinus('12-3')).toBe('12-3');
  });
});

describe('the browser code', () => {
  it('never asks Intl for a number (each page would load ICU’s number data at load)', () => {
    const offenders = sourceFiles().filter(
      (file) =>
        file.startsWith('src/components/') &&
        /\.(ts|tsx|astro)$/.test(file) &&
        !file.endsWith('numbers.ts') &&
        /Intl\.NumberFormat|\.toLocaleString\(/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
