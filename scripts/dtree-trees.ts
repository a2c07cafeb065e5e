/**
 * `npm run dtree-trees`: train the two trees the search may consult (chapter 7) — the best-move
 * tree and the mate tree, each with the depth and leaf size chosen on a validation split, as
 * `npm run dtree-tables` reports them as "tuned" — on the games in public/lab/dtree/, and write
 * them to src/engine/dtree/trees.json, which the engine imports (dtree/tree-judge.ts).
 * Deterministic: a test retrains them and insists the file is current.
 */
import { writeFileSync } from 'node:fs';
import { readArgs } from './lib/cli';
import { readGamesFile } from './lib/games-file';
import type { MateGame, TeacherGame } from '../src/engine/dtree/data';
import { searchTrees } from '../src/engine/dtree/tables';
import { treeStats } from '../src/engine/dtree/tree';

const { values } = readArgs('dtree-trees', {
  options: {
    best: { type: 'string', default: 'public/lab/dtree/best-move-games.json', value: 'FILE' },
    mate: { type: 'string', default: 'public/lab/dtree/mate-games.json', value: 'FILE' },
    out: { type: 'string', default: 'src/engine/dtree/trees.json', value: 'FILE' },
  },
});
const BEST = values.best;
const MATE = values.mate;
const TREES_FILE = values.out;

const best = readGamesFile<TeacherGame>(BEST, 'dtree-trees');
const mate = readGamesFile<MateGame>(MATE, 'dtree-trees');
const trees = searchTrees(best.games, mate.games);
writeFileSync(
  TREES_FILE,
  `${JSON.stringify({
    description:
      'The decision trees the search may consult (chapter 7): the best-move tree (28 policies and position attributes 1–56 of a move; a leaf’s counts give how often the teacher’s move fell there) and the mate tree (attributes of Table 5’s mate column), each grown to the depth and leaf size chosen on a validation split of the training games. Made by npm run dtree-trees.',
    command: 'npm run dtree-trees',
    data: {
      best: { file: BEST, command: best.command, commit: best.provenance.engine.commit },
      mate: { file: MATE, command: mate.command, commit: mate.provenance.engine.commit },
    },
    ...trees,
  })}\n`,
);
for (const kind of ['bestMove', 'mate'] as const) {
  const s = treeStats(trees[kind].tree);
  console.log(
    `${kind}: depth ≤ ${trees[kind].settings.maxDepth}, leaves ≥ ${trees[kind].settings.minLeaf}: ${s.nodes} nodes, ${s.leaves} leaves`,
  );
}
console.log(`wrote ${TREES_FILE}`);
