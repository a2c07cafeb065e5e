/**
 * The forms of seed 003's effect evaluation that the speed measurements compare, in one list: the
 * Node benchmark (bench/eval.ts, `npm run bench:eval`) and the worker's `evalspeed` request (the
 * chapter's widget) both read it. Forms with the same constants give the same value everywhere
 * (npm run effect-agree), so they search the same tree node for node; what differs is the time.
 *
 * The forms: material alone (the floor); the formula recomputed square by square (no table); the
 * factored per-king tables; the same kept up to date move by move (only squares whose counts or
 * piece changed); and the seed's big precomputed table (one lookup a square) — for the first
 * table uncapped, capped at N = 2, 3, 4, and KKPEE9 with its counts capped at 2, 3 and 4; and the
 * engine's default, KKPEE9's structure with tuned parameters kept up to date (its tree is its own:
 * other constants).
 */
import type { Position } from '../../position';
import { err, ok, type Result } from '../../types';
import {
  buildFullTable,
  EffectTables,
  effectScore,
  effectScoreDirect,
  effectScoreFull,
  FIRST_TABLE,
  fullTableEntries,
  KKPEE9,
  type EffectParams,
} from './effect-eval';
import { IncrementalEffect } from './incremental';
import { tunedParams } from './tuned/index';
import { TableEvaluator } from './tuned/incremental';
import { buildTable } from './tuned/table';
import type { Evaluator } from '../evaluator';
import { evaluateMaterial } from '../material';

/**
 * The most table memory a form may build in a reader's tab: the capped big tables (9.6, 17 and
 * 26.6 MB) fit, the first table's uncapped one (128 MB) and KKPEE9's (306 MB) are left to Node,
 * where a phone's tab would risk being killed for its memory.
 */
export const BROWSER_TABLE_BYTES = 32_000_000;

export interface EvalForm {
  readonly name: string;
  /** Which constants: forms with the same group search the same tree. */
  readonly group: string;
  /** Bytes of tables the form builds (what `make` reports), known before building them. */
  readonly bytes: number;
  /** Can a reader's tab afford its tables (at most BROWSER_TABLE_BYTES)? */
  readonly browser: boolean;
  /** Builds the evaluator and says how many bytes of tables it holds. */
  make(): { evaluator: Evaluator; bytes: number };
}

/** An evaluator for sente turned into one for the side to move. */
const sideToMove =
  (score: (pos: Position) => number) =>
  (pos: Position): number => {
    const v = score(pos);
    return pos.sideToMove === 0 ? v : -v;
  };

const wrap = (name: string, score: (pos: Position) => number): Evaluator => ({
  name,
  description: '',
  evaluate: sideToMove(score),
});

/** Bytes of a parameter set's two factored tables (`[king][sq][m]` doubles each). */
const smallTableBytes = (p: EffectParams): number => 2 * 81 * 81 * (p.cap + 1) * 8;
const smallBytes = (t: EffectTables): number => t.our.byteLength + t.their.byteLength;

/**
 * A parameter set's forms: the factored tables and the big table always, the formula and the
 * incremental update when `all` (the capped first tables only differ from it in their tables).
 */
function formsOf(label: string, params: EffectParams, all: boolean): EvalForm[] {
  const out: EvalForm[] = [];
  const form = (
    kind: string,
    bytes: number,
    make: () => { evaluator: Evaluator; bytes: number },
  ): EvalForm => ({
    name: `${label}, ${kind}`,
    group: label,
    bytes,
    browser: bytes <= BROWSER_TABLE_BYTES,
    make,
  });
  if (all)
    out.push(
      form('formula', 0, () => ({
        evaluator: wrap(label, (pos) => effectScoreDirect(pos, params)),
        bytes: 0,
      })),
    );
  out.push(
    form('factored', smallTableBytes(params), () => {
      const small = new EffectTables(params);
      return { evaluator: wrap(label, (pos) => effectScore(pos, small)), bytes: smallBytes(small) };
    }),
  );
  if (all)
    out.push(
      // The incremental update (only the squares whose inputs changed).
      form('incremental', smallTableBytes(params), () => {
        const small = new EffectTables(params);
        const inc = new IncrementalEffect(small);
        return { evaluator: wrap(label, (pos) => inc.score(pos)), bytes: smallBytes(small) };
      }),
    );
  out.push(
    form('big table', 2 * fullTableEntries(params), () => {
      const small = new EffectTables(params);
      const full = buildFullTable(small);
      return {
        evaluator: wrap(label, (pos) => effectScoreFull(pos, small, full)),
        bytes: full.byteLength,
      };
    }),
  );
  return out;
}

/** Bytes of the tuned table's three parts (int16): eff, place and piece. */
const TUNED_TABLE_BYTES = 2 * (81 * 81 * 9 + 81 * 81 * 32 + 32 * 9);

/** Every form, in the order the benchmark prints them. */
export const EVAL_FORMS: readonly EvalForm[] = [
  {
    name: 'material',
    group: 'material',
    bytes: 0,
    browser: true,
    make: () => ({
      evaluator: { name: 'material', description: '', evaluate: evaluateMaterial },
      bytes: 0,
    }),
  },
  ...formsOf('first table', FIRST_TABLE, true),
  ...[2, 3, 4].flatMap((cap) => formsOf(`N = ${cap}`, { ...FIRST_TABLE, cap }, false)),
  ...formsOf('KKPEE9', KKPEE9, true),
  // The seed's cache question asked of tables with the piece: counts capped at 3 and 4 (4 × 4 and
  // 5 × 5 combinations; the seed's names for such NNUE variants are halfKPE16 and halfKPE25),
  // 544 and 850 MB big tables against KKPEE9's 306 MB.
  ...formsOf('KKPEE16', { ...KKPEE9, cap: 3 }, false),
  ...formsOf('KKPEE25', { ...KKPEE9, cap: 4 }, false),
  // The engine's default: the seed's KKPEE9 structure with tuned parameters, in three small
  // parts and kept up to date move by move (tuned/table.ts).
  {
    name: 'tuned table, kept up to date',
    group: 'tuned',
    bytes: TUNED_TABLE_BYTES,
    browser: true,
    make: () => {
      const table = buildTable(tunedParams());
      const bytes = table.eff.byteLength + table.place.byteLength + table.piece.byteLength;
      return { evaluator: new TableEvaluator('tuned', '', table), bytes };
    },
  },
];

/** The forms a reader's tab can run. */
export const BROWSER_EVAL_FORMS: readonly EvalForm[] = EVAL_FORMS.filter((f) => f.browser);

/** The form of that name, or an error listing the names there are. */
export function evalFormByName(name: string): Result<EvalForm> {
  const form = EVAL_FORMS.find((f) => f.name === name);
  return form
    ? ok(form)
    : err(
        `no evaluation form ${JSON.stringify(name)} (there are: ${EVAL_FORMS.map((f) => f.name).join('; ')})`,
      );
}

/** The forms of those names, in the order given; the error names the first unknown one. */
export function evalFormsByName(names: readonly string[]): Result<EvalForm[]> {
  const out: EvalForm[] = [];
  for (const name of names) {
    const form = evalFormByName(name);
    if (!form.ok) return form;
    out.push(form.value);
  }
  return ok(out);
}

/**
 * Middle-game positions for a measurement in the page, from test/fixtures/bench-positions.json
 * (which records where each comes from): some 43,000 nodes together at depth 3 and 190,000 at
 * depth 4, a few tenths of a second and about a second of a form's search in a browser.
 */
export const EVAL_SPEED_POSITIONS: readonly { readonly name: string; readonly sfen: string }[] = [
  {
    name: 'bishop exchange',
    sfen: 'lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5',
  },
  {
    name: 'quiet middle game',
    sfen: 'ln1g3nl/1r3kg2/p1sppp1pp/2p3p2/1p7/2PP3P1/PPS1PPP1P/1K1G3R1/LN1G3NL b BSbs 1',
  },
  {
    name: 'self-play middle game',
    sfen: 'l2gnk3/6r2/n2pppP2/p1p5+B/1p7/2PPP4/PPSG1+s+n2/2KG5/L+r7 b G2SPbn2l5p 61',
  },
  {
    name: 'real-game ending (Ragnarok MateTest1)',
    sfen: 'l7l/4S1g2/2+Ppp2p1/6p1p/P1SG1R3/2SP1G1kP/KPN6/2P2PG2/Lr3S2L b NP2b2n5p 130',
  },
];
