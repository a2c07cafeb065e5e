/**
 * Numbers as the site writes them: digits grouped by threes with commas (12,345), in English
 * whatever the reader's locale.
 *
 * Written by hand rather than with `Intl.NumberFormat` or `toLocaleString('en-US')`: the first
 * of those on a page loads the browser's ICU number data, 40–70 ms of main-thread work at load on
 * a two-core machine (measured in Chromium), for what is a comma every three digits.
 */

/** U+2212, the minus sign the book prints (a hyphen is too short beside digits). */
export const MINUS = '−';

/** The digits of a non-negative whole number's text, grouped by threes. */
const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A number with its whole part grouped and its fraction as JavaScript writes it (the shortest
 * that reads back the same: 0.8525, not 0.853), a hyphen-minus before a negative one. NaN and
 * the infinities read as JavaScript writes them.
 */
export function groupDigits(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const text = String(Math.abs(n));
  // Beyond 1e21 (and below 1e-6) String gives an exponent: print those whole, ungrouped.
  if (text.includes('e')) return n < 0 ? `-${text}` : text;
  const dot = text.indexOf('.');
  const whole = dot < 0 ? text : text.slice(0, dot);
  const grouped = group(whole) + (dot < 0 ? '' : text.slice(dot));
  return n < 0 && !Object.is(n, -0) ? `-${grouped}` : grouped;
}

/** A count: rounded to a whole number and grouped (1,234,567). */
export const formatCount = (n: number): string => groupDigits(Math.round(n));

/** A hyphen-minus at the start replaced by the book's minus sign. */
export const withMinus = (text: string): string => text.replace(/^-/, MINUS);
