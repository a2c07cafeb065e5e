/**
 * Chapter 8's measurements of the four ways to know the end of the game (src/engine/king-capture):
 * on the chapter's positions, where a rule decides the move (a pawn drop that would mate, a move that
 * would stalemate, src/components/widgets/end-of-game/positions.ts), and on ordinary positions where
 * no rule is near (the shogi bench positions; four chess openings and middle games), each
 * method's chosen move, value, nodes, rule nodes (method 1's end tests, method 2's extra searches)
 * and CPU time, at one depth per game. Node counts and moves are deterministic; times are the best
 * of three runs in this process and are given as ratios to legal moves measured in the same run.
 * Also: the lines of code each method adds to the search (code lines of its regions in
 * search.ts, comments and blank lines left out), beside the seed's "a quarter of the search".
 *
 *   npm run end-of-game                          # the tables
 *   npm run -s end-of-game -- --json > r.json    # tables on stderr, JSON on stdout
 */
import { readFileSync } from 'node:fs';
import { readArgs } from './lib/cli';
import { ChessPosition } from '../src/engine/king-capture/chess/index';
import { chessGame, type KingCaptureGame, shogiGame } from '../src/engine/king-capture/game';
import {
  END_RULES,
  type EndRules,
  isEnd,
  searchKingCapture,
} from '../src/engine/king-capture/search';
import { illegalDrops, IllegalDropReason } from '../src/engine/rules';
import { parseSfen } from '../src/engine/sfen';
import { scanRegions } from '../src/components/source/regions';
import { CHESS_POSITIONS, SHOGI_POSITIONS } from '../src/components/widgets/end-of-game/positions';
import { formatTable } from '../bench/lib/table';
import { cpuMs } from '../bench/lib/cpu';

/**
 * Plies for shogi and chess: depth 3 of a shogi middle game is about a second for method 1; depth
 * 4 is where every chess example shows its point (chapter 8's chess widget starts there).
 */
const SHOGI_DEPTH = 3;
const CHESS_DEPTH = 4;
const RUNS = 3;

interface Case {
  id: string;
  group: 'drop-pawn-mate' | 'stalemate' | 'ordinary' | 'ordinary-chess';
  game: 'shogi' | 'chess';
  position: string;
  depth: number;
  /** The move a rule forbids or the trap a rule-blind search falls into, when there is one. */
  trap?: string;
}

export interface MethodRow {
  /** The method, so the chapter can name it: `results.MateTest1.methods.method-1.nodes`. */
  id: string;
  rules: EndRules | 'method-2-plain-zero';
  move: string | null;
  value: number;
  nodes: number;
  ruleNodes: number;
  ms: number;
}

export interface CaseResult extends Omit<Case, 'position'> {
  position: string;
  methods: MethodRow[];
}

const readJson = <T>(path: string): T =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T;

/**
 * Ordinary chess, where no stalemate is near but a king behind its pawns cannot step at most
 * nodes: the start, an Italian game with both kings at home, a Ruy Lopez with both castled, and a
 * middle game with queens (review-ch7-8.md §2 measured method 2 on the same four).
 */
const ORDINARY_CHESS: readonly { id: string; fen: string }[] = [
  { id: 'start', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
  {
    id: 'italian',
    fen: 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4',
  },
  {
    id: 'ruy-lopez-castled',
    fen: 'r1bq1rk1/2ppbppp/p1n2n2/1p2p3/4P3/1B3N2/PPPP1PPP/RNBQR1K1 w - - 2 8',
  },
  {
    id: 'queens-middle-game',
    fen: 'r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10',
  },
];

function cases(): Case[] {
  const bench = readJson<{ positions: { name: string; sfen: string }[] }>(
    '../test/fixtures/bench-positions.json',
  );
  return [
    ...SHOGI_POSITIONS.map((c) => ({
      id: c.id,
      group: 'drop-pawn-mate' as const,
      game: 'shogi' as const,
      position: c.position,
      depth: SHOGI_DEPTH,
      trap: c.trap,
    })),
    ...CHESS_POSITIONS.map((c) => ({
      id: c.id,
      group: 'stalemate' as const,
      game: 'chess' as const,
      position: c.position,
      depth: CHESS_DEPTH,
      trap: c.trap,
    })),
    // The bench positions where no pawn drop would mate now (two of them are real-game endings
    // that hold one, and belong with the first group).
    ...bench.positions
      .filter((c) => !dropPawnMateNear(c.sfen))
      .map((c) => ({
        id: c.name,
        group: 'ordinary' as const,
        game: 'shogi' as const,
        position: c.sfen,
        depth: SHOGI_DEPTH,
      })),
    ...ORDINARY_CHESS.map((c) => ({
      id: c.id,
      group: 'ordinary-chess' as const,
      game: 'chess' as const,
      position: c.fen,
      depth: CHESS_DEPTH,
    })),
  ];
}

/** Would a pawn drop mate in this position (so that 打ち歩詰め decides a move at the root)? */
function dropPawnMateNear(sfen: string): boolean {
  const r = parseSfen(sfen);
  if (!r.ok) throw new Error(r.error);
  return illegalDrops(r.value).some((d) => d.reason === IllegalDropReason.DropPawnMate);
}

function gameOf(c: Case): KingCaptureGame {
  if (c.game === 'chess') return chessGame(ChessPosition.fromFen(c.position));
  const r = parseSfen(c.position);
  if (!r.ok) throw new Error(`${c.id}: ${r.error}`);
  return shogiGame(r.value);
}

function measure(c: Case, rules: EndRules, plainZero: boolean): MethodRow {
  let best = Infinity;
  let row: MethodRow | null = null;
  for (let run = 0; run < RUNS; run++) {
    const game = gameOf(c);
    const t0 = cpuMs();
    const r = searchKingCapture(game, { rules, depth: c.depth, plainZero });
    const ms = cpuMs() - t0;
    best = Math.min(best, ms);
    const name = plainZero ? 'method-2-plain-zero' : rules;
    row = {
      id: name,
      rules: name,
      move: r.moveText,
      value: r.value,
      nodes: r.nodes,
      ruleNodes: r.ruleNodes,
      ms: 0,
    };
  }
  return { ...row!, ms: best };
}

/** Code lines (not blank, not only a comment) of a set of line ranges. */
function codeLines(lines: readonly string[], from: number, to: number): number {
  let n = 0;
  for (let i = from; i <= to; i++) {
    const t = lines[i - 1]!.trim();
    if (t === '' || t.startsWith('//') || t.startsWith('*') || t.startsWith('/*')) continue;
    n++;
  }
  return n;
}

export interface CodeCount {
  /** Code lines of the whole search class (the region `end-rules-search`). */
  search: number;
  byMethod: Record<'king-capture' | 'method-1' | 'method-2', { regions: string[]; lines: number }>;
}

export function countCode(): CodeCount {
  const text = readFileSync(
    new URL('../src/engine/king-capture/search.ts', import.meta.url),
    'utf8',
  );
  const lines = text.split(/\r?\n/);
  const { regions, problems } = scanRegions(text);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const linesOf = (names: string[]): number =>
    names.reduce((sum, name) => {
      const r = regions.find((x) => x.name === name);
      if (!r) throw new Error(`search.ts has no region ${name}`);
      return sum + codeLines(lines, r.firstLine, r.lastLine);
    }, 0);
  const methods = {
    'king-capture': ['king-capture-end'],
    'method-1': ['method-1-end', 'method-1-game-end', 'method-1-pawn-drop-flag'],
    'method-2': ['method-2-pawn-drop', 'method-2-stalemate', 'method-2-stalemate-read'],
  };
  return {
    search: linesOf(['end-rules-search']),
    byMethod: {
      'king-capture': { regions: methods['king-capture'], lines: linesOf(methods['king-capture']) },
      'method-1': { regions: methods['method-1'], lines: linesOf(methods['method-1']) },
      'method-2': { regions: methods['method-2'], lines: linesOf(methods['method-2']) },
    },
  };
}

export function runEndOfGame(log: (s: string) => void): CaseResult[] {
  const out: CaseResult[] = [];
  const list = cases();
  for (const [i, c] of list.entries()) {
    const methods: MethodRow[] = [];
    for (const rules of END_RULES) methods.push(measure(c, rules, false));
    // The seed's plain 0 reads every move exactly (no pruning) where a king cannot step: shown
    // where a stalemate is near, not in ordinary play, where that is nearly every node.
    if (c.group === 'stalemate') methods.push(measure(c, 'method-2', true));
    out.push({ ...c, methods });
    log(`\r${i + 1}/${list.length} ${c.id}                    `);
  }
  log('\n');
  return out;
}

const sameValue = (a: number, b: number): boolean =>
  isEnd(a) || isEnd(b) ? isEnd(a) && isEnd(b) && Math.sign(a) === Math.sign(b) : a === b;

const geoMean = (xs: number[]): number =>
  Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

export interface GroupSummary {
  /** `group/rules`, so the chapter can name a row: `summary.ordinary/method-1.timeRatio`. */
  id: string;
  group: Case['group'];
  rules: MethodRow['rules'];
  positions: number;
  /** Positions where the method chose the move legal moves chose. */
  sameMove: number;
  /**
   * Positions where the method's root value is legal moves' (an end of the game counts as the same
   * when both are a win or both a loss: the methods see it at different plies).
   */
  sameValue: number;
  /** Positions where the method played the trap (the forbidden drop, a stalemating move). */
  trapPlayed: number;
  /** Geometric means over the positions of the ratios to legal moves. */
  nodesRatio: number;
  timeRatio: number;
}

export function summarise(results: readonly CaseResult[]): GroupSummary[] {
  const out: GroupSummary[] = [];
  for (const group of ['drop-pawn-mate', 'stalemate', 'ordinary', 'ordinary-chess'] as const) {
    const rows = results.filter((r) => r.group === group);
    if (rows.length === 0) continue;
    const names = rows[0]!.methods.map((m) => m.rules);
    for (const rules of names) {
      const pairs = rows.map((r) => ({
        legal: r.methods.find((m) => m.rules === 'legal')!,
        m: r.methods.find((m) => m.rules === rules)!,
        trap: r.trap,
      }));
      out.push({
        id: `${group}/${rules}`,
        group,
        rules,
        positions: rows.length,
        sameMove: pairs.filter((p) => p.m.move === p.legal.move).length,
        sameValue: pairs.filter((p) => sameValue(p.m.value, p.legal.value)).length,
        trapPlayed: pairs.filter((p) => p.trap !== undefined && p.m.move === p.trap).length,
        nodesRatio: geoMean(pairs.map((p) => p.m.nodes / p.legal.nodes)),
        timeRatio: geoMean(pairs.map((p) => Math.max(p.m.ms, 0.01) / Math.max(p.legal.ms, 0.01))),
      });
    }
  }
  return out;
}

function main(): void {
  const { values } = readArgs('end-of-game', {
    options: { json: { type: 'boolean', default: false } },
  });
  const log = (s: string): boolean => process.stderr.write(s);
  const results = runEndOfGame(log);
  const summary = summarise(results);
  const code = countCode();
  log(
    `${formatTable(
      [
        { header: 'positions', align: 'left' },
        { header: 'method', align: 'left' },
        { header: 'n', align: 'right' },
        { header: 'same move as legal', align: 'right' },
        { header: 'same value', align: 'right' },
        { header: 'trap played', align: 'right' },
        { header: 'nodes ÷ legal', align: 'right' },
        { header: 'time ÷ legal', align: 'right' },
      ],
      summary.map((s) => [
        s.group,
        s.rules,
        String(s.positions),
        String(s.sameMove),
        String(s.sameValue),
        String(s.trapPlayed),
        s.nodesRatio.toFixed(2),
        s.timeRatio.toFixed(2),
      ]),
    )}\n\nsearch class: ${code.search} code lines; king capture +${code.byMethod['king-capture'].lines}, method 1 +${code.byMethod['method-1'].lines}, method 2 +${code.byMethod['method-2'].lines}\n`,
  );
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ depths: { shogi: SHOGI_DEPTH, chess: CHESS_DEPTH }, runs: RUNS, summary, code, results }, null, 2)}\n`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
