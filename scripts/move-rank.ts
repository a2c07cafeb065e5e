/**
 * Seed 000's tuning measure on our fixture: the average rank of the reference move in the move
 * evaluation's ordering, with the seed's constants and with each constant changed.
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
];

const rows = variations.map(([name, change]) => {
  const r = rankReport(fixture.positions, { ...MOVE_EVAL_DEFAULTS, ...change });
  return {
    name,
    averageRank: r.averageRank,
    top1: r.top1,
    top5: r.top5,
    averageMoves: r.averageMoves,
  };
});

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ positions: fixture.positions.length, rows }));
} else {
  console.log(
    `${fixture.positions.length} positions, ${rows[0]!.averageMoves.toFixed(1)} legal moves on average`,
  );
  console.log(fixture.provenance + '\n');
  console.log('variation              mean rank   top-1   top-5');
  for (const r of rows)
    console.log(
      `${r.name.padEnd(22)} ${r.averageRank.toFixed(2).padStart(9)}   ${(r.top1 * 100).toFixed(0).padStart(4)}%  ${(r.top5 * 100).toFixed(0).padStart(4)}%`,
    );
}
