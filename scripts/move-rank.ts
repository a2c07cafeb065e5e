/**
 * Seed 000's tuning measure on our fixture: the rank of the reference move in the move
 * evaluation's ordering, with the seed's constants, with each constant changed, and with the
 * seed's code read as written. For each variation: the mean and the median rank, the top-1 and
 * top-5 shares, and against the seed's constants how many positions moved up or down, the largest
 * single shift, and the mean without that one position (a mean over 60 ranks between 1 and ~200
 * can be one position's doing).
 *   npm run move-rank [-- --json]
 */
import fixture from '../src/engine/eval/move-rank-positions.json' with { type: 'json' };
import { MOVE_EVAL_DEFAULTS, type MoveEvalParams } from '../src/engine/eval/move-evaluation';
import { rankReport } from '../src/engine/eval/move-rank';

const variations: [string, Partial<MoveEvalParams>][] = [
  ['seed 000 constants', {}],
  ['no capture bonus', { captureBonus: 0 }],
  ['capture bonus 3000', { captureBonus: 3000 }],
  ['attack weight 1/1', { attackDivisor: 1 }],
  ['attack weight 1/3', { attackDivisor: 3 }],
  ['attack weight 1/30', { attackDivisor: 30 }],
  ['no king threats', { kingThreatUnguarded: 0, kingThreatSupported: 0, kingThreatExposed: 0 }],
  ['no focus pawn', { focusPawnBonus: 0 }],
  ['seed 000 read as written', { reading: 'code' }],
];

const seed = rankReport(fixture.positions, MOVE_EVAL_DEFAULTS);
const rows = variations.map(([name, change]) => {
  const r = rankReport(fixture.positions, { ...MOVE_EVAL_DEFAULTS, ...change });
  const shifts = r.ranks.map((rank, i) => rank - seed.ranks[i]!);
  let largest = 0;
  shifts.forEach((d, i) => {
    if (Math.abs(d) > Math.abs(shifts[largest]!)) largest = i;
  });
  const n = r.ranks.length;
  return {
    name,
    averageRank: r.averageRank,
    medianRank: r.medianRank,
    top1: r.top1,
    top5: r.top5,
    averageMoves: r.averageMoves,
    /** Positions whose reference move ranks higher (better) or lower than with the seed's constants. */
    better: shifts.filter((d) => d < 0).length,
    worse: shifts.filter((d) => d > 0).length,
    /** The one position whose rank moved most, and the mean rank of the others. */
    largestShift: {
      position: largest,
      from: seed.ranks[largest]!,
      to: r.ranks[largest]!,
      seedMeanWithout: (seed.averageRank * n - seed.ranks[largest]!) / (n - 1),
      meanWithout: (r.averageRank * n - r.ranks[largest]!) / (n - 1),
    },
    ranks: r.ranks,
  };
});

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ positions: fixture.positions.length, rows }));
} else {
  console.log(
    `${fixture.positions.length} positions, ${rows[0]!.averageMoves.toFixed(1)} legal moves on average`,
  );
  console.log(fixture.provenance + '\n');
  console.log(
    'variation                  mean  median  top-1  top-5  better/worse  largest shift (mean of the others: seed → this)',
  );
  for (const r of rows) {
    const l = r.largestShift;
    console.log(
      `${r.name.padEnd(24)} ${r.averageRank.toFixed(2).padStart(6)}  ${r.medianRank.toFixed(1).padStart(6)}  ${(r.top1 * 100).toFixed(0).padStart(4)}%  ${(r.top5 * 100).toFixed(0).padStart(4)}%  ${`${r.better}/${r.worse}`.padStart(12)}  ` +
        (l.from === l.to
          ? '–'
          : `#${l.position}: ${l.from} → ${l.to} (${l.seedMeanWithout.toFixed(2)} → ${l.meanWithout.toFixed(2)})`),
    );
  }
}
