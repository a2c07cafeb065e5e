/**
 * The move picker's sort (move-picker.ts): a ply's moves, with their scores and seed 000 values
 * beside them, put in order by score, highest first, equal scores in generation order. Nothing is
 * allocated: the scratch arrays are the module's, and the long runs are sorted by a shell sort of
 * packed keys rather than by a typed array's own sort.
 */
import { MAX_MOVES } from '../movegen';

/** A move list and the two arrays beside it (the search state's, see search-data.ts). */
export interface MoveLists {
  readonly moves: Uint32Array;
  readonly scores: Int32Array;
  readonly values: Int32Array;
}

/** Sort short runs by insertion; longer ones by packed keys (score and position in the run). */
const INSERTION_SORT_MAX = 16;
/** Packed sort keys: −score · KEY_SCALE + position in the run (so ties keep generation order). */
const KEY_SCALE = 1024;

const sortKeys = new Float64Array(MAX_MOVES);
const scratchMoves = new Uint32Array(MAX_MOVES);
const scratchScores = new Int32Array(MAX_MOVES);
const scratchValues = new Int32Array(MAX_MOVES);

// #region sort-by-score
/**
 * Sort moves [lo, hi) by score, highest first; equal scores keep their generation order. Most
 * scores are often 0 (quiet moves without history, moves seed 000 values at nothing): one
 * stable pass splits the list into positive, zero and negative scores, and only the first and
 * last parts are sorted.
 */
export function sortByScore(lists: MoveLists, lo: number, hi: number): void {
  if (hi - lo <= INSERTION_SORT_MAX) return sortRun(lists, lo, hi);
  const { moves, scores, values } = lists;
  let positive = 0;
  let zero = 0;
  for (let i = lo; i < hi; i++) {
    const sc = scores[i]!;
    if (sc > 0) positive++;
    else if (sc === 0) zero++;
  }
  if (zero === 0 || zero === hi - lo) return sortRun(lists, lo, hi);
  const n = hi - lo;
  copyToScratch(lists, lo, hi);
  let up = lo;
  let mid = lo + positive;
  let down = mid + zero;
  for (let i = 0; i < n; i++) {
    const sc = scratchScores[i]!;
    const at = sc > 0 ? up++ : sc === 0 ? mid++ : down++;
    moves[at] = scratchMoves[i]!;
    scores[at] = sc;
    values[at] = scratchValues[i]!;
  }
  sortRun(lists, lo, lo + positive);
  sortRun(lists, lo + positive + zero, hi);
}

/** Copy moves, scores and values [lo, hi) to the scratch arrays, from index 0. */
function copyToScratch(lists: MoveLists, lo: number, hi: number): void {
  const { moves, scores, values } = lists;
  for (let i = lo; i < hi; i++) {
    scratchMoves[i - lo] = moves[i]!;
    scratchScores[i - lo] = scores[i]!;
    scratchValues[i - lo] = values[i]!;
  }
}

/** Sort one run: short runs by insertion, longer ones by packed keys (score, place in the run). */
function sortRun(lists: MoveLists, lo: number, hi: number): void {
  const { moves, scores, values } = lists;
  const n = hi - lo;
  if (n <= INSERTION_SORT_MAX) {
    for (let i = lo + 1; i < hi; i++) {
      const m = moves[i]!;
      const sc = scores[i]!;
      const v = values[i]!;
      let j = i - 1;
      while (j >= lo && scores[j]! < sc) {
        moves[j + 1] = moves[j]!;
        scores[j + 1] = scores[j]!;
        values[j + 1] = values[j]!;
        j--;
      }
      moves[j + 1] = m;
      scores[j + 1] = sc;
      values[j + 1] = v;
    }
    return;
  }
  for (let i = 0; i < n; i++) sortKeys[i] = -scores[lo + i]! * KEY_SCALE + i;
  sortAscending(sortKeys, n);
  const keys = sortKeys;
  copyToScratch(lists, lo, hi);
  for (let i = 0; i < n; i++) {
    const key = keys[i]!;
    const from = key - Math.floor(key / KEY_SCALE) * KEY_SCALE;
    moves[lo + i] = scratchMoves[from]!;
    scores[lo + i] = scratchScores[from]!;
    values[lo + i] = scratchValues[from]!;
  }
}
// #endregion

/** Shell sort's gaps (Ciura's sequence), largest first, for lists up to MAX_MOVES. */
const GAPS = [301, 132, 57, 23, 10, 4, 1];

/**
 * Sort keys[0, n) in place, ascending. A shell sort: no allocation (a typed array's own sort
 * needs a subarray object per call) and fast enough for the few hundred keys of a move list.
 */
function sortAscending(keys: Float64Array, n: number): void {
  for (const gap of GAPS) {
    for (let i = gap; i < n; i++) {
      const k = keys[i]!;
      let j = i;
      while (j >= gap && keys[j - gap]! > k) {
        keys[j] = keys[j - gap]!;
        j -= gap;
      }
      keys[j] = k;
    }
  }
}
