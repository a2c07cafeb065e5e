/**
 * Find chess positions for chapter 8 (seed 004) by search: small piece sets, every placement or a
 * seeded random sample, legal positions with white to move, each put to the chapter's searches.
 * The finds are test/fixtures/chess-stalemate.json's example 1 and its plain-0 example.
 *
 *   npx tsx scripts/find-chess-examples.ts bf6 [--sets 0,1,…] [--mate] [--top 15] [--out f.jsonl]
 *   npx tsx scripts/find-chess-examples.ts plain-zero [--samples 20000] [--seed 4] [--top 15]
 *
 * `bf6`: seed 004's example 1, "the engine avoids the stalemate Bf6 and plays Nf7". Every
 * placement of a white king, a bishop that can go to f6, a knight that can go to f7, the pawns of
 * the piece set (`--sets`, indices into BF6_SETS; pawns within two squares of the black king) and
 * a black king, in which Bf6 stalemates black and white has no mate in one. Kept: the naive
 * king-capture search at depth 2 plays Bf6, Nf7 does not stalemate, and legal generation, method
 * 1 and method 2 all play Nf7 at some depth from 3 to 6 (`--mate`: and Nf7 forces mate in at
 * most three moves). Legal generation at depth 6 gives every root move its exact value, so it
 * names every mate in up to three moves. Ranked by: Nf7 the only fastest mate, Bf6 the only
 * stalemate, the depths at which all three play Nf7 and value it above every other move, fewer
 * pieces. Example 1 (8/6KP/7N/4B2k/8/5P2/8/8 w) came from `bf6 --sets 4,5 --mate`: K+B+N+P+P vs
 * K, 8.8 million placements examined, 15 finds, 5 min 44 s on two cores shared with an
 * experiment. Sets 0–3 (up to K+B+N+P vs K+p, 2 min 31 s with `--mate`) have no Nf7 that mates
 * in two; their best are mates in three that all three searches value above the rest only at 6.
 *
 * `plain-zero`: a position where method 2 with the seed's plain 0 (any win or loss at a possible
 * stalemate is a draw) chooses another move than method 2 with the exact mapping at the same
 * depth, 3 to 5, legal generation agrees with the exact mapping, and the exact search values plain
 * 0's move lower. Seeded random placements of the piece sets in PZ_SETS, in turn; ranked by a
 * mate given up, then a smaller depth and fewer pieces. The plain-0 example (8/8/8/8/4K3/4p3/7k/
 * 5Q2 w) came from `plain-zero --seed 5 --samples 8000`: 4,760 positions, 7 finds, 5 min 38 s.
 *
 * Prints each find as one JSON line with FEN, moves, values, nodes and times; and the time spent.
 */
import { writeFileSync } from 'node:fs';
import { readArgs } from './lib/cli';
import {
  ChessPosition,
  EMPTY,
  Kind,
  makeMove,
  makePiece,
  MAX_CHESS_MOVES,
  moveFrom,
  moveTo,
  parseSquare,
  SQUARES,
} from '../src/engine/king-capture/chess/index';
import { chessGame } from '../src/engine/king-capture/game';
import {
  isEnd,
  searchKingCapture,
  WIN,
  type EndRules,
  type KingCaptureOptions,
} from '../src/engine/king-capture/search';

const { values, positionals } = readArgs(
  'find-chess-examples',
  {
    allowPositionals: true,
    options: {
      top: { type: 'string', default: '15' },
      budget: { type: 'string', default: '400000' },
      samples: { type: 'string', default: '20000' },
      seed: { type: 'string', default: '4' },
      sets: { type: 'string', value: '0,1,…' },
      out: { type: 'string', value: 'FILE' },
      /** bf6: keep only positions where Nf7 forces mate in at most three moves. */
      mate: { type: 'boolean', default: false },
    },
  },
  'usage: npx tsx scripts/find-chess-examples.ts bf6 [--sets 0,1,…] [--mate] [--top 15] [--out f.jsonl]\n' +
    '       npx tsx scripts/find-chess-examples.ts plain-zero [--samples 20000] [--seed 4] [--top 15]',
);
const task = positionals[0] ?? 'bf6';
const top = Number(values.top);
/** Node budget of one search; a search that runs out is not counted. */
const budget = Number(values.budget);

// ---------------------------------------------------------------------------------------------
// Board helpers: one ChessPosition, its pieces replaced for each candidate.

const pos = ChessPosition.fromFen('k7/8/8/8/8/8/8/K7 w - - 0 1');
const scratch = new Uint32Array(MAX_CHESS_MOVES);

type Placed = [square: number, piece: number];

const W = (kind: Kind): number => makePiece(0, kind);
const B = (kind: Kind): number => makePiece(1, kind);

function setBoard(pieces: readonly Placed[]): void {
  for (const sq of SQUARES) pos.board[sq] = EMPTY;
  for (const [sq, piece] of pieces) {
    pos.board[sq] = piece;
    if (piece === W(Kind.King)) pos.kingSquare[0] = sq;
    if (piece === B(Kind.King)) pos.kingSquare[1] = sq;
  }
  pos.sideToMove = 0;
}

const legalMoves = (): number[] => Array.from(scratch.subarray(0, pos.legalMoves(scratch, 0)));
const replyScratch = new Uint32Array(MAX_CHESS_MOVES);
const hasLegalMove = (): boolean => pos.legalMoves(replyScratch, 0) > 0;
const fileOf = (sq: number): number => (sq % 10) - 1;
const rankOf = (sq: number): number => Math.floor(sq / 10) - 2;
const distance = (a: number, b: number): number =>
  Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b)));
const sq = (name: string): number => parseSquare(name);

/** A legal white position: pawns off the back ranks, kings apart, black (not to move) not in check. */
function isLegalSetup(pieces: readonly Placed[]): boolean {
  for (const [s, piece] of pieces)
    if ((piece & 7) === Kind.Pawn && (rankOf(s) === 0 || rankOf(s) === 7)) return false;
  return !pos.isAttacked(pos.kingSquare[1]!, 0);
}

/** What `m` leaves for the side that replies: 'mate', 'stalemate' or null. */
function endAfter(m: number): 'mate' | 'stalemate' | null {
  pos.doMove(m);
  const end = hasLegalMove() ? null : pos.inCheck() ? 'mate' : 'stalemate';
  pos.undoMove(m);
  return end;
}

const fen = (): string => pos.toFen();

interface Searched {
  move: string | null;
  uci: string | null;
  value: number;
  nodes: number;
  timeMs: number;
  root: Record<string, number>;
}

function search(
  rules: EndRules,
  depth: number,
  extra: Partial<KingCaptureOptions> = {},
): Searched | null {
  const r = searchKingCapture(chessGame(pos), { rules, depth, maxNodes: budget, ...extra });
  if (r.stopped) return null;
  return {
    move: r.moveName,
    uci: r.move === -1 ? null : pos.moveToUci(r.move),
    value: r.value,
    nodes: r.nodes,
    timeMs: Math.round(r.timeMs * 10) / 10,
    root: Object.fromEntries(r.rootMoves.map((m) => [pos.moveToUci(m.move), m.value])),
  };
}

/** A value as text: material, or "mate in n plies" / "mated in n plies". */
const show = (v: number): string =>
  isEnd(v) ? `${v > 0 ? '+' : '-'}WIN-${WIN - Math.abs(v)}` : String(v);

const started = performance.now();
const counts = { examined: 0, bf6Stalemate: 0, noMateInOne: 0, naiveBf6: 0, nf7Mates: 0 };
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

// ---------------------------------------------------------------------------------------------
// Task 1: Bf6 stalemates, the engine plays Nf7.

/** Squares from which a bishop reaches f6 along a diagonal (the path is checked by the move list). */
const BISHOP_FROM = ['a1', 'b2', 'c3', 'd4', 'e5', 'g7', 'h8', 'd8', 'e7', 'g5', 'h4'].map(sq);
const KNIGHT_FROM = ['d6', 'd8', 'e5', 'g5', 'h6', 'h8'].map(sq);
const F6 = sq('f6');
const F7 = sq('f7');

/** Piece sets beyond K+B+N vs K: white pawns, black pawns. */
const BF6_SETS: { white: number; black: number }[] = [
  { white: 0, black: 0 },
  { white: 1, black: 0 },
  { white: 0, black: 1 },
  { white: 1, black: 1 },
  { white: 2, black: 0 },
  { white: 0, black: 2 },
  { white: 2, black: 1 },
];

interface Bf6Find {
  fen: string;
  pieces: number;
  stalemating: string[];
  nf7Mate: number | null;
  fastestMate: number | null;
  fastestMoves: string[];
  /** Depths at which legal, method 1 and method 2 all choose Nf7. */
  agreeDepths: number[];
  /** Of those, the depths at which each of the three values Nf7 above every other move (no tie). */
  strictDepths: number[];
  choices: Record<string, (string | null)[]>;
  nodes: Record<string, number[]>;
  timesMs: Record<string, number[]>;
  score: number;
}

const RULE_AWARE: EndRules[] = ['legal', 'method-1', 'method-2'];
const DEPTHS = [3, 4, 5, 6];

/** Fewest white moves to mate (legal search at depth 6 gives exact values up to mate in 3). */
const mateMoves = (v: number): number | null =>
  isEnd(v) && v > 0 ? Math.ceil((WIN - v) / 2) : null;

/** Does the bishop on `from` reach f6, and is black stalemated once it stands there? */
function bf6Stalemates(from: number): boolean {
  const step = (F6 - from) % 11 === 0 ? Math.sign(F6 - from) * 11 : Math.sign(F6 - from) * 9;
  for (let s = from + step; s !== F6; s += step) if (pos.board[s] !== EMPTY) return false;
  const m = makeMove(from, F6);
  pos.doMove(m);
  const stalemate = !pos.isAttacked(pos.kingSquare[0]!, 1) && !pos.inCheck() && !hasLegalMove();
  pos.undoMove(m);
  return stalemate;
}

function examineBf6(pieces: readonly Placed[], nSquare: number): Bf6Find | null {
  counts.bf6Stalemate++;
  const moves = legalMoves();
  const bf6 = moves.find((m) => pos.board[moveFrom(m)] === W(Kind.Bishop) && moveTo(m) === F6);
  const nf7 = moves.find((m) => moveFrom(m) === nSquare && moveTo(m) === F7);
  if (bf6 === undefined || nf7 === undefined) return null;
  if (endAfter(bf6) !== 'stalemate') return null;
  const stalemating: string[] = [];
  for (const m of moves) {
    const end = endAfter(m);
    if (end === 'mate') return null; // a mate in one would be the fastest win for every search
    if (end === 'stalemate') stalemating.push(pos.moveToSan(m));
  }
  if (stalemating.includes(pos.moveToSan(nf7))) return null;
  counts.noMateInOne++;
  const naive = search('king-capture', 2);
  if (naive?.uci !== pos.moveToUci(bf6)) return null;
  counts.naiveBf6++;
  const nf7Uci = pos.moveToUci(nf7);
  // Legal generation at depth 6 values every root move exactly up to a mate in three moves.
  const deep = search('legal', 6);
  if (values.mate && (!deep || mateMoves(deep.root[nf7Uci]!) === null)) return null;
  counts.nf7Mates++;
  const choices: Record<string, (string | null)[]> = {};
  const nodes: Record<string, number[]> = {};
  const timesMs: Record<string, number[]> = {};
  const strict = DEPTHS.map(() => true);
  for (const rules of RULE_AWARE) {
    choices[rules] = [];
    nodes[rules] = [];
    timesMs[rules] = [];
    for (const depth of DEPTHS) {
      const r = search(rules, depth);
      choices[rules].push(r?.move ?? null);
      nodes[rules].push(r?.nodes ?? -1);
      timesMs[rules].push(r?.timeMs ?? -1);
      const i = DEPTHS.indexOf(depth);
      if (!r) strict[i] = false;
      else
        for (const [uci, v] of Object.entries(r.root))
          if (uci !== nf7Uci && v >= r.root[nf7Uci]!) strict[i] = false;
    }
  }
  const agreeDepths = DEPTHS.filter((_, i) =>
    RULE_AWARE.every((rules) => choices[rules]![i] === pos.moveToSan(nf7)),
  );
  if (agreeDepths.length === 0) return null;
  const strictDepths = agreeDepths.filter((d) => strict[DEPTHS.indexOf(d)]);
  let nf7Mate: number | null = null;
  let fastestMate: number | null = null;
  let fastestMoves: string[] = [];
  if (deep) {
    nf7Mate = mateMoves(deep.root[nf7Uci]!);
    for (const m of moves) {
      const n = mateMoves(deep.root[pos.moveToUci(m)]!);
      if (n === null) continue;
      if (fastestMate === null || n < fastestMate) {
        fastestMate = n;
        fastestMoves = [];
      }
      if (n === fastestMate) fastestMoves.push(pos.moveToSan(m));
    }
  }
  const uniqueFastest = nf7Mate !== null && nf7Mate === fastestMate && fastestMoves.length === 1;
  const score =
    (stalemating.length === 1 ? 1000 : 0) +
    (uniqueFastest ? 2000 : nf7Mate !== null && nf7Mate === fastestMate ? 500 : 0) +
    strictDepths.length * 100 +
    agreeDepths.length * 50 +
    (strictDepths.includes(3) || strictDepths.includes(4) ? 25 : 0) -
    pieces.length * 10;
  return {
    fen: fen(),
    pieces: pieces.length,
    stalemating,
    nf7Mate,
    fastestMate,
    fastestMoves,
    agreeDepths,
    strictDepths,
    choices,
    nodes,
    timesMs,
    score,
  };
}

/** The black king's steps not attacked by white once the bishop stands on f6 (pawns aside). */
function openSteps(bk: number): number {
  let open = 0;
  for (const d of [1, -1, 10, -10, 9, 11, -9, -11]) {
    const t = bk + d;
    if (pos.board[t] === 16) continue;
    pos.board[bk] = EMPTY;
    if (!pos.isAttacked(t, 0)) open++;
    pos.board[bk] = B(Kind.King);
  }
  return open;
}

function runBf6(): void {
  const finds: Bf6Find[] = [];
  const sets =
    values.sets === undefined ? BF6_SETS : values.sets.split(',').map((i) => BF6_SETS[Number(i)]!);
  const boardSquares = SQUARES;
  const pawnSquares = SQUARES.filter((s) => rankOf(s) >= 1 && rankOf(s) <= 6);
  for (const set of sets) {
    const setStart = performance.now();
    let setFinds = 0;
    for (const bSq of BISHOP_FROM)
      for (const nSq of KNIGHT_FROM) {
        if (nSq === bSq) continue;
        for (const bk of boardSquares) {
          if (bk === bSq || bk === nSq || bk === F6 || bk === F7) continue;
          for (const wk of boardSquares) {
            if ([bSq, nSq, bk, F6, F7].includes(wk) || distance(wk, bk) < 2) continue;
            // Prefilter: with the bishop on f6, pawns must take away the open steps left
            // (a pawn covers two squares and may stand on a third: three at most).
            const base: Placed[] = [
              [wk, W(Kind.King)],
              [F6, W(Kind.Bishop)],
              [nSq, W(Kind.Knight)],
              [bk, B(Kind.King)],
            ];
            setBoard(base);
            if (openSteps(bk) > 3 * (set.white + set.black)) continue;
            base[1] = [bSq, W(Kind.Bishop)];
            const near = pawnSquares.filter(
              (s) => distance(s, bk) <= 2 && ![bSq, nSq, bk, wk, F6, F7].includes(s),
            );
            const whiteSets = combinations(near, set.white);
            const blackSets = combinations(near, set.black);
            for (const wp of whiteSets)
              for (const bp of blackSets) {
                if (bp.some((s) => wp.includes(s))) continue;
                const pieces: Placed[] = [
                  ...base,
                  ...wp.map((s): Placed => [s, W(Kind.Pawn)]),
                  ...bp.map((s): Placed => [s, B(Kind.Pawn)]),
                ];
                // A black pawn that can step forward spoils any stalemate.
                setBoard(pieces);
                if (bp.some((s) => pos.board[s - 10] === EMPTY || s - 10 === F6)) continue;
                if (!isLegalSetup(pieces) || pos.inCheck()) continue;
                counts.examined++;
                if (!bf6Stalemates(bSq)) continue;
                const find = examineBf6(pieces, nSq);
                if (find) {
                  finds.push(find);
                  setFinds++;
                }
              }
          }
        }
      }
    const name = `K+B+N${'+P'.repeat(set.white)} vs K${'+p'.repeat(set.black)}`;
    console.log(
      `set ${name}: ${setFinds} finds, ` +
        `${((performance.now() - setStart) / 1000).toFixed(1)} s (total ${seconds()} s, ` +
        `${JSON.stringify(counts)})`,
    );
    const mine = finds.slice(finds.length - setFinds).sort((a, b) => b.score - a.score);
    for (const f of mine.slice(0, 5)) console.log(`  ${name}: ${JSON.stringify(f)}`);
  }
  finds.sort((a, b) => b.score - a.score);
  for (const f of finds.slice(0, top)) console.log(JSON.stringify(f));
  if (values.out) writeFileSync(values.out, finds.map((f) => JSON.stringify(f) + '\n').join(''));
  console.log(`${finds.length} finds in ${seconds()} s`);
}

function combinations(items: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  items.forEach((item, i) => {
    for (const rest of combinations(items.slice(i + 1), k - 1)) out.push([item, ...rest]);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Task 2: where method 2's plain 0 misleads.

/** Seeded random numbers in [0, 1) (mulberry32). */
function makeRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Piece sets beyond the kings: white's and black's pieces by FEN letter. */
const PZ_SETS = [
  'R/p',
  'Q/p',
  'R/pp',
  'Q/pp',
  'RP/p',
  'QP/p',
  'RB/p',
  'RN/p',
  'R/r',
  'Q/r',
  'RR/p',
];
const LETTER_KIND: Record<string, Kind> = {
  p: Kind.Pawn,
  n: Kind.Knight,
  b: Kind.Bishop,
  r: Kind.Rook,
  q: Kind.Queen,
};

interface PzFind {
  fen: string;
  set: string;
  depth: number;
  exact: { move: string | null; value: string; nodes: number; timeMs: number };
  plainZero: { move: string | null; value: string; nodes: number; timeMs: number };
  legal: { move: string | null; value: string; nodes: number; timeMs: number };
  /** The exact search's value of plain 0's move. */
  exactValueOfPlainZeroMove: string;
  score: number;
}

function randomPlacement(rng: () => number, set: string): Placed[] | null {
  const [white, black] = set.split('/') as [string, string];
  const used = new Set<number>();
  const take = (pawn: boolean): number => {
    for (;;) {
      const s = SQUARES[Math.floor(rng() * 64)]!;
      if (used.has(s) || (pawn && (rankOf(s) === 0 || rankOf(s) === 7))) continue;
      used.add(s);
      return s;
    }
  };
  const wk = take(false);
  const bk = take(false);
  if (distance(wk, bk) < 2) return null;
  const pieces: Placed[] = [
    [wk, W(Kind.King)],
    [bk, B(Kind.King)],
  ];
  for (const letter of white)
    pieces.push([take(letter === 'P'), W(LETTER_KIND[letter.toLowerCase()]!)]);
  for (const letter of black) pieces.push([take(letter === 'p'), B(LETTER_KIND[letter]!)]);
  return pieces;
}

const brief = (r: Searched) => ({
  move: r.move,
  value: show(r.value),
  nodes: r.nodes,
  timeMs: r.timeMs,
});

function runPlainZero(): void {
  const rng = makeRng(Number(values.seed));
  const samples = Number(values.samples);
  const finds: PzFind[] = [];
  const seen = new Set<string>();
  let examined = 0;
  for (let i = 0; i < samples; i++) {
    const set = PZ_SETS[i % PZ_SETS.length]!;
    const pieces = randomPlacement(rng, set);
    if (!pieces) continue;
    setBoard(pieces);
    if (!isLegalSetup(pieces) || pos.inCheck()) continue;
    const moves = legalMoves();
    if (moves.length === 0 || moves.some((m) => endAfter(m) === 'mate')) continue;
    const key = fen();
    if (seen.has(key)) continue;
    seen.add(key);
    examined++;
    for (const depth of [3, 4, 5]) {
      const exact = search('method-2', depth);
      const plain = search('method-2', depth, { plainZero: true });
      if (!exact || !plain || exact.uci === plain.uci) continue;
      const legal = search('legal', depth);
      if (!legal || legal.uci !== exact.uci) continue;
      const pzValue = exact.root[plain.uci!]!;
      const loss = exact.value - pzValue;
      if (loss <= 0) continue;
      const mateGivenUp = isEnd(exact.value) && exact.value > 0 && !(isEnd(pzValue) && pzValue > 0);
      finds.push({
        fen: key,
        set,
        depth,
        exact: brief(exact),
        plainZero: brief(plain),
        legal: brief(legal),
        exactValueOfPlainZeroMove: show(pzValue),
        score: (mateGivenUp ? 1000 : 0) + (6 - depth) * 100 - pieces.length * 10,
      });
      break;
    }
    if ((i + 1) % 5000 === 0)
      console.log(`${i + 1} samples, ${examined} examined, ${finds.length} finds, ${seconds()} s`);
  }
  finds.sort((a, b) => b.score - a.score);
  for (const f of finds.slice(0, top)) console.log(JSON.stringify(f));
  console.log(`${finds.length} finds among ${examined} positions in ${seconds()} s`);
}

if (task === 'bf6') runBf6();
else if (task === 'plain-zero') runPlainZero();
else throw new Error(`unknown task '${task}': bf6 or plain-zero`);
