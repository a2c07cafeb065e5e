/** How the book writes measured numbers: counts, ratios, shares, Elo, seconds, bytes. */
import { formatCount, MINUS, withMinus } from '../numbers';

export type NumberFormat =
  | 'count'
  | 'ratio'
  | 'percent'
  | 'percent1'
  | 'points1'
  | 'elo'
  | 'seconds'
  | 'fixed1'
  | 'fixed2'
  | 'fixed3'
  | 'bytes';

/** Bytes in decimal units (kB, MB, GB), as seed 003 counts its 128 MB and 306 MB tables. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let v = bytes;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return `${u <= 1 ? Math.round(v) : v.toFixed(1)} ${units[u]}`;
}

/** A measured number as the book writes it (a typographic minus; ±∞ for an unbounded Elo). */
export function formatNumber(v: number, format: NumberFormat): string {
  switch (format) {
    case 'bytes':
      return formatBytes(v);
    case 'count':
      return withMinus(formatCount(v));
    case 'ratio':
      // Two significant digits below 1 (0.76×), two decimals to 10 (3.81×), whole above (14×).
      return `${v >= 10 ? Math.round(v) : v >= 1 ? v.toFixed(2) : v.toPrecision(2)}×`;
    case 'percent':
      return withMinus(`${Math.round(v * 100)}%`);
    case 'percent1':
      // A share beside a paper's own to a tenth of a per cent (74.3%).
      return withMinus(`${(v * 100).toFixed(1)}%`);
    case 'points1':
      // A difference of two shares in percentage points, to a tenth, signed (+4.4, −21.9).
      return v >= 0.0005 ? `+${(v * 100).toFixed(1)}` : withMinus((v * 100).toFixed(1));
    case 'elo':
      if (!Number.isFinite(v)) return v > 0 ? '+∞' : `${MINUS}∞`;
      return v >= 0.5 ? `+${Math.round(v)}` : withMinus(String(Math.round(v)));
    case 'seconds':
      return `${v < 10 ? v.toFixed(1) : Math.round(v)} s`;
    case 'fixed1':
      return withMinus(v.toFixed(1));
    case 'fixed2':
      return withMinus(v.toFixed(2));
    case 'fixed3':
      return withMinus(v.toFixed(3));
  }
}

/**
 * A match's Elo difference and its 95 % interval, with the ends the data file writes as null (JSON
 * has no Infinity) made ±Infinity again: the low end −∞, the high end +∞, and the estimate itself
 * the side of ½ that A's score is on (A won, or lost, every game).
 */
export interface EloInterval {
  elo: number;
  low: number;
  high: number;
}

export interface StoredEloStats {
  score: number;
  elo: number | null;
  eloLow: number | null;
  eloHigh: number | null;
}

export const eloInterval = (s: StoredEloStats): EloInterval => ({
  elo: s.elo ?? (s.score >= 0.5 ? Infinity : -Infinity),
  low: s.eloLow ?? -Infinity,
  high: s.eloHigh ?? Infinity,
});

/** "+35 (−10, +80)", with "+∞"/"−∞" for an end the match leaves open. */
export const formatEloInterval = ({ elo, low, high }: EloInterval): string =>
  `${formatNumber(elo, 'elo')} (${formatNumber(low, 'elo')}, ${formatNumber(high, 'elo')})`;

/** The same for a screen reader: "Elo +35, 95 % interval from −10 to +80". */
export const describeEloInterval = ({ elo, low, high }: EloInterval): string =>
  `Elo ${formatNumber(elo, 'elo')}, 95 % interval from ${formatNumber(low, 'elo')} to ${formatNumber(high, 'elo')}`;

/** Points as a shogi player writes them: 5½. */
export const formatPoints = (points: number): string => {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  return half ? (whole === 0 ? '½' : `${whole}½`) : String(whole);
};
