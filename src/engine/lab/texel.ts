/**
 * Texel's tuning method (Peter Österlund, 2014; chessprogramming.org "Texel's Tuning Method"),
 * for the effect table's parameters (eval/effect/tuned/params.ts): take quiet positions from
 * games, each labelled with how its game ended (1, ½, 0 for sente), and move the parameters so
 * that a logistic curve of the evaluation predicts those results as well as it can — the mean
 * squared error between result and prediction, the quantity the method minimises.
 *
 * The evaluation is linear in the parameters (material, fixed, plus each parameter times how often
 * the position uses it), so a position is stored once as its material and the list of parameters
 * it uses with their counts (`features`), and an epoch of gradient descent is one pass over the
 * lists. The steps are Adam's (Kingma and Ba, 2015), with an L2 pull towards the starting values
 * so that parameters seldom seen stay near where the seed put them. Platform-neutral: the tuner
 * command (scripts/lab/tune.ts) runs it in Node.
 */
import {
  FAMILIES,
  FAMILY_START,
  halfTerms,
  PARAM_COUNT,
  termIndex,
  termSign,
} from '../eval/effect/tuned/params';
import { evaluateMaterial, materialGain } from '../eval/material';
import { GenMode, generateMoves, MAX_MOVES } from '../movegen';
import type { Position } from '../position';
import { BOARD_SIZE, SQ81, SQUARES } from '../square';
import { EMPTY, type Move } from '../types';

// #region features
const featureScratch = new Float64Array(PARAM_COUNT);
const usedScratch = new Int32Array(PARAM_COUNT);
const termScratch = new Int32Array(8);

/**
 * The parameters a position's effect-table sum uses, each with how many times (less the times the
 * other side's half uses it): the evaluation for sente is material + Σ count × parameter, before
 * the table's rounding. Written as parallel lists; returns how many.
 */
export function features(pos: Position, indices: Int32Array, counts: Int16Array): number {
  const kb = SQ81[pos.kingSquare[0]!]!;
  const kw = SQ81[pos.kingSquare[1]!]!;
  let used = 0;
  const add = (k: number, s: number, a: number, b: number, p: number, sign: number): void => {
    const n = halfTerms(k, s, a, b, p, termScratch);
    for (let i = 0; i < n; i++) {
      const t = termScratch[i]!;
      const j = termIndex(t);
      if (featureScratch[j] === 0) usedScratch[used++] = j;
      featureScratch[j]! += sign * termSign(t);
    }
  };
  for (let i = 0; i < 81; i++) {
    const sq = SQUARES[i]!;
    const m1 = Math.min(pos.effects[pos.effectBase + sq]!, 2);
    const m2 = Math.min(pos.effects[pos.effectBase + BOARD_SIZE + sq]!, 2);
    const pc = pos.board[sq]!;
    add(kb, i, m1, m2, pc, 1);
    add(80 - kw, 80 - i, m2, m1, pc === EMPTY ? EMPTY : pc ^ 16, -1);
  }
  let n = 0;
  for (let u = 0; u < used; u++) {
    const j = usedScratch[u]!;
    const c = featureScratch[j]!;
    featureScratch[j] = 0;
    // A parameter used as often by both halves cancels out.
    if (c === 0) continue;
    indices[n] = j;
    counts[n++] = c;
  }
  return n;
}
// #endregion

// #region quiet-leaf
/** How deep the capture search that finds a quiet position goes, and how many nodes it may read. */
const QUIET_MAX_PLY = 12;
const QUIET_MAX_NODES = 4000;

const quietMoves = new Uint32Array(QUIET_MAX_PLY * MAX_MOVES);
const quietLines = new Uint32Array(QUIET_MAX_PLY * QUIET_MAX_PLY);
const quietLengths = new Uint8Array(QUIET_MAX_PLY + 1);
let quietNodes = 0;

/**
 * The quiet position a capture search reaches from `pos`: the principal line of a quiescence
 * search on material alone (captures and promotions, the most valuable victim first), so the
 * evaluation is not taken in the middle of an exchange. Returns the line's moves.
 */
export function quietLine(pos: Position): Move[] {
  quietNodes = 0;
  capturesSearch(pos, -Infinity, Infinity, 0);
  return Array.from(quietLines.subarray(0, quietLengths[0]));
}

function capturesSearch(pos: Position, alpha: number, beta: number, ply: number): number {
  quietLengths[ply] = 0;
  const standPat = evaluateMaterial(pos);
  if (standPat >= beta || ply >= QUIET_MAX_PLY - 1 || quietNodes >= QUIET_MAX_NODES)
    return standPat;
  if (standPat > alpha) alpha = standPat;
  quietNodes++;
  const base = ply * MAX_MOVES;
  const end = generateMoves(pos, quietMoves, base, GenMode.Quiescence);
  // The most valuable victim first (a selection sort: the lists are short).
  for (let i = base; i < end; i++) {
    let best = i;
    for (let j = i + 1; j < end; j++)
      if (materialGain(pos, quietMoves[j]!) > materialGain(pos, quietMoves[best]!)) best = j;
    const m = quietMoves[best]!;
    quietMoves[best] = quietMoves[i]!;
    quietMoves[i] = m;
    pos.doMove(m);
    const v = -capturesSearch(pos, -beta, -alpha, ply + 1);
    pos.undoMove(m);
    if (v > alpha) {
      alpha = v;
      const row = ply * QUIET_MAX_PLY;
      quietLines[row] = m;
      const n = quietLengths[ply + 1]!;
      for (let k = 0; k < n; k++)
        quietLines[row + 1 + k] = quietLines[(ply + 1) * QUIET_MAX_PLY + k]!;
      quietLengths[ply] = n + 1;
      if (v >= beta) break;
    }
  }
  return alpha;
}

// #endregion

/** Training positions as parallel typed arrays: features, material and result for each. */
export interface TrainingSet {
  count: number;
  /** Position i's features are entries offsets[i] … offsets[i + 1] − 1 of indices and counts. */
  offsets: Int32Array;
  indices: Int32Array;
  counts: Int16Array;
  /** Material for sente (fixed: the table's parameters are what is tuned). */
  material: Float64Array;
  /** The game's result for sente: 1, ½ or 0. */
  result: Float64Array;
}

/** Collects positions into a TrainingSet, growing its arrays as it goes. */
export class TrainingSetBuilder {
  private count = 0;
  private entries = 0;
  private offsets = new Int32Array(1 << 16);
  private indices = new Int32Array(1 << 22);
  private counts = new Int16Array(1 << 22);
  private material = new Float64Array(1 << 16);
  private result = new Float64Array(1 << 16);
  private readonly rowIndices = new Int32Array(PARAM_COUNT);
  private readonly rowCounts = new Int16Array(PARAM_COUNT);

  /** Add `pos` (quiet, not in check) with its game's result for sente. */
  add(pos: Position, result: number): void {
    const n = features(pos, this.rowIndices, this.rowCounts);
    if (this.count + 2 > this.offsets.length) {
      this.offsets = grow(this.offsets);
      this.material = grow(this.material);
      this.result = grow(this.result);
    }
    while (this.entries + n > this.indices.length) {
      this.indices = grow(this.indices);
      this.counts = grow(this.counts);
    }
    this.indices.set(this.rowIndices.subarray(0, n), this.entries);
    this.counts.set(this.rowCounts.subarray(0, n), this.entries);
    this.entries += n;
    this.material[this.count] = pos.material;
    this.result[this.count] = result;
    this.offsets[++this.count] = this.entries;
  }

  build(): TrainingSet {
    return {
      count: this.count,
      offsets: this.offsets.slice(0, this.count + 1),
      indices: this.indices.slice(0, this.entries),
      counts: this.counts.slice(0, this.entries),
      material: this.material.slice(0, this.count),
      result: this.result.slice(0, this.count),
    };
  }
}

function grow<T extends Int32Array | Int16Array | Float64Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

// #region texel-loss
/** The prediction of a result for sente from an evaluation: a logistic curve of scale `scale`. */
export const predict = (evaluation: number, scale: number): number =>
  1 / (1 + Math.exp(-evaluation / scale));

/** The evaluation of position i for sente: material plus each used parameter times its count. */
export function evaluationOf(set: TrainingSet, i: number, params: Float64Array): number {
  let v = set.material[i]!;
  for (let e = set.offsets[i]!, end = set.offsets[i + 1]!; e < end; e++)
    v += set.counts[e]! * params[set.indices[e]!]!;
  return v;
}

/** Texel's error: the mean of (result − prediction)² over the set. */
export function meanError(set: TrainingSet, params: Float64Array, scale: number): number {
  let sum = 0;
  for (let i = 0; i < set.count; i++) {
    const d = set.result[i]! - predict(evaluationOf(set, i, params), scale);
    sum += d * d;
  }
  return set.count > 0 ? sum / set.count : 0;
}
// #endregion

/**
 * The logistic scale that fits the starting parameters best (Texel's K, here in evaluation
 * units: a lead of `scale` wins about 73 % of games). Golden-section search over [lo, hi].
 */
export function fitScale(set: TrainingSet, params: Float64Array, lo = 50, hi = 2000): number {
  const ratio = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  for (let i = 0; i < 40; i++) {
    const c = b - ratio * (b - a);
    const d = a + ratio * (b - a);
    if (meanError(set, params, c) < meanError(set, params, d)) b = d;
    else a = c;
  }
  return (a + b) / 2;
}

/**
 * No parameter moves past ±MAX_PARAM: a part of the table (table.ts) adds up at most two, and
 * ×FV_SCALE it must still fit int16 (2 × 500 × 32 < 32768).
 */
export const MAX_PARAM = 500;

export interface TuneOptions {
  epochs: number;
  /** Adam's step size at the first epoch, in evaluation units (a tenth of it at the last). */
  learningRate: number;
  /** The L2 pull towards the starting values, per family (default for families not named). */
  l2: Partial<Record<(typeof FAMILIES)[number]['name'], number>> & { default: number };
  scale: number;
}

export interface EpochReport {
  epoch: number;
  train: number;
  valid: number;
}

// #region texel-tune
/**
 * Adam on Texel's error plus the L2 pull; returns the parameters of the epoch with the lowest
 * error on `valid` (positions from games the descent never sees), and every epoch's errors.
 */
export function tune(
  train: TrainingSet,
  valid: TrainingSet,
  start: Float64Array,
  options: TuneOptions,
  onEpoch?: (report: EpochReport) => void,
): { params: Float64Array; best: EpochReport; history: EpochReport[] } {
  const params = start.slice();
  const grad = new Float64Array(PARAM_COUNT);
  const m = new Float64Array(PARAM_COUNT);
  const v = new Float64Array(PARAM_COUNT);
  const l2 = new Float64Array(PARAM_COUNT);
  for (const f of FAMILIES)
    l2.fill(
      options.l2[f.name] ?? options.l2.default,
      FAMILY_START[f.name],
      FAMILY_START[f.name] + f.size,
    );
  const { scale, learningRate } = options;
  const beta1 = 0.9;
  const beta2 = 0.999;
  const history: EpochReport[] = [];
  let best: EpochReport = {
    epoch: 0,
    train: meanError(train, params, scale),
    valid: meanError(valid, params, scale),
  };
  let bestParams = params.slice();
  history.push(best);
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    grad.fill(0);
    let error = 0;
    for (let i = 0; i < train.count; i++) {
      const p = predict(evaluationOf(train, i, params), scale);
      const d = train.result[i]! - p;
      error += d * d;
      // d(error)/d(evaluation) for this position.
      const g = (-2 * d * p * (1 - p)) / scale / train.count;
      for (let e = train.offsets[i]!, end = train.offsets[i + 1]!; e < end; e++)
        grad[train.indices[e]!]! += g * train.counts[e]!;
    }
    // The step shrinks linearly to a tenth over the epochs, so the parameters settle.
    const rate = learningRate * (1 - (0.9 * (epoch - 1)) / options.epochs);
    for (let j = 0; j < PARAM_COUNT; j++) {
      const gj = grad[j]! + 2 * l2[j]! * (params[j]! - start[j]!);
      m[j] = beta1 * m[j]! + (1 - beta1) * gj;
      v[j] = beta2 * v[j]! + (1 - beta2) * gj * gj;
      const mHat = m[j]! / (1 - Math.pow(beta1, epoch));
      const vHat = v[j]! / (1 - Math.pow(beta2, epoch));
      const next = params[j]! - (rate * mHat) / (Math.sqrt(vHat) + 1e-12);
      params[j] = Math.max(-MAX_PARAM, Math.min(MAX_PARAM, next));
    }
    const report = { epoch, train: error / train.count, valid: meanError(valid, params, scale) };
    history.push(report);
    onEpoch?.(report);
    if (report.valid < best.valid) {
      best = report;
      bestParams = params.slice();
    }
  }
  return { params: bestParams, best, history };
}
// #endregion
