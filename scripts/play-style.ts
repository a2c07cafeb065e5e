/**
 * How each side of a lab match plays, not how it scores: of a side's first moves in every game,
 * the share that moved the king, a gold, a silver, a pawn on an edge file (1 or 9), or dropped a
 * piece, and how many of its own pieces its own pieces defend after it has moved. Chapter 6 asks
 * it of 将棋ベーシック's point against material alone: its author reported a change of style
 * (golds moved up into castles instead of edge pawns pushed while it waited), not of strength.
 *
 *   npm run play-style -- public/lab/shogi-basic/basic-material.json [--moves 30] [--json]
 *
 * Each measure is also taken game by game as A's share less B's in the same game, with a 95 %
 * interval over the games (normal approximation): the two sides played the same openings.
 */
import { readFileSync } from 'node:fs';
import { readArgs } from './lib/cli';
import { type MatchGame, replayGame } from '../src/engine/lab/match';
import type { Position } from '../src/engine/position';
import { BOARD_SIZE, fileOf, SQUARES } from '../src/engine/square';
import { isDrop, Kind, moveFrom, pieceKind } from '../src/engine/types';

const { values, positionals } = readArgs(
  'play-style',
  {
    options: {
      moves: { type: 'string', default: '30' },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  },
  'usage: npm run play-style -- <lab match file> [--moves N] [--json]',
);
const file = positionals[0];
if (file === undefined || positionals.length > 1) {
  console.error('play-style: give one lab match file (public/lab/<experiment>/<match>.json)');
  process.exit(2);
}
const perSide = Number(values.moves);
if (!Number.isInteger(perSide) || perSide < 1) {
  console.error(`play-style: --moves must be a whole number above 0, not ${values.moves}`);
  process.exit(2);
}

interface MatchFile {
  kind: string;
  settings: { a: { label: string }; b: { label: string } };
  games: MatchGame[];
}
let match: MatchFile;
try {
  match = JSON.parse(readFileSync(file, 'utf8')) as MatchFile;
} catch (error) {
  console.error(`play-style: cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}
if (match.kind !== 'match' || !Array.isArray(match.games)) {
  console.error(`play-style: ${file} is not a lab match file (kind "match" with games)`);
  process.exit(2);
}

/** The measures, each a count over a side's moves but `defended`, a mean over its positions. */
const MEASURES = ['king', 'gold', 'silver', 'edgePawn', 'drop'] as const;
type Measure = (typeof MEASURES)[number] | 'defended';

// #region style-counts
/** The side's own pieces, kings left out, that one of its own pieces defends. */
function defendedPieces(pos: Position, side: number): number {
  let n = 0;
  for (const sq of SQUARES) {
    const piece = pos.board[sq]!;
    if (piece === 0 || piece >> 4 !== side || (piece & 15) === Kind.King) continue;
    if (pos.effects[pos.effectBase + side * BOARD_SIZE + sq]! > 0) n++;
  }
  return n;
}

/** One game's counts by colour (0 sente, 1 gote), over each side's first `perSide` moves. */
function countGame(game: MatchGame): Record<Measure | 'moves', number>[] | null {
  const counts = [0, 1].map(() => ({
    moves: 0,
    king: 0,
    gold: 0,
    silver: 0,
    edgePawn: 0,
    drop: 0,
    defended: 0,
  }));
  const counted = (us: number): boolean => counts[us]!.moves < perSide;
  const first = replayGame(game, {
    before: ({ move, us, pos }) => {
      const c = counts[us]!;
      if (!counted(us)) return;
      if (isDrop(move)) c.drop++;
      else {
        const from = moveFrom(move);
        const kind = pieceKind(pos.board[from]!);
        if (kind === Kind.King) c.king++;
        else if (kind === Kind.Gold) c.gold++;
        else if (kind === Kind.Silver) c.silver++;
        else if (kind === Kind.Pawn && (fileOf(from) === 1 || fileOf(from) === 9)) c.edgePawn++;
      }
    },
    after: ({ us, pos }) => {
      const c = counts[us]!;
      if (counted(us)) {
        c.moves++;
        c.defended += defendedPieces(pos, us);
      }
      return !(counts[0]!.moves >= perSide && counts[1]!.moves >= perSide);
    },
  });
  return first === null ? null : counts;
}
// #endregion

const sums = {
  a: { moves: 0 } as Record<string, number>,
  b: { moves: 0 } as Record<string, number>,
};
const diffs: Record<Measure, number[]> = {
  king: [],
  gold: [],
  silver: [],
  edgePawn: [],
  drop: [],
  defended: [],
};
let games = 0;
for (const game of match.games) {
  const counts = countGame(game);
  if (counts === null) continue;
  const a = counts[game.aIsSente ? 0 : 1]!;
  const b = counts[game.aIsSente ? 1 : 0]!;
  if (a.moves === 0 || b.moves === 0) continue;
  games++;
  for (const [side, c] of [
    ['a', a],
    ['b', b],
  ] as const)
    for (const [key, n] of Object.entries(c)) sums[side][key] = (sums[side][key] ?? 0) + n;
  for (const m of [...MEASURES, 'defended'] as const)
    diffs[m].push(a[m] / a.moves - b[m] / b.moves);
}

const round = (x: number, digits = 4): number => Number(x.toFixed(digits));
/** Mean and 95 % interval of one measure's per-game differences. */
function interval(xs: readonly number[]): { mean: number; low: number; high: number } {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, n - 1);
  const half = 1.96 * Math.sqrt(variance / n);
  return { mean: round(mean), low: round(mean - half), high: round(mean + half) };
}
const side = (s: Record<string, number>, label: string) => ({
  label,
  moves: s['moves']!,
  shares: Object.fromEntries(MEASURES.map((m) => [m, round(s[m]! / s['moves']!)])),
  defended: round(s['defended']! / s['moves']!, 2),
});
const result = {
  file,
  games,
  movesPerSide: perSide,
  a: side(sums.a, match.settings.a.label),
  b: side(sums.b, match.settings.b.label),
  /** Per game, A's share less B's (for `defended`, A's mean less B's), with a 95 % interval. */
  difference: Object.fromEntries(
    ([...MEASURES, 'defended'] as const).map((m) => [m, interval(diffs[m])]),
  ),
};

if (values.json) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
  console.log(`${file}: ${games} games, each side's first ${perSide} moves`);
  console.log(`A: ${result.a.label}   B: ${result.b.label}`);
  for (const m of MEASURES) {
    const d = result.difference[m]!;
    console.log(
      `${m.padEnd(9)} A ${pct(result.a.shares[m]!).padStart(7)}  B ${pct(result.b.shares[m]!).padStart(7)}  A − B ${pct(d.mean)} (${pct(d.low)}, ${pct(d.high)})`,
    );
  }
  const d = result.difference['defended']!;
  console.log(
    `defended  A ${result.a.defended}  B ${result.b.defended} pieces  A − B ${d.mean} (${d.low}, ${d.high})`,
  );
}
