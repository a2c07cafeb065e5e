/**
 * `npm run tune`: Texel's tuning of the effect table's parameters (src/engine/lab/texel.ts) on the
 * quiet positions of lab game files, written to src/engine/eval/effect/tuned/tuned.json, with a
 * report of the run (the data, the scale, every epoch's error on training and held-out games).
 *
 *   npm run tune -- public/lab/tune/*.json [--epochs 400] [--rate 0.5]
 *     [--l2 0.0001] [--l2-family ownKp=0.001,...] [--start seed|tuned] [--out FILE] [--report FILE]
 *
 * Every tenth game is held out: the descent never sees its positions, and the parameters kept
 * are those of the epoch whose error on them is lowest.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { readArgs } from '../lib/cli';
import {
  FAMILIES,
  FAMILY_START,
  paramsToFile,
  seedParams,
} from '../../src/engine/eval/effect/tuned/params';
import { tunedParams } from '../../src/engine/eval/effect/tuned/index';
import {
  quietLine,
  TrainingSetBuilder,
  fitScale,
  tune,
  meanError,
} from '../../src/engine/lab/texel';
import { parsePositionCommand } from '../../src/engine/sfen';
import { parseUsiMove } from '../../src/engine/notation';

interface GameLike {
  opening: string;
  moves: string[];
  result: 'sente' | 'gote' | 'draw';
}

/** Positions whose material after the captures is this lopsided are decided: left out. */
const DECIDED = 3000;

function positionsOf(
  games: readonly GameLike[],
  train: TrainingSetBuilder,
  valid: TrainingSetBuilder,
): { games: number; positions: number; skipped: number } {
  let positions = 0;
  let skipped = 0;
  games.forEach((g, index) => {
    const into = index % 10 === 9 ? valid : train;
    const result = g.result === 'sente' ? 1 : g.result === 'gote' ? 0 : 0.5;
    const parsed = parsePositionCommand(g.opening);
    if (!parsed.ok) throw new Error(`game ${index}: ${parsed.error}`);
    const pos = parsed.value;
    for (const text of [...g.moves, null]) {
      if (!pos.inCheck()) {
        const line = quietLine(pos);
        for (const m of line) pos.doMove(m);
        if (!pos.inCheck() && Math.abs(pos.material) <= DECIDED) {
          into.add(pos, result);
          positions++;
        } else skipped++;
        for (let i = line.length - 1; i >= 0; i--) pos.undoMove(line[i]!);
      }
      if (text === null) break;
      const move = parseUsiMove(pos, text);
      if (!move.ok) throw new Error(`game ${index}: ${move.error}`);
      pos.doMove(move.value);
    }
  });
  return { games: games.length, positions, skipped };
}

function main(): void {
  const { values, positionals } = readArgs(
    'tune',
    {
      allowPositionals: true,
      options: {
        games: { type: 'string', multiple: true, value: 'FILE' },
        epochs: { type: 'string', default: '400' },
        rate: { type: 'string', default: '0.5' },
        l2: { type: 'string', default: '0.00002' },
        'l2-family': { type: 'string', default: '', value: 'NAME=N,…' },
        start: { type: 'string', default: 'seed', value: 'seed|tuned' },
        out: { type: 'string', default: 'src/engine/eval/effect/tuned/tuned.json', value: 'FILE' },
        report: { type: 'string', value: 'FILE' },
        description: { type: 'string', default: '', value: 'TEXT' },
      },
    },
    'usage: npm run tune -- public/lab/tune/*.json [--epochs 400] [--rate 0.5]\n' +
      '  [--l2 0.0001] [--l2-family ownKp=0.001,...] [--start seed|tuned] [--out FILE] [--report FILE]',
  );
  const files = [...(values.games ?? []), ...positionals].sort();
  if (files.length === 0) throw new Error('no game files: name them (the shell expands a glob)');
  const games: GameLike[] = [];
  for (const f of files) {
    const data = JSON.parse(readFileSync(f, 'utf8')) as { games: GameLike[] };
    games.push(...data.games);
  }
  const started = performance.now();
  const trainSet = new TrainingSetBuilder();
  const validSet = new TrainingSetBuilder();
  const data = positionsOf(games, trainSet, validSet);
  const train = trainSet.build();
  const valid = validSet.build();
  process.stderr.write(
    `tune: ${data.games} games from ${files.length} files, ${train.count} training and ${valid.count} held-out positions (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
  );
  const start = values.start === 'tuned' ? tunedParams() : seedParams();
  const scale = fitScale(train, start);
  process.stderr.write(
    `tune: scale ${scale.toFixed(1)}, error ${meanError(train, start, scale).toFixed(5)}\n`,
  );
  const l2: Record<string, number> & { default: number } = { default: Number(values.l2) };
  for (const pair of values['l2-family'].split(',').filter(Boolean)) {
    const [name, value] = pair.split('=');
    if (!FAMILIES.some((f) => f.name === name)) throw new Error(`--l2-family: no family ${name}`);
    l2[name!] = Number(value);
  }
  const run = tune(
    train,
    valid,
    start,
    { epochs: Number(values.epochs), learningRate: Number(values.rate), l2, scale },
    (r) => {
      if (r.epoch % 10 === 0)
        process.stderr.write(
          `  epoch ${r.epoch}  train ${r.train.toFixed(5)}  held out ${r.valid.toFixed(5)}\n`,
        );
    },
  );
  process.stderr.write(
    `tune: best epoch ${run.best.epoch}, held-out error ${run.best.valid.toFixed(5)} (start ${run.history[0]!.valid.toFixed(5)})\n`,
  );
  const families = Object.fromEntries(
    FAMILIES.map((f) => {
      const a = run.params.subarray(FAMILY_START[f.name], FAMILY_START[f.name] + f.size);
      const b = start.subarray(FAMILY_START[f.name], FAMILY_START[f.name] + f.size);
      let moved = 0;
      for (let i = 0; i < f.size; i++) moved += Math.abs(a[i]! - b[i]!);
      return [f.name, { meanMove: moved / f.size }];
    }),
  );
  const description =
    values.description ||
    `Tuned by npm run tune on ${data.games} games (${files.join(', ')}): Texel's method from ${values.start === 'tuned' ? 'the previous tuned values' : "seed 003's KKPEE9 constants"}.`;
  const text = `${JSON.stringify(paramsToFile(run.params, description))}\n`;
  writeFileSync(values.out, text);
  process.stderr.write(`tune: wrote ${values.out}\n`);
  if (values.report) {
    const report: TuneReport = {
      files,
      positions: { train: train.count, heldOut: valid.count, skipped: data.skipped },
      scale: round(scale, 2),
      l2,
      heldOutError: { start: round(run.history[0]!.valid, 6), best: round(run.best.valid, 6) },
      bestEpoch: run.best.epoch,
      curve: run.history
        .filter((r) => r.epoch % 10 === 0)
        .map((r) => ({ epoch: r.epoch, train: round(r.train, 6), valid: round(r.valid, 6) })),
      families: Object.fromEntries(
        Object.entries(families).map(([k, v]) => [k, { meanMove: round(v.meanMove, 3) }]),
      ),
      paramsSha256: createHash('sha256').update(text).digest('hex'),
    };
    writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
  }
}

const round = (x: number, decimals: number): number => Number(x.toFixed(decimals));

/** What a run reports: the data, the scale, the errors, how far each family moved. */
export interface TuneReport {
  files: string[];
  positions: { train: number; heldOut: number; skipped: number };
  scale: number;
  l2: Record<string, number>;
  heldOutError: { start: number; best: number };
  bestEpoch: number;
  curve: { epoch: number; train: number; valid: number }[];
  families: Record<string, { meanMove: number }>;
  paramsSha256: string;
}

main();
