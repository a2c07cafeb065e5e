/**
 * The worker's decision-tree requests on small games made here: a load answers with the counts
 * the data functions give, a trained tree and its confusion counts are what `train` and
 * `confusion` give directly (and a tree cut from a deeper one is the same tree), the depth sweep
 * agrees with a tree per depth, the moves request judges every legal move and marks the teacher's,
 * the mate request gives the exact test's answer, and bad requests are refused with the field named.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bestMoveDataset,
  isTestGame,
  type MateGame,
  mateDataset,
  moveRows,
  outcomeDataset,
  replay,
  splitByGame,
  type TeacherGame,
} from '../../../src/engine/dtree/data';
import { BEST_MOVE_COLUMNS, OTHER_MOVE_SEED } from '../../../src/engine/dtree/tables';
import {
  MATE_ATTRIBUTES,
  BEST_MOVE_ATTRIBUTES,
} from '../../../src/engine/dtree/position-attributes';
import { train } from '../../../src/engine/dtree/id3';
import { classify, confusion, treeStats, type TreeNode } from '../../../src/engine/dtree/tree';
import { randomPlies } from '../../../src/engine/lab/openings';
import { makeRandom } from '../../../src/engine/lab/random';
import { findShortMate } from '../../../src/engine/short-mate';
import { makeSfen, makeUsiMove, parseSfen } from '../../../src/engine/index';
import { buildExamples } from '../../../src/engine/dtree/examples';
import { DtreeLab, parsePositionWithPrevious } from '../../../src/engine/dtree/lab';
import {
  sweepByTraining,
  sweepByTruncation,
  truncateTree,
  viewTree,
} from '../../../src/engine/dtree/sweep';
import {
  DTREE_SWEEP_DEPTH,
  type DtreeRequest,
  type DtreeViewNode,
  type EngineResponse,
} from '../../../src/engine/worker/protocol';
import { handleRequest } from '../../../src/engine/worker/worker';
import tsume from '../../fixtures/tsume.json';

/** A teacher game of random legal moves (seeded), long enough to give best-move examples. */
function randomGame(seed: number, plies: number, result: TeacherGame['result']): TeacherGame {
  const { moves } = randomPlies(makeRandom(seed), plies);
  return { opening: moves.slice(0, 8), moves: moves.slice(8), result, end: 'mate' };
}

const TEACHER_GAMES: TeacherGame[] = Array.from({ length: 24 }, (_, g) =>
  randomGame(100 + g, 56 + (g % 7) * 3, g % 5 === 4 ? 'draw' : g % 2 === 0 ? 'sente' : 'gote'),
);

/** Mate games: the tsume fixture's problems (mates) and random positions (labelled by the test). */
const MATE_GAMES: MateGame[] = [
  ...tsume.problems
    .slice(0, 20)
    .map((p, g) => ({ plies: 40 + g, sfen: p.sfen, ply: 40, label: 1 as const })),
  { plies: 12, sfen: null, ply: -1, label: 0 },
  ...Array.from({ length: 19 }, (_, g) => {
    const { pos } = randomPlies(makeRandom(300 + g), 30 + g);
    const label: 0 | 1 = findShortMate(pos, 3) === 0 ? 0 : 1;
    return { plies: 60, sfen: makeSfen(pos), ply: 30 + g, label };
  }),
];

function ask(lab: DtreeLab, request: DtreeRequest): EngineResponse[] {
  const out: EngineResponse[] = [];
  lab.handle(request, (m) => out.push(m));
  return out;
}

/** The last answer, which must be of `type`. */
function answer<T extends EngineResponse['type']>(
  out: EngineResponse[],
  type: T,
): Extract<EngineResponse, { type: T }> {
  const last = out.at(-1);
  if (last?.type === 'error') throw new Error(`error: ${last.message}`);
  expect(last?.type).toBe(type);
  return last as Extract<EngineResponse, { type: T }>;
}

/** The error a refused request answers with (and nothing else). */
function refusal(lab: DtreeLab, request: DtreeRequest): string {
  const out = ask(lab, request);
  expect(out).toHaveLength(1);
  expect(out[0]).toMatchObject({ type: 'error', id: request.id });
  return out[0]?.type === 'error' ? out[0].message : '';
}

const SETTINGS = { maxDepth: 6, minLeaf: 3, minGain: 0 };

describe('dtree-load', () => {
  const lab = new DtreeLab(() => 0);

  it('builds the best-move examples and answers with their counts and split', () => {
    const out = ask(lab, { type: 'dtree-load', id: 1, kind: 'best', games: TEACHER_GAMES });
    const loaded = answer(out, 'dtreeloaded');
    const { data, source } = bestMoveDataset(TEACHER_GAMES, OTHER_MOVE_SEED);
    const split = splitByGame(source, TEACHER_GAMES.length);
    const ones = (subset: Int32Array) => subset.reduce((n, i) => n + data.labels[i]!, 0);
    expect(loaded).toMatchObject({
      id: 1,
      kind: 'best',
      games: 24,
      examples: data.count,
      width: data.width,
      columns: BEST_MOVE_COLUMNS.length,
      last: null,
    });
    expect(loaded.train).toEqual([split.train.length - ones(split.train), ones(split.train)]);
    expect(loaded.test).toEqual([split.test.length - ones(split.test), ones(split.test)]);
    expect(loaded.classes[0] + loaded.classes[1]).toBe(data.count);
    expect(out.filter((m) => m.type === 'dtreeprogress').length).toBeGreaterThan(0);
  });

  it('builds the examples in steps exactly as one call over all the games', () => {
    for (const [kind, games, whole] of [
      ['best', TEACHER_GAMES, bestMoveDataset(TEACHER_GAMES, OTHER_MOVE_SEED)],
      ['outcome', TEACHER_GAMES, outcomeDataset(TEACHER_GAMES, 50)],
      ['mate', MATE_GAMES, mateDataset(MATE_GAMES)],
    ] as const) {
      const steps: number[] = [];
      const built = buildExamples(kind, games, 50, (done) => steps.push(done));
      expect(built.data, kind).toEqual(whole.data);
      expect(built.source, kind).toEqual(whole.source);
      expect(steps.at(-1)).toBe(games.length);
    }
  });

  it('builds the outcome examples from the last positions of decided games', () => {
    const loaded = answer(
      ask(lab, { type: 'dtree-load', id: 2, kind: 'outcome', games: TEACHER_GAMES, last: 20 }),
      'dtreeloaded',
    );
    expect(loaded.examples).toBe(outcomeDataset(TEACHER_GAMES, 20).data.count);
    expect(loaded).toMatchObject({ last: 20, columns: BEST_MOVE_ATTRIBUTES.length });
  });

  it('builds the mate examples, one for each game with a position', () => {
    const loaded = answer(
      ask(lab, { type: 'dtree-load', id: 3, kind: 'mate', games: MATE_GAMES }),
      'dtreeloaded',
    );
    expect(loaded).toMatchObject({ games: 40, examples: 39, columns: MATE_ATTRIBUTES.length });
  });

  it('refuses an unknown kind, games that are not games, and a game with a bad move', () => {
    expect(
      refusal(lab, { type: 'dtree-load', id: 4, kind: 'wins' as 'best', games: TEACHER_GAMES }),
    ).toMatch(/kind must be one of best, mate, outcome, got "wins"/);
    expect(refusal(lab, { type: 'dtree-load', id: 5, kind: 'best', games: {} as never })).toMatch(
      /games must be a list/,
    );
    expect(
      refusal(lab, { type: 'dtree-load', id: 6, kind: 'mate', games: TEACHER_GAMES as never }),
    ).toMatch(/game 0: sfen must be an SFEN or null/);
    const broken = TEACHER_GAMES.map((g, i) =>
      i === 13 ? { ...g, moves: [...g.moves.slice(0, 5), '1a1z', ...g.moves.slice(6)] } : g,
    );
    expect(refusal(lab, { type: 'dtree-load', id: 7, kind: 'best', games: broken })).toMatch(
      /^dtree-load: game 13: ply 14 \(1a1z\)/,
    );
    const badSfen = MATE_GAMES.map((g, i) => (i === 3 ? { ...g, sfen: 'not a position' } : g));
    expect(refusal(lab, { type: 'dtree-load', id: 8, kind: 'mate', games: badSfen })).toMatch(
      /^dtree-load: game 3: SFEN/,
    );
  });
});

describe('dtree-train', () => {
  const lab = new DtreeLab(() => 0);
  const { data, source } = bestMoveDataset(TEACHER_GAMES, OTHER_MOVE_SEED);
  const split = splitByGame(source, TEACHER_GAMES.length);
  const direct = (maxDepth: number, minLeaf = SETTINGS.minLeaf) =>
    train(data, {
      maxDepth,
      minLeaf,
      minGain: 0,
      attributes: BEST_MOVE_COLUMNS,
      subset: split.train,
    });
  beforeAll(() => {
    answer(
      ask(lab, { type: 'dtree-load', id: 1, kind: 'best', games: TEACHER_GAMES }),
      'dtreeloaded',
    );
  });

  it('gives the tree, size and confusion counts that train and confusion give', () => {
    const message = answer(
      ask(lab, { type: 'dtree-train', id: 2, kind: 'best', ...SETTINGS }),
      'dtreetree',
    );
    const tree = direct(SETTINGS.maxDepth);
    expect(message.tree).toEqual(tree);
    expect(message.trimmedBelow).toBeNull();
    expect(message.stats).toEqual(treeStats(tree));
    expect(message.train).toEqual(confusion(tree, data, split.train));
    expect(message.test).toEqual(confusion(tree, data, split.test));
    expect(message.settings).toEqual(SETTINGS);
    expect(message.sweep).toBeNull();
  });

  it('sweeps every depth, and later trees cut from the deep one are the trees train grows', () => {
    const out = ask(lab, {
      type: 'dtree-train',
      id: 3,
      kind: 'best',
      maxDepth: 4,
      minLeaf: 2,
      sweep: true,
    });
    const message = answer(out, 'dtreetree');
    expect(message.sweep).toHaveLength(DTREE_SWEEP_DEPTH + 1);
    expect(message.sweep).toEqual(
      sweepByTraining(
        data,
        BEST_MOVE_COLUMNS,
        split.train,
        split.test,
        { minLeaf: 2, minGain: 0 },
        DTREE_SWEEP_DEPTH,
      ),
    );
    expect(message.tree).toEqual(direct(4, 2));
    for (const maxDepth of [0, 1, 7, DTREE_SWEEP_DEPTH]) {
      const cut = answer(
        ask(lab, { type: 'dtree-train', id: 4, kind: 'best', maxDepth, minLeaf: 2 }),
        'dtreetree',
      );
      expect(cut.tree, `depth ${maxDepth}`).toEqual(direct(maxDepth, 2));
      expect(cut.ms.train).toBe(0); // cut, not grown
    }
  });

  it('trains mate trees on the mate attributes and outcome trees on attributes 1–56', () => {
    answer(ask(lab, { type: 'dtree-load', id: 5, kind: 'mate', games: MATE_GAMES }), 'dtreeloaded');
    const mate = answer(
      ask(lab, { type: 'dtree-train', id: 6, kind: 'mate', maxDepth: 3, minLeaf: 1 }),
      'dtreetree',
    );
    const m = mateDataset(MATE_GAMES);
    const ms = splitByGame(m.source, MATE_GAMES.length);
    const tree = train(m.data, {
      maxDepth: 3,
      minLeaf: 1,
      minGain: 0,
      attributes: MATE_ATTRIBUTES,
      subset: ms.train,
    });
    expect(mate.tree).toEqual(tree);
    expect(mate.test).toEqual(confusion(tree, m.data, ms.test));
  });

  it('refuses bad settings, an unknown kind and a kind not loaded, naming what is wrong', () => {
    const fresh = new DtreeLab(() => 0);
    const base = { type: 'dtree-train', id: 9, kind: 'best', ...SETTINGS } as const;
    expect(refusal(lab, { ...base, maxDepth: -1 })).toBe(
      'dtree-train: maxDepth must be a whole number from 0 to 100, got -1',
    );
    expect(refusal(lab, { ...base, maxDepth: 2.5 })).toMatch(/maxDepth .* got 2.5/);
    expect(refusal(lab, { ...base, minLeaf: 0 })).toMatch(/minLeaf must be a whole number from 1/);
    expect(refusal(lab, { ...base, minGain: Number.NaN })).toMatch(/minGain .* got NaN/);
    expect(refusal(lab, { ...base, kind: 'tsume' as 'best' })).toMatch(/kind must be one of/);
    expect(refusal(fresh, base)).toMatch(/dtree-train: no best examples in this worker yet/);
  });
});

describe('the sweep, the cut and the view', () => {
  const { data, source } = bestMoveDataset(TEACHER_GAMES, OTHER_MOVE_SEED);
  const split = splitByGame(source, TEACHER_GAMES.length);
  const settings = { minLeaf: 1, minGain: 0 };
  const grow = (maxDepth: number): TreeNode =>
    train(data, { ...settings, maxDepth, attributes: BEST_MOVE_COLUMNS, subset: split.train });

  it('cuts a deep tree into the tree of every smaller depth', () => {
    const deep = grow(30);
    for (let d = 0; d <= 30; d++) expect(truncateTree(deep, d), `depth ${d}`).toEqual(grow(d));
  });

  it('measures every depth in one walk as a tree per depth does', () => {
    const deep = grow(12);
    expect(sweepByTruncation(deep, data, split.train, split.test, 12)).toEqual(
      sweepByTraining(data, BEST_MOVE_COLUMNS, split.train, split.test, settings, 12),
    );
  });

  it('sends a big tree’s top levels and the sizes below them', () => {
    const tree = grow(30);
    const stats = treeStats(tree);
    const { tree: view, trimmedBelow } = viewTree(tree, 20);
    expect(trimmedBelow).not.toBeNull();
    let full = 0;
    let below = 0;
    const walk = (node: DtreeViewNode, depth: number): void => {
      if (node.kind === 'trimmed') {
        expect(depth).toBe(trimmedBelow);
        below += node.nodes;
        return;
      }
      full++;
      if (node.kind === 'split') {
        walk(node.le, depth + 1);
        walk(node.gt, depth + 1);
      }
    };
    walk(view, 0);
    expect(full).toBeLessThanOrEqual(20 + 2 ** trimmedBelow!);
    expect(full + below).toBe(stats.nodes);
    expect(viewTree(tree, stats.nodes)).toEqual({ tree, trimmedBelow: null });
  });
});

describe('dtree-moves', () => {
  const lab = new DtreeLab(() => 0);
  const { data, source } = bestMoveDataset(TEACHER_GAMES, OTHER_MOVE_SEED);
  const split = splitByGame(source, TEACHER_GAMES.length);
  const tree = train(data, { ...SETTINGS, attributes: BEST_MOVE_COLUMNS, subset: split.train });
  const testGame = TEACHER_GAMES.findIndex((_, g) => isTestGame(g, TEACHER_GAMES.length));
  beforeAll(() => {
    answer(
      ask(lab, { type: 'dtree-load', id: 1, kind: 'best', games: TEACHER_GAMES }),
      'dtreeloaded',
    );
  });

  it('judges every legal move of a game’s position and marks the teacher’s move', () => {
    const ply = 45;
    const message = answer(
      ask(lab, { type: 'dtree-moves', id: 2, game: testGame, ply, ...SETTINGS }),
      'dtreemoves',
    );
    const game = TEACHER_GAMES[testGame]!;
    const all = [...game.opening, ...game.moves];
    replay(all.slice(0, ply + 1), (pos, p, _move, previous) => {
      if (p !== ply) return;
      const rows = moveRows(pos, previous);
      expect(message.moves.map((m) => m.usi)).toEqual(rows.moves.map(makeUsiMove));
      rows.moves.forEach((_, i) => {
        const row = rows.data.values.subarray(i * rows.data.width, (i + 1) * rows.data.width);
        const c = classify(tree, row);
        expect(message.moves[i]).toMatchObject({
          label: c.label,
          path: c.path,
          counts: c.leaf.counts,
        });
      });
      expect(message.previous).toBe(makeUsiMove(previous));
    });
    expect(message.teacher).toBe(all[ply]);
    expect(message.moves.filter((m) => m.teacher).map((m) => m.usi)).toEqual([all[ply]]);
    expect(message.legal).toBe(message.moves.length);
    expect(message.kept).toBe(message.moves.filter((m) => m.label === 1).length);
    expect(message.teacherKept).toBe(message.moves.find((m) => m.teacher)!.label === 1);
    expect(message).toMatchObject({ game: testGame, ply });
  });

  it('judges a position given as SFEN with moves, the last move being the one just played', () => {
    const message = answer(
      ask(lab, { type: 'dtree-moves', id: 3, sfen: 'startpos moves 7g7f 3c3d 8h2b+', ...SETTINGS }),
      'dtreemoves',
    );
    expect(message.previous).toBe('8h2b+');
    expect(message.teacher).toBeNull();
    expect(message.teacherKept).toBeNull();
    // Policy 11, capturing the piece that just moved: 3a2b and 3a... take the bishop.
    const recapture = message.moves.find((m) => m.usi === '3a2b')!;
    expect(recapture.policies).toContain(11);
  });

  it('refuses a game or ply out of range and a bad SFEN, naming them', () => {
    const base = { type: 'dtree-moves', id: 4, ...SETTINGS } as const;
    expect(refusal(lab, { ...base, game: 24, ply: 50 })).toBe(
      'dtree-moves: game must be a whole number from 0 to 23 (the games loaded), got 24',
    );
    expect(refusal(lab, { ...base, game: 0, ply: 500 })).toMatch(/ply must be .* got 500/);
    expect(refusal(lab, { ...base, sfen: 'lnsgkgsnl/9 b' })).toMatch(/^dtree-moves: sfen: SFEN/);
    expect(refusal(lab, { ...base, sfen: 'startpos moves 7g7f 7g7f' })).toMatch(
      /^dtree-moves: sfen: move 2 \(7g7f\)/,
    );
    expect(refusal(lab, { ...base, maxDepth: 101, game: 0, ply: 40 })).toMatch(/maxDepth/);
  });
});

describe('dtree-mate', () => {
  const lab = new DtreeLab(() => 0);
  const { data, source } = mateDataset(MATE_GAMES);
  beforeAll(() => {
    answer(ask(lab, { type: 'dtree-load', id: 1, kind: 'mate', games: MATE_GAMES }), 'dtreeloaded');
  });

  it('gives an example’s attributes, the tree’s verdict and the exact test’s answer', () => {
    const split = splitByGame(source, MATE_GAMES.length);
    const tree = train(data, {
      maxDepth: 4,
      minLeaf: 1,
      minGain: 0,
      attributes: MATE_ATTRIBUTES,
      subset: split.train,
    });
    for (const index of [0, 5, 19, 25, 38]) {
      const message = answer(
        ask(lab, { type: 'dtree-mate', id: 2, index, maxDepth: 4, minLeaf: 1 }),
        'dtreemate',
      );
      const game = MATE_GAMES[source.game[index]!]!;
      const pos = parseSfen(game.sfen!);
      if (!pos.ok) throw new Error(pos.error);
      const row = data.values.subarray(index * data.width, (index + 1) * data.width);
      expect(message.attributes).toEqual(Array.from(row));
      const c = classify(tree, row);
      expect(message).toMatchObject({
        index,
        game: source.game[index],
        label: c.label,
        path: c.path,
      });
      const mate = findShortMate(pos.value, 3);
      expect(message.mate).toBe(mate === 0 ? null : makeUsiMove(mate));
      expect(message.exampleLabel).toBe(game.label);
    }
  });

  it('answers for an SFEN: the fixture’s mate in 1 is found', () => {
    const problem = tsume.problems[0]!;
    const message = answer(
      ask(lab, { type: 'dtree-mate', id: 3, sfen: problem.sfen, maxDepth: 4, minLeaf: 1 }),
      'dtreemate',
    );
    expect(problem.mates).toContain(message.mate);
    expect(message).toMatchObject({ index: null, exampleLabel: null });
  });

  it('refuses an index out of range and a bad SFEN', () => {
    const base = { type: 'dtree-mate', id: 4, maxDepth: 4, minLeaf: 1 } as const;
    expect(refusal(lab, { ...base, index: 39 })).toBe(
      'dtree-mate: index must be a whole number from 0 to 38 (the mate examples), got 39',
    );
    expect(refusal(lab, { ...base, index: -1 })).toMatch(/got -1/);
    expect(refusal(lab, { ...base, sfen: '9/9/9 b - 1' })).toMatch(/^dtree-mate: sfen: SFEN/);
  });
});

describe('the worker', () => {
  it('answers dtree requests through handleRequest', () => {
    const out: EngineResponse[] = [];
    handleRequest({ type: 'dtree-load', id: 1, kind: 'mate', games: MATE_GAMES }, (m) =>
      out.push(m),
    );
    handleRequest({ type: 'dtree-mate', id: 2, index: 0, maxDepth: 2, minLeaf: 5 }, (m) =>
      out.push(m),
    );
    expect(out.at(-1)).toMatchObject({ type: 'dtreemate', id: 2, index: 0 });
  });

  it('reads a position with the move that led to it', () => {
    const parsed = parsePositionWithPrevious('position startpos moves 7g7f 3c3d');
    expect(parsed.ok && makeUsiMove(parsed.value.previous)).toBe('3c3d');
    const plain = parsePositionWithPrevious('startpos');
    expect(plain.ok && plain.value.previous).toBe(0);
  });
});
