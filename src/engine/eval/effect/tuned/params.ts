/**
 * The parameters of the engine's effect table: seed 003's KKPEE9 table (material, plus for every
 * square a value looked up by both kings' squares, the square, the two sides' capped effect counts
 * and the piece on it, ×FV_SCALE), with the terms that fill it written as a parameter vector that
 * an optimiser can tune. The seed says its constants came from an optimiser, and that a table with
 * the piece on the square "can hold any term computed in advance", at no cost in the search: the
 * families below are such terms.
 *
 * A table entry is the sum of two halves, one per king (`half`): what the square means to sente's
 * king and to sente's pieces, and the same for gote seen from gote's side. Each half is written
 * from the view of "our" king: `k` our king, `s` the square, `a` our effects on it and `b` theirs
 * (both capped at 2), `p` the piece (ours with kind 1..14, theirs with the colour bit).
 *
 * | family   | size        | what it values                                                     | seed's start                   |
 * | -------- | ----------- | ------------------------------------------------------------------ | ------------------------------ |
 * | `ownFx`  | 9 × 2       | m of our effects at distance d from our king                       | multi(m)·⌊83·1024/(d+1)⌋/1024² |
 * | `oppFx`  | 9 × 2       | m of their effects there (subtracted)                              | the same with 92               |
 * | `piece`  | 13 × 3 × 3  | one of our pieces with a of our effects and b of theirs on it      | −⌊value·104/1024⌋              |
 * | `ownKp`  | 13 × 9 × 17 | one of our pieces where it stands from our king (files mirrored)   | 0                              |
 * | `oppKp`  | 13 × 9 × 17 | one of their pieces where it stands from our king                  | 0                              |
 * | `psq`    | 13 × 45     | one of our pieces on its square (files mirrored)                   | 0                              |
 * | `king`   | 45          | our king on its square (files mirrored)                            | 0                              |
 *
 * The first three are the seed's KKPEE9 exactly (its distances, its multi-effect curve, its tenth
 * off each piece on the board, which the `piece` family splits by how the piece is defended and
 * attacked: the seed's closing hypothesis, that a defended piece gains and an attacked one loses,
 * asked of an optimiser). The last four are terms computed in advance, in the seed's sense: where a
 * gold stands from its own king (a castle), where an enemy piece stands from it (an attack), the
 * square of a piece or of the king.
 */
import { Kind } from '../../../types';
import { PIECE_VALUE } from '../../material';

/** The seed's count cap N = 2: no effect, one, two or more. */
export const COUNTS = 3;
/** The seed's FV_SCALE: entries are stored ×32 and the square sum divided by 32. */
export const FV_SCALE = 32;
/** Chebyshev distances 0 … 8. */
const DISTANCES = 9;
/** Effect counts that carry a parameter: 1 and 2 (no effect is worth nothing, as in the seed). */
const COUNTED = 2;
/** Kinds on the board other than the king: seven unpromoted and six promoted. */
export const KIND_SLOTS = 13;
/** Files from the king, mirrored (0 … 8), by ranks from the king (−8 … 8, ahead positive). */
const KP_FILES = 9;
const KP_RANKS = 17;
/** Squares with files mirrored: five files (1–5, 9–5 folded) by nine ranks. */
const MIRRORED_SQUARES = 45;

/** `KIND_SLOT[kind]`: the kind's place in the families, −1 for the king and for none. */
export const KIND_SLOT = Int8Array.from({ length: 16 }, (_, kind) =>
  kind === 0 || kind === Kind.King || kind > 14 ? -1 : kind < Kind.King ? kind - 1 : kind - 2,
);

export const FAMILIES = [
  { name: 'ownFx', size: DISTANCES * COUNTED },
  { name: 'oppFx', size: DISTANCES * COUNTED },
  { name: 'piece', size: KIND_SLOTS * COUNTS * COUNTS },
  { name: 'ownKp', size: KIND_SLOTS * KP_FILES * KP_RANKS },
  { name: 'oppKp', size: KIND_SLOTS * KP_FILES * KP_RANKS },
  { name: 'psq', size: KIND_SLOTS * MIRRORED_SQUARES },
  { name: 'king', size: MIRRORED_SQUARES },
] as const;
export type FamilyName = (typeof FAMILIES)[number]['name'];

/** Where each family starts in the parameter vector. */
export const FAMILY_START: Readonly<Record<FamilyName, number>> = (() => {
  const out = {} as Record<FamilyName, number>;
  let at = 0;
  for (const f of FAMILIES) {
    out[f.name] = at;
    at += f.size;
  }
  return out;
})();
export const PARAM_COUNT = FAMILIES.reduce((n, f) => n + f.size, 0);

/** The family a parameter index belongs to. */
export function familyOf(index: number): FamilyName {
  for (let i = FAMILIES.length - 1; i >= 0; i--)
    if (index >= FAMILY_START[FAMILIES[i]!.name]) return FAMILIES[i]!.name;
  return FAMILIES[0].name;
}

/** Squares are dense 0 … 80 in reading order (rank a first, file 9 first within a rank). */
const fileOf81 = (s: number): number => 9 - (s % 9);
const rankOf81 = (s: number): number => Math.floor(s / 9) + 1;

/** The seed's `dist`: the larger of the file and rank differences. */
export const chebyshev = (a: number, b: number): number =>
  Math.max(Math.abs(fileOf81(a) - fileOf81(b)), Math.abs(rankOf81(a) - rankOf81(b)));

/** A square with its file folded onto files 1–5, as 0 … 44 (rank a first). */
export const mirrored = (s: number): number =>
  (rankOf81(s) - 1) * 5 + (Math.min(fileOf81(s), 10 - fileOf81(s)) - 1);

/** Where `s` stands from king `k`, files mirrored, ranks counted forward (towards rank a). */
export const fromKing = (k: number, s: number): number =>
  Math.abs(fileOf81(s) - fileOf81(k)) * KP_RANKS + (rankOf81(k) - rankOf81(s) + 8);

// #region half-terms
/**
 * The parameters one half of a table entry adds up, written to `out` (at most four); returns how
 * many. The view is our king's: `k` our king, `s` the square, `a` and `b` our and their capped
 * effect counts on it, `p` the piece (ours 1 … 14, theirs with bit 4 set, 0 none).
 */
export function halfTerms(
  k: number,
  s: number,
  a: number,
  b: number,
  p: number,
  out: Int32Array,
): number {
  let n = 0;
  const d = chebyshev(k, s);
  if (a > 0) out[n++] = FAMILY_START.ownFx + d * COUNTED + (a - 1);
  if (b > 0) out[n++] = -(FAMILY_START.oppFx + d * COUNTED + (b - 1)) - 1;
  if (p === 0) return n;
  const slot = KIND_SLOT[p & 15]!;
  if (p & 16) {
    if (slot >= 0) out[n++] = FAMILY_START.oppKp + slot * KP_FILES * KP_RANKS + fromKing(k, s);
    return n;
  }
  if (slot < 0) {
    // Our king: its square (a half is only ever asked with our king on k).
    if (s === k) out[n++] = FAMILY_START.king + mirrored(s);
    return n;
  }
  out[n++] = FAMILY_START.piece + (slot * COUNTS + a) * COUNTS + b;
  out[n++] = FAMILY_START.ownKp + slot * KP_FILES * KP_RANKS + fromKing(k, s);
  out[n++] = FAMILY_START.psq + slot * MIRRORED_SQUARES + mirrored(s);
  return n;
}
// #endregion

/**
 * A term written by `halfTerms` as the parameter index and its sign: a subtracted term (their
 * effects, `oppFx`) is stored as −index − 1.
 */
export const termIndex = (t: number): number => (t < 0 ? -t - 1 : t);
export const termSign = (t: number): number => (t < 0 ? -1 : 1);

/** The value of one half: the sum of its terms' parameters, in evaluation units. */
export function halfValue(
  params: Float64Array,
  k: number,
  s: number,
  a: number,
  b: number,
  p: number,
  scratch: Int32Array,
): number {
  const n = halfTerms(k, s, a, b, p, scratch);
  let v = 0;
  for (let i = 0; i < n; i++) {
    const t = scratch[i]!;
    v += t < 0 ? -params[-t - 1]! : params[t]!;
  }
  return v;
}

// #region table-parts
/**
 * The three parts the table is stored in (table.ts), each the sum of its families' parameters:
 * the effects on square `s` seen from king `k` (`ownFx`, `oppFx`)…
 */
export function effectPart(
  params: Float64Array,
  k: number,
  s: number,
  a: number,
  b: number,
): number {
  const d = chebyshev(k, s);
  let v = 0;
  if (a > 0) v += params[FAMILY_START.ownFx + d * COUNTED + (a - 1)]!;
  if (b > 0) v -= params[FAMILY_START.oppFx + d * COUNTED + (b - 1)]!;
  return v;
}

/** …where piece `p` stands from king `k`, the piece's square, the king's square… */
export function placePart(params: Float64Array, k: number, s: number, p: number): number {
  const slot = KIND_SLOT[p & 15]!;
  if (p === 0 || (p & 15) > 14) return 0;
  if (p & 16)
    return slot >= 0
      ? params[FAMILY_START.oppKp + slot * KP_FILES * KP_RANKS + fromKing(k, s)]!
      : 0;
  if (slot < 0) return s === k ? params[FAMILY_START.king + mirrored(s)]! : 0;
  return (
    params[FAMILY_START.ownKp + slot * KP_FILES * KP_RANKS + fromKing(k, s)]! +
    params[FAMILY_START.psq + slot * MIRRORED_SQUARES + mirrored(s)]!
  );
}

/**
 * …and piece `p` with sente's `m1` and gote's `m2` effects on it, seen by sente: a sente piece's
 * `piece` parameter with its own effects first, a gote piece's with its own first, subtracted.
 */
export function piecePart(params: Float64Array, p: number, m1: number, m2: number): number {
  const slot = KIND_SLOT[p & 15]!;
  if (p === 0 || slot < 0 || (p & 15) > 14) return 0;
  return p & 16
    ? -params[FAMILY_START.piece + (slot * COUNTS + m2) * COUNTS + m1]!
    : params[FAMILY_START.piece + (slot * COUNTS + m1) * COUNTS + m2]!;
}
// #endregion

/** Piece codes of the table (YaneuraOu's 32, some unused). */
export const PIECE_SLOTS = 32;

/**
 * The seed's KKPEE9 constants as a parameter vector: its effect values (83 and 92, the
 * multi-effect curve 6365 − 0.8525^(m−1)·5341, capped at 2) and its tenth off each piece, every
 * other term zero. Where the seed computes in C++ ints (the distance values, the multi-effect
 * factors, the piece's tenth) we truncate as it does.
 */
export function seedParams(): Float64Array {
  const params = new Float64Array(PARAM_COUNT);
  const multi = (m: number): number => Math.trunc(6365 - Math.pow(0.8525, m - 1) * 5341);
  for (let d = 0; d < DISTANCES; d++)
    for (let m = 1; m <= COUNTED; m++) {
      const at = d * COUNTED + (m - 1);
      params[FAMILY_START.ownFx + at] =
        (multi(m) * Math.trunc((83 * 1024) / (d + 1))) / (1024 * 1024);
      params[FAMILY_START.oppFx + at] =
        (multi(m) * Math.trunc((92 * 1024) / (d + 1))) / (1024 * 1024);
    }
  for (let kind = 1; kind <= 14; kind++) {
    const slot = KIND_SLOT[kind]!;
    if (slot < 0) continue;
    const tenth = -Math.trunc((PIECE_VALUE[kind]! * 104) / 1024);
    for (let ab = 0; ab < COUNTS * COUNTS; ab++)
      params[FAMILY_START.piece + slot * COUNTS * COUNTS + ab] = tenth;
  }
  return params;
}

/** A parameter vector as the tuner writes it: families by name, numbers rounded to 1/64. */
export interface ParamsFile {
  description: string;
  families: Record<string, number[]>;
}

/** Read a tuned vector: each family present with its size, every number finite. */
export function paramsFromFile(file: ParamsFile): Float64Array {
  const params = new Float64Array(PARAM_COUNT);
  for (const f of FAMILIES) {
    const values = file.families[f.name];
    if (!values || values.length !== f.size)
      throw new Error(`effect table parameters: family ${f.name} needs ${f.size} numbers`);
    values.forEach((v, i) => {
      if (!Number.isFinite(v)) throw new Error(`effect table parameters: ${f.name}[${i}] is ${v}`);
      params[FAMILY_START[f.name] + i] = v;
    });
  }
  return params;
}

export function paramsToFile(params: Float64Array, description: string): ParamsFile {
  const families: Record<string, number[]> = {};
  for (const f of FAMILIES) {
    const start = FAMILY_START[f.name];
    families[f.name] = Array.from(
      params.subarray(start, start + f.size),
      (v) => Math.round(v * 64) / 64,
    );
  }
  return { description, families };
}
