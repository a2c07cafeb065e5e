/** How the book writes measured numbers: counts, ratios, shares, Elo, seconds. */

export type NumberFormat = 'count' | 'ratio' | 'percent' | 'elo' | 'seconds' | 'fixed1' | 'fixed2';

const MINUS = '−';
const withMinus = (text: string): string => text.replace(/^-/, MINUS);

/** A measured number as the book writes it (a typographic minus; ±∞ for an unbounded Elo). */
export function formatNumber(v: number, format: NumberFormat): string {
  switch (format) {
    case 'count':
      return withMinus(Math.round(v).toLocaleString('en-US'));
    case 'ratio':
      // Two significant digits below 1 (0.76×), two decimals to 10 (3.81×), whole above (14×).
      return `${v >= 10 ? Math.round(v) : v >= 1 ? v.toFixed(2) : v.toPrecision(2)}×`;
    case 'percent':
      return `${Math.round(v * 100)}%`;
    case 'elo':
      if (!Number.isFinite(v)) return v > 0 ? '+∞' : `${MINUS}∞`;
      return v >= 0.5 ? `+${Math.round(v)}` : withMinus(String(Math.round(v)));
    case 'seconds':
      return `${v < 10 ? v.toFixed(1) : Math.round(v)} s`;
    case 'fixed1':
      return withMinus(v.toFixed(1));
    case 'fixed2':
      return withMinus(v.toFixed(2));
  }
}

/** An Elo value from a data file, where JSON wrote ±Infinity as null: `end` says which. */
export const eloOrInfinity = (v: number | null, end: 'low' | 'high' | 'value'): number =>
  v ?? (end === 'low' ? -Infinity : Infinity);

/** Points as a shogi player writes them: 5½. */
export const formatPoints = (points: number): string => {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  return half ? (whole === 0 ? '½' : `${whole}½`) : String(whole);
};
