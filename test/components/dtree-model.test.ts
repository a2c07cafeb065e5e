/**
 * Chapter 7's widgets without a DOM: tests read in words (policies yes or no, counts, the king's
 * neighbours' states), the outline opens its top three levels and remembers the reader's toggles,
 * the chart's scales put 100 % at the top and every depth across, the confusion tables have the
 * paper's rows, the mate examples are mateDataset's, the neighbours drawn on the board are the
 * squares attributes 57–64 describe, and the engine client sends a kind's games before its first
 * request and again to a fresh worker.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accuracyOf,
  chartGeometry,
  chartSummary,
  childrenOf,
  columnInfo,
  conditionText,
  confusionRows,
  isOpen,
  keptSummary,
  mateExamples,
  MIN_LEAF_STEPS,
  minLeafIndex,
  neighbourOverlay,
  neighbourSquares,
  OPEN_LEVELS,
  percent,
  playedMove,
  randomTestPosition,
  stepExample,
  stepText,
  testGames,
  toggle,
} from '../../src/components/widgets/dtree/dtree-model';
import { EngineClient, type WorkerLike } from '../../src/components/engine-client';
import { loadGames } from '../../src/components/widgets/dtree/dtree-games';
import {
  ATTRIBUTE_COUNT,
  NeighbourState,
  positionAttributes,
} from '../../src/engine/dtree/position-attributes';
import {
  isTestGame,
  type MateGame,
  mateDataset,
  type TeacherGame,
} from '../../src/engine/dtree/data';
import { randomPlies } from '../../src/engine/lab/openings';
import { makeRandom } from '../../src/engine/lab/random';
import { Color, makeDrop, makeMove, makeSfen, parseSquareName, SQ81 } from '../../src/engine/index';
import type {
  DtreeSweepPoint,
  DtreeViewNode,
  EngineRequest,
  EngineResponse,
} from '../../src/engine/worker/protocol';
import { randomPlayouts } from '../../scripts/lib/playouts';

const leaf = (n0: number, n1: number): DtreeViewNode => ({
  kind: 'leaf',
  label: n1 > n0 ? 1 : 0,
  counts: [n0, n1],
});

describe('tests in words', () => {
  it('read a policy as yes or no, and best-move columns after the 28 policies as attributes', () => {
    const check = columnInfo('best', 9);
    expect(check).toMatchObject({ type: 'policy', number: 10, en: 'check', ja: '王手' });
    expect(conditionText(check, 0, 'gt')).toBe('check: yes');
    expect(conditionText(check, 0, 'le')).toBe('check: no');
    expect(columnInfo('best', 28 + 4)).toMatchObject({ type: 'attribute', number: 5 });
    expect(columnInfo('mate', 4)).toMatchObject({ type: 'attribute', en: 'our golds in hand' });
  });

  it('read a count against its threshold, "= 0" for a threshold of 0', () => {
    const golds = columnInfo('mate', 4);
    expect(conditionText(golds, 0, 'gt')).toBe('our golds in hand > 0');
    expect(conditionText(golds, 0, 'le')).toBe('our golds in hand = 0');
    expect(conditionText(golds, 2, 'le')).toBe('our golds in hand ≤ 2');
    expect(
      stepText('mate', { attribute: 4, threshold: 2, value: 1, branch: 'le', counts: [1, 1] }),
    ).toEqual({
      condition: 'our golds in hand ≤ 2',
      value: '1',
    });
    expect(
      stepText('mate', { attribute: 4, threshold: 0, value: 0, branch: 'le', counts: [1, 1] })
        .value,
    ).toBeNull();
  });

  it('read a neighbour’s state as the states on each side of the threshold', () => {
    const farLeft = columnInfo('mate', 56);
    expect(farLeft.neighbour).toBe(0);
    expect(conditionText(farLeft, 1, 'le')).toBe('far left neighbour: theirs only or neither');
    expect(conditionText(farLeft, 1, 'gt')).toBe(
      'far left neighbour: both, ours only or off the board',
    );
    expect(conditionText(columnInfo('mate', 63), 3, 'gt')).toBe(
      'near right neighbour: off the board',
    );
    expect(
      stepText('mate', { attribute: 57, threshold: 2, value: 3, branch: 'gt', counts: [1, 1] })
        .value,
    ).toBe('ours only');
  });
});

describe('the outline', () => {
  const policySplit: DtreeViewNode = {
    kind: 'split',
    attribute: 9,
    threshold: 0,
    gain: 0.1,
    counts: [10, 10],
    le: leaf(8, 2),
    gt: leaf(2, 8),
  };

  it('opens the top three levels at first', () => {
    expect(OPEN_LEVELS).toBe(3);
    expect(isOpen('', new Map())).toBe(true);
    expect(isOpen('lg', new Map())).toBe(true);
    expect(isOpen('lgl', new Map())).toBe(false);
  });

  it('remembers what the reader opens and closes', () => {
    let toggled: ReadonlyMap<string, boolean> = new Map();
    toggled = toggle(toggled, 'l');
    expect(isOpen('l', toggled)).toBe(false);
    expect(isOpen('g', toggled)).toBe(true);
    toggled = toggle(toggled, 'lgl');
    expect(isOpen('lgl', toggled)).toBe(true);
    toggled = toggle(toggled, 'l');
    expect(isOpen('l', toggled)).toBe(true);
  });

  it('lists a policy’s yes branch first and a count’s ≤ branch first', () => {
    expect(childrenOf('best', policySplit, '').map((c) => [c.key, c.condition])).toEqual([
      ['g', 'check: yes'],
      ['l', 'check: no'],
    ]);
    const countSplit = { ...policySplit, attribute: 28 + 4 };
    expect(childrenOf('best', countSplit, 'g').map((c) => [c.key, c.condition])).toEqual([
      ['gl', 'our golds in hand = 0'],
      ['gg', 'our golds in hand > 0'],
    ]);
    expect(childrenOf('best', leaf(1, 2), '')).toEqual([]);
  });
});

describe('the accuracy chart', () => {
  const points: DtreeSweepPoint[] = Array.from({ length: 31 }, (_, d) => ({
    maxDepth: d,
    train: 0.55 + (0.44 * d) / 30,
    test: Math.min(0.68, 0.55 + d / 50),
    leaves: 2 ** Math.min(d, 10),
  }));

  it('spans every depth across and the accuracies from a multiple of 10 % up to 100 %', () => {
    const g = chartGeometry(points);
    const { box } = g;
    expect(g.yMin).toBe(0.5);
    expect(g.x(0)).toBe(box.left);
    expect(g.x(30)).toBe(box.width - box.right);
    expect(g.y(1)).toBe(box.top);
    expect(g.y(0.5)).toBeCloseTo(box.height - box.bottom);
    expect(g.xTicks).toEqual([0, 10, 20, 30]);
    expect(g.yTicks).toEqual([1, 0.9, 0.8, 0.7, 0.6, 0.5]);
    expect(g.train.startsWith(`M${box.left.toFixed(1)},`)).toBe(true);
    expect(g.train.split('L')).toHaveLength(31);
  });

  it('ends the depth axis just after the tree stops growing, a deeper depth at its end', () => {
    // The accuracies last change at depth 12: the axis ends one step later, at 13, not at 100.
    const flat = Array.from({ length: 101 }, (_, d) => ({
      maxDepth: d,
      train: Math.min(d, 12) / 20 + 0.3,
      test: 0.6,
      leaves: 1 + Math.min(d, 12),
    }));
    const g = chartGeometry(flat);
    expect(g.xMax).toBe(13);
    expect(g.xTicks).toEqual([0, 5, 10]);
    expect(g.x(60)).toBe(g.x(13));
  });

  it('keeps room below a perfect score and ticks every 20 % on a tall scale', () => {
    expect(chartGeometry([{ maxDepth: 0, train: 1, test: 1, leaves: 1 }]).yMin).toBe(0.9);
    expect(chartGeometry([{ maxDepth: 0, train: 0.1, test: 0.05, leaves: 1 }]).yTicks).toEqual([
      1, 0.8, 0.6, 0.4, 0.2, 0,
    ]);
  });

  it('says what it shows in a sentence', () => {
    expect(chartSummary(points)).toBe(
      'Training accuracy from 55.0% at depth 0 to 99.0% at depth 30; test accuracy highest, 68.0%, at depth 7, and 68.0% at depth 30.',
    );
  });
});

describe('numbers', () => {
  it('give the paper’s confusion table: class 1’s row, then class 0’s, each with its accuracy', () => {
    const m: [[number, number], [number, number]] = [
      [80, 20],
      [30, 70],
    ];
    expect(confusionRows(m)).toEqual([
      { actual: 1, judgedOne: 70, judgedZero: 30, accuracy: 0.7 },
      { actual: 0, judgedOne: 20, judgedZero: 80, accuracy: 0.8 },
    ]);
    expect(accuracyOf(m)).toBe(0.75);
    expect(
      accuracyOf([
        [0, 0],
        [0, 0],
      ]),
    ).toBe(0);
    expect(percent(0.6813)).toBe('68.1%');
  });

  it('step the leaf size slider through its values', () => {
    expect(MIN_LEAF_STEPS[minLeafIndex(20)]).toBe(20);
    expect(MIN_LEAF_STEPS[minLeafIndex(19)]).toBe(20);
    expect(minLeafIndex(1)).toBe(0);
    expect(MIN_LEAF_STEPS[minLeafIndex(1000)]).toBe(200);
  });

  it('sum up a position’s verdicts', () => {
    expect(keptSummary(23, 97, true)).toBe(
      'The tree keeps 23 of 97 moves (23.7%); the teacher’s move is among them.',
    );
    expect(keptSummary(0, 5, false)).toMatch(/is not among them\.$/);
    expect(keptSummary(2, 4, null)).toBe('The tree keeps 2 of 4 moves (50.0%).');
  });
});

describe('positions and examples', () => {
  const teacher: TeacherGame[] = Array.from({ length: 20 }, (_, g) => {
    const { moves } = randomPlies(makeRandom(g), g === 19 ? 30 : 50 + g);
    return { opening: moves.slice(0, 6), moves: moves.slice(6), result: 'sente', end: 'mate' };
  });

  it('offer the test games’ positions from ply 40 on, chosen the same way each time', () => {
    // Games 18 and 19 are the test games; 19 is too short to give an example.
    expect(testGames(teacher)).toEqual([{ game: 18, from: 40, to: 67 }]);
    const a = makeRandom(5);
    const b = makeRandom(5);
    for (let i = 0; i < 10; i++) {
      const p = randomTestPosition(teacher, a)!;
      expect(p).toEqual(randomTestPosition(teacher, b));
      expect(p.game).toBe(18);
      expect(p.ply).toBeGreaterThanOrEqual(40);
      expect(p.ply).toBeLessThanOrEqual(67);
    }
    expect(randomTestPosition(teacher.slice(0, 1), a)).toBeNull();
  });

  it('number the mate examples as mateDataset does', () => {
    const games: MateGame[] = Array.from({ length: 30 }, (_, g) => {
      const { pos } = randomPlies(makeRandom(50 + g), 20);
      return g % 4 === 1
        ? { plies: 20, sfen: null, ply: -1, label: 0 }
        : { plies: 20, sfen: makeSfen(pos), ply: 20, label: g % 3 === 0 ? 1 : 0 };
    });
    const examples = mateExamples(games);
    const { data, source } = mateDataset(games);
    expect(examples.map((e) => e.game)).toEqual(Array.from(source.game));
    expect(examples.map((e) => e.label)).toEqual(Array.from(data.labels));
    expect(examples.map((e) => e.test)).toEqual(examples.map((e) => isTestGame(e.game, 30)));
    expect(examples.map((e) => e.index)).toEqual(examples.map((_, i) => i));
  });

  it('step through examples, wrapping, to the next of a label', () => {
    const list = [0, 1, 0, 0, 1].map((label, index) => ({
      index,
      game: index,
      label: label as 0 | 1,
      test: true,
    }));
    expect(stepExample(list, 0, 1)).toBe(1);
    expect(stepExample(list, 0, -1)).toBe(4);
    expect(stepExample(list, 1, 1, 1)).toBe(4);
    expect(stepExample(list, 4, 1, 1)).toBe(1);
    expect(stepExample(list, 2, -1, 0)).toBe(0);
    expect(stepExample(list.slice(0, 1), 0, 1, 1)).toBeNull();
  });
});

describe('the board', () => {
  it('tints the squares whose states attributes 57–64 hold', () => {
    const attributes = new Uint8Array(ATTRIBUTE_COUNT);
    let seen = 0;
    for (const { position: pos } of randomPlayouts(7, 40)) {
      positionAttributes(pos, attributes);
      const us = pos.sideToMove;
      const them = (us ^ 1) as 0 | 1;
      const states = Array.from(attributes.slice(56));
      neighbourSquares(pos).forEach((sq, j) => {
        if (sq < 0) return expect(states[j]).toBe(NeighbourState.OffBoard);
        const ours = pos.effectCount(us, sq) > 0;
        const theirs = pos.effectCount(them, sq) > 1; // the king's own effect left out
        const state = ours
          ? theirs
            ? NeighbourState.Both
            : NeighbourState.OursOnly
          : theirs
            ? NeighbourState.TheirsOnly
            : NeighbourState.Neither;
        expect(states[j], `neighbour ${j}`).toBe(state);
        seen++;
      });
      const overlay = neighbourOverlay(pos, states);
      const onBoard = neighbourSquares(pos).filter((sq) => sq >= 0);
      expect(overlay.filter((o) => o !== null)).toHaveLength(onBoard.length);
      for (const sq of onBoard) expect(overlay[SQ81[sq]!]).not.toBeNull();
    }
    expect(seen).toBeGreaterThan(100);
  });

  it('colours ours only in the attacker’s colour and theirs only in the defender’s', () => {
    const [first] = randomPlayouts(3, 1);
    const pos = first!.position;
    const attacker = pos.sideToMove === Color.Sente ? 'sente' : 'gote';
    const states = [3, 0, 2, 1, 3, 0, 2, 1];
    const overlay = neighbourOverlay(pos, states);
    neighbourSquares(pos).forEach((sq, j) => {
      if (sq < 0) return;
      const o = overlay[SQ81[sq]!]!;
      if (states[j] === 3) expect(o.tint).toBe(attacker);
      if (states[j] === 0) expect(o.tint).not.toBe(attacker);
      if (states[j] === 1) expect(o.tint).toBeUndefined();
    });
  });

  it('reads the move just played without a position', () => {
    expect(playedMove('7g7f')).toBe(makeMove(parseSquareName('7g'), parseSquareName('7f'), false));
    expect(playedMove('8h2b+')).toBe(makeMove(parseSquareName('8h'), parseSquareName('2b'), true));
    expect(playedMove('P*5e')).toBe(makeDrop(1, parseSquareName('5e')));
    expect(playedMove('resign')).toBeUndefined();
    expect(playedMove(null)).toBeUndefined();
  });
});

describe('the engine client’s decision-tree requests', () => {
  class FakeWorker implements WorkerLike {
    sent: EngineRequest[] = [];
    onmessage: ((event: { data: EngineResponse }) => void) | null = null;
    onerror: ((event: { message?: string }) => void) | null = null;
    terminated = false;
    postMessage(message: EngineRequest): void {
      this.sent.push(message);
    }
    terminate(): void {
      this.terminated = true;
    }
    answer(message: EngineResponse): void {
      this.onmessage?.({ data: message });
    }
  }
  const timers = { setTimeout: () => 0, clearTimeout: () => undefined };
  const loaded = (id: number): EngineResponse => ({
    type: 'dtreeloaded',
    id,
    kind: 'best',
    games: 1,
    examples: 2,
    width: 92,
    columns: 84,
    classes: [1, 1],
    train: [1, 1],
    test: [0, 0],
    last: null,
    ms: 1,
  });
  const tree = (id: number): EngineResponse => ({
    type: 'dtreetree',
    id,
    kind: 'best',
    settings: { maxDepth: 1, minLeaf: 1, minGain: 0 },
    tree: leaf(1, 1),
    trimmedBelow: null,
    stats: { nodes: 1, leaves: 1, depth: 0 },
    train: [
      [1, 0],
      [1, 0],
    ],
    test: [
      [0, 0],
      [0, 0],
    ],
    sweep: null,
    ms: { train: 1, sweep: 0 },
  });

  it('sends the games before the first request, not before the next, and again to a fresh worker', () => {
    const workers: FakeWorker[] = [];
    const client = new EngineClient(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    }, timers);
    const log: string[] = [];
    const handlers = {
      onLoaded: () => log.push('loaded'),
      onResult: () => log.push('tree'),
      onError: (e: { message: string }) => log.push(`error ${e.message}`),
    };
    client.dtreeTrain({ kind: 'best', maxDepth: 1, minLeaf: 1 }, handlers);
    expect(log).toEqual(['error no best games given to the client']);
    client.dtreeGamesFor({ kind: 'best', games: [] });
    client.dtreeTrain({ kind: 'best', maxDepth: 1, minLeaf: 1 }, handlers);
    const w = workers[0]!;
    expect(w.sent.map((m) => m.type)).toEqual(['dtree-load']);
    w.answer(loaded(w.sent[0]!.id));
    expect(w.sent.map((m) => m.type)).toEqual(['dtree-load', 'dtree-train']);
    w.answer(tree(w.sent[1]!.id));
    client.dtreeTrain({ kind: 'best', maxDepth: 2, minLeaf: 1 }, handlers);
    expect(w.sent.map((m) => m.type)).toEqual(['dtree-load', 'dtree-train', 'dtree-train']);
    // A newer request replaces the busy worker: the fresh one is sent the games again.
    client.dtreeTrain({ kind: 'best', maxDepth: 3, minLeaf: 1 }, handlers);
    expect(w.terminated).toBe(true);
    expect(workers[1]!.sent.map((m) => m.type)).toEqual(['dtree-load']);
    expect(log).toEqual(['error no best games given to the client', 'loaded', 'tree']);
  });
});

describe('fetching a games file', () => {
  afterEach(() => vi.unstubAllGlobals());
  const respond = (status: number, body: unknown) =>
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

  it('gives the games, fetching each file once', async () => {
    const fetch = respond(200, { description: 'x', games: [{ sfen: null }] });
    vi.stubGlobal('fetch', fetch);
    expect(await loadGames('/a.json')).toEqual({ ok: true, games: [{ sfen: null }] });
    await loadGames('/a.json');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says what went wrong, and tries again next time', async () => {
    vi.stubGlobal('fetch', respond(404, {}));
    expect(await loadGames('/missing.json')).toEqual({
      ok: false,
      error: 'Could not fetch the games (/missing.json): HTTP 404.',
    });
    vi.stubGlobal('fetch', respond(200, { games: 'none' }));
    expect(await loadGames('/missing.json')).toEqual({
      ok: false,
      error: '/missing.json is not a games file: it has no list of games.',
    });
  });
});
