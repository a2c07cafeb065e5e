/**
 * `npm run dtree-tables`: seed 002's Tables 1, 4, 6, 7 and 8 re-run on the games in
 * public/lab/dtree/ (made by `npm run dtree-data`), printed as tables, or as JSON with `--json` (what
 * `npm run experiment -- dtree-tables` keeps for the chapter). Deterministic: the same games give
 * the same numbers.
 *
 *   npm run dtree-tables [-- --best public/lab/dtree/best-move-games.json --mate …] [--json]
 */
import { readArgs } from './lib/cli';
import { readGamesFile } from './lib/games-file';
import type { MateGame, TeacherGame } from '../src/engine/dtree/data';
import {
  accuracy,
  bestMoveColumn,
  bestMoveTables,
  type Confusion,
  FULL_GROWTH,
  mateTables,
  OTHER_MOVE_SEED,
  outcomeTable,
  positionsWithMoves,
  selectionTable,
  TUNING_GRID,
} from '../src/engine/dtree/tables';
import { ATTRIBUTES } from '../src/engine/dtree/position-attributes';

const { values } = readArgs('dtree-tables', {
  options: {
    best: { type: 'string', default: 'public/lab/dtree/best-move-games.json', value: 'FILE' },
    mate: { type: 'string', default: 'public/lab/dtree/mate-games.json', value: 'FILE' },
    json: { type: 'boolean', default: false },
  },
});

const best = readGamesFile<TeacherGame>(values.best, 'dtree-tables');
const mate = readGamesFile<MateGame>(values.mate, 'dtree-tables');
const log = (line: string): void => {
  if (!values.json) console.log(line);
};
const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const perClass = (m: Confusion): string =>
  `class 1 ${m[1][1]}/${m[1][0] + m[1][1]} (${pct(m[1][1] / (m[1][0] + m[1][1]))}), ` +
  `class 0 ${m[0][0]}/${m[0][0] + m[0][1]} (${pct(m[0][0] / (m[0][0] + m[0][1]))})`;

const started = performance.now();
const outcome = outcomeTable(best.games);
log('Table 1: win or loss from the position (train / test accuracy)');
for (const r of outcome)
  log(
    `  last ${r.last}: ${pct(accuracy(r.train))} / ${pct(accuracy(r.test))}  (${r.leaves} leaves)`,
  );

const allPositions = positionsWithMoves(best.games);
const selection = selectionTable(allPositions);
log(
  `\nTable 4: ${selection.positions} positions, ${selection.averageLegal.toFixed(1)} legal moves on average`,
);
log(`  the chosen move has one of policies 1–27 in ${selection.chosenInPolicies} of them`);
for (const r of [...selection.rows].sort((a, b) => b.rate - a.rate).slice(0, 8))
  log(`  ${String(r.policy).padStart(2)}  ${r.selected}/${r.occurring}  ${r.rate.toFixed(3)}`);

const moves = bestMoveTables(best.games);
for (const kind of ['full', 'tuned'] as const) {
  const t = moves[kind];
  log(
    `\nTable 6 (${kind}: depth ≤ ${t.settings.maxDepth}, leaves ≥ ${t.settings.minLeaf}; ${t.leaves} leaves)`,
  );
  log(`  train ${pct(accuracy(t.train))}: ${perClass(t.train)}`);
  log(`  test  ${pct(accuracy(t.test))}: ${perClass(t.test)}`);
  const p = t.perPosition;
  log(
    `Table 7: A ${p.averageLegal.toFixed(1)}, B ${p.averageJudged.toFixed(2)}, B/A ${p.ratioOfAverages.toFixed(3)}; chosen among them ${p.containsChosen.toFixed(3)} (cubed ${(p.containsChosen ** 3).toFixed(3)})`,
  );
  log(`  near the root: ${t.nearRoot.map((c) => bestMoveColumn(c).en).join('; ')}`);
}

const mates = mateTables(mate.games);
log(`\nTable 8: ${mates.examples.all} positions, ${mates.examples.mates} mates`);
for (const kind of ['full', 'tuned'] as const) {
  const t = mates[kind];
  log(
    `  ${kind} (depth ≤ ${t.settings.maxDepth}, leaves ≥ ${t.settings.minLeaf}; ${t.leaves} leaves)`,
  );
  log(`    train ${pct(accuracy(t.train))}: ${perClass(t.train)}`);
  log(`    test  ${pct(accuracy(t.test))}: ${perClass(t.test)}`);
  log(`    near the root: ${t.nearRoot.map((a) => ATTRIBUTES[a]!.en).join('; ')}`);
}
log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);

if (values.json) {
  const named = (columns: number[]) => columns.map((c) => ({ column: c, ...bestMoveColumn(c) }));
  const mateNamed = (attributes: number[]) =>
    attributes.map((a) => ({
      attribute: a,
      number: ATTRIBUTES[a]!.number,
      en: ATTRIBUTES[a]!.en,
      ja: ATTRIBUTES[a]!.ja,
    }));
  console.log(
    JSON.stringify(
      {
        data: {
          best: {
            ends: Object.fromEntries(
              [...new Set(best.games.map((g) => g.end))]
                .sort()
                .map((end) => [end, best.games.filter((g) => g.end === end).length]),
            ),
            decided: best.games.filter((g) => g.result !== 'draw').length,
            file: values.best,
            command: best.command,
            commit: best.provenance.engine.commit,
            games: best.games.length,
          },
          mate: {
            file: values.mate,
            command: mate.command,
            commit: mate.provenance.engine.commit,
            games: mate.games.length,
          },
        },
        settings: {
          fullGrowth: FULL_GROWTH,
          tuningGrid: TUNING_GRID,
          otherMoveSeed: OTHER_MOVE_SEED,
        },
        table1: outcome,
        table4: selection,
        bestMove: {
          examples: moves.examples,
          full: { ...moves.full, nearRoot: named(moves.full.nearRoot) },
          tuned: { ...moves.tuned, nearRoot: named(moves.tuned.nearRoot) },
        },
        mate: {
          examples: mates.examples,
          full: { ...mates.full, nearRoot: mateNamed(mates.full.nearRoot) },
          tuned: { ...mates.tuned, nearRoot: mateNamed(mates.tuned.nearRoot) },
        },
      },
      null,
      2,
    ),
  );
}
