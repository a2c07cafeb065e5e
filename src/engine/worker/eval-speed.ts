/**
 * The worker's `evalspeed` request: nodes per second of fixed-depth searches with each form of
 * seed 003's effect evaluation, in the reader's browser. The Node benchmark (bench/eval.ts) runs
 * the same forms (eval/effect/forms.ts) and times CPU seconds, each form in a process of its own; the
 * page's client (engine-client.ts) likewise asks a fresh worker for each form. Here the clock is
 * performance.now(), so a busy page or machine stretches the times.
 */
import { BROWSER_EVAL_FORMS, type EvalForm, evalFormsByName } from '../eval/effect/forms';
import type { Position } from '../position';
import { Searcher } from '../search/iterate';
import {
  type EngineResponse,
  type EvalSpeedRequest,
  type EvalSpeedRow,
  EVAL_SPEED_PASSES,
  EVAL_SPEED_TIMED_MS,
  EVAL_SPEED_WARM_UP_MS,
  MAX_EVAL_SPEED_DEPTH,
  MAX_EVAL_SPEED_POSITIONS,
  parsePositionText,
} from './protocol';

type Post = (message: EngineResponse) => void;

/** What a checked request measures. */
export interface EvalSpeedPlan {
  forms: EvalForm[];
  positions: Position[];
  depth: number;
}

/** Check an `evalspeed` request; the error names the bad field (a form, a position, the depth). */
export function checkEvalSpeedRequest(request: EvalSpeedRequest): EvalSpeedPlan | string {
  const { depth } = request;
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_EVAL_SPEED_DEPTH)
    return `evalspeed: depth must be a whole number from 1 to ${MAX_EVAL_SPEED_DEPTH}, got ${depth}`;
  if (!Array.isArray(request.forms) || request.forms.length === 0)
    return 'evalspeed: no forms to measure';
  const forms = evalFormsByName(request.forms);
  if (!forms.ok) return `evalspeed: ${forms.error}`;
  const tooBig = forms.value.find((f) => !f.browser);
  if (tooBig)
    return `evalspeed: the form "${tooBig.name}" needs ${Math.round(tooBig.bytes / 1e6)} MB of tables, too much for a browser tab (npm run bench:eval measures it in Node; a tab can run: ${BROWSER_EVAL_FORMS.map((f) => f.name).join('; ')})`;
  if (!Array.isArray(request.positions) || request.positions.length === 0)
    return 'evalspeed: no positions to search';
  if (request.positions.length > MAX_EVAL_SPEED_POSITIONS)
    return `evalspeed: at most ${MAX_EVAL_SPEED_POSITIONS} positions, got ${request.positions.length}`;
  const positions: Position[] = [];
  for (const [i, text] of request.positions.entries()) {
    const parsed = parsePositionText(String(text));
    if (!parsed.ok) return `evalspeed: position ${i + 1}: ${parsed.error}`;
    positions.push(parsed.value);
  }
  return { forms: forms.value, positions, depth };
}

// #region eval-speed
/**
 * One form: build its tables (timed), search the positions to warm the code up (not timed: the
 * first searches run while the JIT is still compiling), then search every position again from
 * cold (the TT, history and killers cleared), pass after pass (EVAL_SPEED_PASSES at least, for
 * EVAL_SPEED_TIMED_MS at least), and keep the fastest pass.
 */
export function measureForm(
  form: EvalForm,
  positions: readonly Position[],
  depth: number,
  clock: () => number,
): EvalSpeedRow {
  const built = clock();
  const { evaluator, bytes } = form.make();
  const buildMs = clock() - built;
  const searcher = new Searcher({});
  searcher.evaluator = evaluator;
  const warm = clock();
  do {
    for (const pos of positions) searcher.search(pos, { depth });
  } while (clock() - warm < EVAL_SPEED_WARM_UP_MS);
  let nodes = 0;
  let ms = Infinity;
  const timed = clock();
  for (let pass = 0; pass < EVAL_SPEED_PASSES || clock() - timed < EVAL_SPEED_TIMED_MS; pass++) {
    let passNodes = 0;
    let passMs = 0;
    for (const pos of positions) {
      searcher.clear();
      const start = clock();
      const r = searcher.search(pos, { depth });
      passMs += clock() - start;
      passNodes += r.stats.nodes + r.stats.qnodes;
    }
    nodes = passNodes;
    ms = Math.min(ms, passMs);
  }
  const nps = ms > 0 ? Math.round((nodes / ms) * 1000) : 0;
  return { name: form.name, group: form.group, nodes, ms, nps, bytes, buildMs };
}
// #endregion

/** Measure every form in turn, posting `evalspeedinfo` as each starts and ends, then the rows. */
export function runEvalSpeed(request: EvalSpeedRequest, post: Post, clock: () => number): void {
  const { id } = request;
  const plan = checkEvalSpeedRequest(request);
  if (typeof plan === 'string') return post({ type: 'error', id, message: plan });
  const total = plan.forms.length;
  const rows: EvalSpeedRow[] = [];
  for (const form of plan.forms) {
    post({ type: 'evalspeedinfo', id, form: form.name, done: rows.length, total, row: null });
    const row = measureForm(form, plan.positions, plan.depth, clock);
    rows.push(row);
    post({ type: 'evalspeedinfo', id, form: form.name, done: rows.length, total, row });
  }
  post({ type: 'evalspeedresult', id, depth: plan.depth, positions: plan.positions.length, rows });
}
