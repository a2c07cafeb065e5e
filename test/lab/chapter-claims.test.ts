/**
 * What the chapters say in words about the lab's match series, checked against the data files the
 * numbers beside those words come from: when a series is played again and the games say something
 * else, this fails and the sentence must change with the data.
 */
import { readFileSync } from 'node:fs';
import { countCode } from '../../scripts/end-of-game';
import { describe, expect, it } from 'vitest';
import { eloInterval, type EloInterval } from '../../src/components/lab/format';
import type { MatchSeriesData } from '../../src/engine/lab/experiment-data';
import rankFixture from '../../src/engine/eval/move-rank-positions.json' with { type: 'json' };
import { STRONGEST } from '../../src/engine/lab/presets';
import { givesCheck } from '../../src/engine/move-check';
import { parseUsiMove } from '../../src/engine/notation';
import { parseSfen } from '../../src/engine/sfen';

function series(name: string): Map<string, EloInterval> {
  const data = JSON.parse(
    readFileSync(`src/data/experiments/${name}.json`, 'utf8'),
  ) as MatchSeriesData;
  return new Map(data.results.matches.map((m) => [m.id, eloInterval(m.tally.stats)]));
}

const overlap = (a: EloInterval, b: EloInterval): boolean => a.low <= b.high && b.low <= a.high;

describe('chapter 2, Measuring a move evaluation (move-rank)', () => {
  interface RankRow {
    name: string;
    averageRank: number;
    medianRank: number;
    top1: number;
    better: number;
    worse: number;
    largestShift: { seedMeanWithout: number; meanWithout: number } | null;
    ranks: number[];
  }
  const data = JSON.parse(readFileSync('src/data/experiments/move-rank.json', 'utf8')) as {
    results: { positions: number; rows: RankRow[] };
  };
  const row = (name: string): RankRow => data.results.rows.find((r) => r.name === name)!;
  const seed = row('seed 000 constants');

  it('a third for the attack weight lowers the mean, nearly all through one position', () => {
    const r = row('attack weight 1/3');
    expect(r.averageRank).toBeLessThan(seed.averageRank - 1);
    const { seedMeanWithout, meanWithout } = r.largestShift!;
    expect(Math.abs(meanWithout - seedMeanWithout)).toBeLessThan(0.25);
  });

  it('without the king threats the mean rises beyond its largest shift; as many rise as fall, a rise is a place or three, and every fall is a check', () => {
    const r = row('no king threats');
    expect(r.averageRank).toBeGreaterThan(seed.averageRank);
    expect(r.medianRank).toBeGreaterThan(seed.medianRank);
    expect(r.largestShift!.meanWithout).toBeGreaterThan(r.largestShift!.seedMeanWithout);
    expect(r.worse).toBe(r.better);
    let longest = 0;
    r.ranks.forEach((rank, i) => {
      const shift = rank - seed.ranks[i]!;
      if (shift < 0) expect(-shift, `position ${i}`).toBeLessThanOrEqual(3);
      if (shift <= 0) return;
      longest = Math.max(longest, shift);
      const p = rankFixture.positions[i]!;
      const pos = parseSfen(p.sfen);
      if (!pos.ok) throw new Error(pos.error);
      const move = parseUsiMove(pos.value, p.reference);
      if (!move.ok) throw new Error(move.error);
      expect(givesCheck(pos.value, move.value), `position ${i}: ${p.reference}`).toBe(true);
    });
    expect(longest).toBeGreaterThan(50);
  });

  it('the capture bonus and the focus pawn move a few positions and not the median; the seed as written moves the mean and the median opposite ways', () => {
    for (const name of ['no capture bonus', 'capture bonus 3000', 'no focus pawn']) {
      expect(row(name).medianRank, name).toBe(seed.medianRank);
      expect(row(name).better + row(name).worse, name).toBeLessThanOrEqual(6);
    }
    const written = row('seed 000 read as written');
    expect(Math.sign(written.averageRank - seed.averageRank)).toBe(
      -Math.sign(written.medianRank - seed.medianRank),
    );
  });

  it('the top-1 share hardly changes in any row', () => {
    for (const r of data.results.rows)
      expect(Math.abs(r.top1 - seed.top1), r.name).toBeLessThan(0.03);
  });
});

describe('chapter 3, In games (pruning-elo-nodes)', () => {
  const elo = series('pruning-elo-nodes');
  const single = ['threshold', 'null', 'lmr', 'futility'];
  const at = (id: string): EloInterval => elo.get(id)!;

  it('every scheme beats plain α-β, every interval clear of zero', () => {
    expect([...elo.keys()].sort()).toEqual([...single, 'rank10', 'seed-rule', 'modern'].sort());
    for (const [id, i] of elo) expect(i.low, id).toBeGreaterThan(0);
  });

  it('pruning by rank gains by far the most, its interval clear above every other', () => {
    for (const id of [...single, 'seed-rule', 'modern'])
      expect(at('rank10').low, id).toBeGreaterThan(at(id).high);
  });

  it('futility and LMR gain more than the null move', () => {
    expect(at('futility').elo).toBeGreaterThan(at('null').elo);
    expect(at('lmr').elo).toBeGreaterThan(at('null').elo);
  });

  it('the three backward schemes together gain more than any alone, less than the sum', () => {
    for (const id of single) expect(at('modern').elo).toBeGreaterThan(at(id).elo);
    expect(at('modern').elo).toBeLessThan(at('null').elo + at('lmr').elo + at('futility').elo);
  });

  it('the single backward schemes’ and the threshold’s intervals overlap one another', () => {
    for (const a of single)
      for (const b of single) expect(overlap(at(a), at(b)), `${a} ${b}`).toBe(true);
  });

  it('the three together stand clear of the null move only, not of the threshold, LMR or futility', () => {
    expect(overlap(at('modern'), at('null'))).toBe(false);
    for (const id of ['threshold', 'lmr', 'futility'])
      expect(overlap(at('modern'), at(id)), id).toBe(true);
  });
});

describe('chapter 4, In games (extensions-elo-nodes)', () => {
  const elo = series('extensions-elo-nodes');

  it('the check extension pays, its interval clear of zero; the recapture re-search’s spans zero', () => {
    expect([...elo.keys()].sort()).toEqual(['check', 'recapture']);
    expect(elo.get('check')!.low).toBeGreaterThan(0);
    const r = elo.get('recapture')!;
    expect(r.low < 0 && r.high > 0).toBe(true);
  });

  it('the recapture re-search’s interval is about forty Elo wide on either side', () => {
    const r = elo.get('recapture')!;
    expect((r.high - r.low) / 2).toBeGreaterThan(30);
    expect((r.high - r.low) / 2).toBeLessThan(50);
  });
});

describe('chapter 4, at equal time (extensions-elo-time)', () => {
  const time = series('extensions-elo-time');

  it('the check extension’s interval lies above zero', () => {
    expect(time.get('check')!.low).toBeGreaterThan(0);
  });

  it('the recapture re-search leans towards a loss, its interval still reaching zero', () => {
    const r = time.get('recapture')!;
    expect(r.elo).toBeLessThan(0);
    expect(r.high).toBeGreaterThan(0);
  });
});

describe('chapter 3, at equal time (pruning-elo-time)', () => {
  const time = series('pruning-elo-time');
  const nodes = series('pruning-elo-nodes');
  const at = (id: string): EloInterval => time.get(id)!;

  it('pruning by rank keeps about half its gain at equal nodes, still clear of zero', () => {
    expect(at('rank10').low).toBeGreaterThan(0);
    const share = at('rank10').elo / nodes.get('rank10')!.elo;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.7);
  });

  it('the threshold’s interval spans zero, and so does the seed’s own setup’s', () => {
    for (const id of ['threshold', 'seed-rule']) {
      expect(at(id).low, id).toBeLessThan(0);
      expect(at(id).high, id).toBeGreaterThan(0);
    }
  });

  it('the three backward schemes together keep their gain', () => {
    expect(at('modern').low).toBeGreaterThan(0);
    expect(overlap(at('modern'), nodes.get('modern')!)).toBe(true);
  });

  it('the games do not rank the backward trio against pruning by rank; it stands clear of the threshold only', () => {
    expect(overlap(at('modern'), at('rank10'))).toBe(true);
    expect(at('modern').low).toBeGreaterThan(at('threshold').high);
  });
});

describe('chapter 3, each backward scheme at equal time (pruning-elo-time)', () => {
  const time = series('pruning-elo-time');

  it('the games look like shogi: king moves under a tenth of all moves in every match', () => {
    const data = JSON.parse(
      readFileSync('src/data/experiments/pruning-elo-time.json', 'utf8'),
    ) as MatchSeriesData;
    for (const m of data.results.matches) expect(m.tally.kingMoveShare.all, m.id).toBeLessThan(0.1);
  });

  it('null move, LMR and futility each win, each interval clear of zero', () => {
    for (const id of ['null', 'lmr', 'futility']) expect(time.get(id)!.low, id).toBeGreaterThan(0);
  });
});

describe('chapter 3, forward pruning’s agreement with the reference (pruning-bench)', () => {
  const data = JSON.parse(readFileSync('src/data/experiments/pruning-bench.json', 'utf8')) as {
    results: {
      summary: {
        name: string;
        agrees: number;
        agreesAtNodes: number;
        nodesRatio: number;
        cpuRatio: number;
        depthInTimeHigh: number;
      }[];
    };
  };
  const rows = data.results.summary.filter((r) => r.name.startsWith('forward'));
  const plain = data.results.summary.find((r) => r.name === 'plain')!;

  it('the threshold reads about half the nodes but saves little of the time, and reaches hardly deeper', () => {
    for (const name of ['forward threshold -100', 'forward threshold -100, nothing kept']) {
      const r = data.results.summary.find((row) => row.name === name)!;
      expect(r.nodesRatio, name).toBeGreaterThan(0.4);
      expect(r.nodesRatio, name).toBeLessThan(0.65);
      expect(r.cpuRatio, name).toBeGreaterThan(0.85);
      expect(r.depthInTimeHigh - plain.depthInTimeHigh, name).toBeLessThan(0.5);
    }
  });

  it('every forward row differs from plain α-β by at most three positions', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(Math.abs(r.agrees - plain.agrees), r.name).toBeLessThanOrEqual(3);
      expect(Math.abs(r.agreesAtNodes - plain.agreesAtNodes), r.name).toBeLessThanOrEqual(3);
    }
  });
});

describe('chapter 5, What it costs and In games (dual-credit-nodes, dual-credit-elo)', () => {
  it('warns that its games are still material’s while their king moves are a tenth or more', () => {
    const data = JSON.parse(
      readFileSync('src/data/experiments/dual-credit-elo.json', 'utf8'),
    ) as MatchSeriesData;
    const oddGames = data.results.matches.some((m) => (m.tally.kingMoveShare.all ?? 0) >= 0.1);
    const chapter = readFileSync('src/content/chapters/dual-credit.mdx', 'utf8');
    expect(chapter.includes('still played by the engine')).toBe(oddGames);
  });

  const elo = series('dual-credit-elo');
  const at = (id: string): EloInterval => elo.get(id)!;
  const nodes = JSON.parse(readFileSync('src/data/experiments/dual-credit-nodes.json', 'utf8')) as {
    results: {
      summary: {
        medianIncreasePct: number;
        matchedCombinedLimit: number;
        combined: { limit: number; extensions: number }[];
        separate: { extensions: number };
        fullBothShare: number;
        referencePlain: number;
        referenceDualCredit: number;
        deeper: { depth: number; matched: number }[];
      };
      rows: { increasePct: number }[];
    };
  };
  const { summary, rows } = nodes.results;

  it('ours costs more than the paper’s: a median above a tenth more nodes', () => {
    expect(summary.medianIncreasePct).toBeGreaterThan(10);
  });

  it('Dual Credit finds the move of a search one ply deeper no more often than plain α-β', () => {
    expect(summary.referenceDualCredit).toBeLessThanOrEqual(summary.referencePlain);
  });

  it('Dual Credit reads more nodes in most positions', () => {
    expect(rows.filter((r) => r.increasePct > 1).length).toBeGreaterThan((2 * rows.length) / 3);
  });

  it('the shared limit matched by nodes is little more than the separate one; at 4 it hardly ever fills', () => {
    expect(summary.matchedCombinedLimit).toBeLessThanOrEqual(2.5);
    expect(summary.combined.find((c) => c.limit === 4)!.extensions).toBeLessThan(10);
  });

  it('few full accounts meet credit on the other side, and the matched limit climbs one ply deeper, still under twice', () => {
    expect(summary.fullBothShare).toBeLessThan(0.25);
    const [at, deeper] = summary.deeper;
    expect(deeper!.depth).toBe(at!.depth + 1);
    expect(deeper!.matched).toBeGreaterThan(at!.matched);
    expect(deeper!.matched).toBeLessThan(4);
  });

  it('at the matched limit a shared account extends about as many plies as two (the chapter reads entry 2)', () => {
    const matched = summary.combined[2]!;
    expect(matched.limit).toBe(summary.matchedCombinedLimit);
    expect(Math.abs(matched.extensions / summary.separate.extensions - 1)).toBeLessThan(0.25);
  });

  it('Dual Credit against plain α-β: the interval just reaches below zero, its top below the paper’s estimate of +85', () => {
    expect(at('table2').low).toBeLessThan(0);
    expect(at('table2').low).toBeGreaterThan(-15);
    expect(at('table2').high).toBeGreaterThan(0);
    expect(at('table2').high).toBeLessThan(85);
  });

  it('with the check extension on both sides, Dual Credit does worse, the interval just clear of zero', () => {
    expect(at('table2-check').high).toBeLessThan(0);
    expect(at('table2-check').high).toBeGreaterThan(-15);
  });

  it('credit where the score improves against at every move: the interval spans zero, as the paper found them about equal', () => {
    expect(at('table3').low).toBeLessThan(0);
    expect(at('table3').high).toBeGreaterThan(0);
  });

  it('two accounts against one shared: the games cannot tell them apart', () => {
    expect(at('table4').low).toBeLessThan(0);
    expect(at('table4').high).toBeGreaterThan(0);
  });

  it('a shared account at twice the limit plays as plain α-β does against two accounts', () => {
    expect(Math.abs(at('table4-double').elo - at('table2').elo)).toBeLessThan(10);
  });
});

describe('chapter 5, the rook grab at the head of the chapter', () => {
  // Four searches, one to depth 5 (a few seconds when quiet, over 30 s on a loaded machine).
  it(
    'plain α-β takes the rook at depth 3; Dual Credit and the check extension promote the other bishop, the check extension for fewer nodes; at depth 5 plain α-β promotes it on the other diagonal and takes the rook a move later',
    { timeout: 120_000 },
    async () => {
      const { parseSfen } = await import('../../src/engine/sfen');
      const { Searcher } = await import('../../src/engine/search/index');
      const { ROOK_GRAB } =
        await import('../../src/components/widgets/explorer/guided/dual-credit');
      const search = (options: Record<string, unknown>, depth: number) => {
        const pos = parseSfen(ROOK_GRAB);
        if (!pos.ok) throw new Error(pos.error);
        const r = new Searcher(options).search(pos.value, { depth });
        return { move: r.bestMove, pv: r.pv, nodes: r.stats.nodes + r.stats.qnodes };
      };
      expect(search({}, 3).move).toBe('2f4h+');
      const credit = search({ dualCredit: true }, 3);
      const check = search({ checkExtension: true }, 3);
      expect(credit.move).toBe('9g8h+');
      expect(check.move).toBe('9g8h+');
      expect(check.nodes).toBeLessThan(credit.nodes);
      const deeper = search({}, 5);
      expect(deeper.move).toBe('9g8f+');
      expect(deeper.pv[2]).toBe('2f4h+');
    },
  );
});

describe('chapter 5, the credit trace’s mating attack', () => {
  it('is the last nine moves of game 162 of table2, which Dual Credit won by mate', async () => {
    const { parsePositionText } = await import('../../src/engine/worker/protocol');
    const { makeSfen } = await import('../../src/engine/sfen');
    const file = JSON.parse(readFileSync('public/lab/dual-credit-elo/table2.json', 'utf8')) as {
      games: { id: number; opening: string; moves: string[]; aScore: number; end: string }[];
    };
    const game = file.games.find((g) => g.id === 162)!;
    expect(game.aScore).toBe(1);
    expect(game.end).toBe('mate');
    const start = game.moves.length - 9;
    const setup = `${game.opening}${game.opening.includes(' moves') ? '' : ' moves'} ${game.moves.slice(0, start).join(' ')}`;
    const pos = parsePositionText(setup);
    if (!pos.ok) throw new Error(pos.error);
    const chapter = readFileSync('src/content/chapters/dual-credit.mdx', 'utf8');
    expect(chapter).toContain(`'${makeSfen(pos.value)}'`);
    expect(chapter).toContain(`line: '${game.moves.slice(start).join(' ')}'`);
  });
});

describe('chapter 6, In games (effect-eval-elo at equal time, effect-eval-elo-nodes)', () => {
  const time = series('effect-eval-elo');
  const nodes = series('effect-eval-elo-nodes');
  const spansZero = (i: EloInterval): boolean => i.low < 0 && i.high > 0;
  const both = (id: string): [string, EloInterval][] => [
    [`${id} at equal time`, time.get(id)!],
    [`${id} at equal nodes`, nodes.get(id)!],
  ];

  it('both series have the same matches', () => {
    expect([...nodes.keys()].sort()).toEqual([...time.keys()].sort());
  });

  it('at equal nodes the effect evaluation beats material, its interval clear of zero', () => {
    expect(nodes.get('effect-material')!.low).toBeGreaterThan(0);
  });

  it('at equal time the games cannot tell it from material: the interval spans zero', () => {
    expect(spansZero(time.get('effect-material')!)).toBe(true);
  });

  it('nor at twice the time, whose estimate is no nearer the gap at equal nodes', () => {
    const longer = series('effect-eval-elo-100ms').get('effect-material')!;
    expect(spansZero(longer)).toBe(true);
    expect(longer.elo).toBeLessThan(nodes.get('effect-material')!.elo);
    expect(longer.high).toBeLessThan(nodes.get('effect-material')!.high);
  });

  it('no cap result stands out from the noise, in either series', () => {
    for (const id of ['n2-first', 'n3-n2', 'n4-n2'])
      for (const [name, i] of both(id)) expect(spansZero(i), name).toBe(true);
  });

  it('N = 3 does not even lean towards the seed’s R10 over N = 2', () => {
    for (const [name, i] of both('n3-n2')) expect(i.elo, name).toBeLessThanOrEqual(0);
  });

  it('KKPEE9 and the flat defended bonus cannot be told from the first table', () => {
    for (const id of ['kkpee9-effect', 'bonus-effect'])
      for (const [name, i] of both(id)) expect(spansZero(i), name).toBe(true);
  });

  it('the defended and attacked shares win at equal nodes, clear of zero, and not at equal time', () => {
    expect(nodes.get('shares-effect')!.low).toBeGreaterThan(0);
    expect(spansZero(time.get('shares-effect')!)).toBe(true);
  });
});

describe('chapter 6, How fast each form runs (eval-bench)', () => {
  const rows = (
    JSON.parse(readFileSync('src/data/experiments/eval-bench.json', 'utf8')) as {
      results: { rows: { name: string; nps: number }[] };
    }
  ).results.rows;
  const nps = (name: string): number => rows.find((r) => r.name === name)!.nps;
  const gain = (table: string): number => nps(`${table}, big table`) / nps(`${table}, factored`);

  it('the factored effect evaluation runs at less than half material’s speed', () => {
    const half = nps('first table, factored') / nps('material');
    expect(half).toBeGreaterThan(0.35);
    expect(half).toBeLessThan(0.5);
  });

  it('a big table’s gain over its own factored form does not fall as the table grows', () => {
    expect(gain('KKPEE16')).toBeGreaterThan(gain('KKPEE9') - 0.02);
    expect(gain('KKPEE25')).toBeGreaterThan(gain('KKPEE9') - 0.02);
  });

  it('the first table’s big table gains the low end of the seed’s 20 to 30 %', () => {
    expect(gain('first table')).toBeGreaterThan(1.15);
    expect(gain('first table')).toBeLessThan(1.25);
  });

  it('a form’s runs differ by a few per cent for most forms and a quarter at most, more than the big tables’ gains differ', () => {
    const spreads = (rows as unknown as { nps: number; npsWorst: number }[])
      .map((r) => r.nps / r.npsWorst)
      .sort((a, b) => a - b);
    const spread = spreads[spreads.length - 1]!;
    expect(spread).toBeGreaterThan(1.15);
    expect(spread).toBeLessThan(1.3);
    expect(spreads[spreads.length >> 1]!).toBeLessThan(1.1);
    // The three gains differ by less than their own forms' runs spread.
    const tables = ['KKPEE9', 'KKPEE16', 'KKPEE25'];
    const gains = tables.map(gain);
    const ownSpread = Math.max(
      ...(rows as unknown as { name: string; nps: number; npsWorst: number }[])
        .filter((r) =>
          tables.some((t) => r.name === `${t}, factored` || r.name === `${t}, big table`),
        )
        .map((r) => r.nps / r.npsWorst),
    );
    expect(Math.max(...gains) - Math.min(...gains)).toBeLessThan(ownSpread - 1);
  });

  it('keeping the sum up to date is slower than recomputing it', () => {
    expect(nps('first table, incremental')).toBeLessThan(nps('first table, factored'));
  });
});

describe('chapter 7, the paper’s tables (dtree-tables)', () => {
  const data = JSON.parse(readFileSync('src/data/experiments/dtree-tables.json', 'utf8')) as {
    results: {
      table1: { last: number; accuracy: { test: number } }[];
      table4: {
        positions: number;
        averageLegal: number;
        chosenInPolicies: number;
        rows: { policy: number; rate: number }[];
      };
      bestMove: Record<
        'full' | 'tuned',
        {
          accuracy: { train: number; test: number };
          perPosition: { ratioOfAverages: number; containsChosen: number };
          nearRoot: { kind: string; number: number }[];
        }
      >;
      mate: Record<'full' | 'tuned', { accuracy: { test: number; test1: number; test0: number } }>;
    };
  };
  const r = data.results;
  const { full, tuned } = r.bestMove;

  it('Table 4: fewer legal moves, more board moves and fewer attacks than the professionals; nearly every chosen move has a policy', () => {
    expect(r.table4.averageLegal).toBeLessThan(116.5);
    expect(r.table4.rows[22]!.rate).toBeGreaterThan(0.738);
    expect(r.table4.rows[15]!.rate).toBeLessThan(0.597);
    expect(r.table4.chosenInPolicies / r.table4.positions).toBeGreaterThan(0.99);
  });

  it('Table 6: grown fully, about the paper’s training accuracy; the tuned tree tests better, trains worse, and stays short of 75%', () => {
    // "Grown fully": the tree stopped because no test separates its examples, not at the bound.
    expect((full as unknown as { depth: number }).depth).toBeLessThan(100);
    expect(Math.abs(full.accuracy.train - 0.923)).toBeLessThan(0.05);
    expect(full.accuracy.test).toBeLessThan(0.751);
    expect(tuned.accuracy.test).toBeGreaterThan(full.accuracy.test);
    expect(tuned.accuracy.train).toBeLessThan(full.accuracy.train);
    expect(tuned.accuracy.test).toBeLessThan(0.72);
  });

  it('Table 7: both trees call about three moves in ten best; the tuned one keeps the teacher’s move near the paper’s 72%, the full one less often', () => {
    for (const t of [full, tuned]) {
      expect(t.perPosition.ratioOfAverages).toBeGreaterThan(0.25);
      expect(t.perPosition.ratioOfAverages).toBeLessThan(0.35);
    }
    expect(Math.abs(tuned.perPosition.containsChosen - 0.72)).toBeLessThan(0.05);
    expect(full.perPosition.containsChosen).toBeLessThan(tuned.perPosition.containsChosen);
  });

  it('the roots: ours asks first about a free sacrifice, and early about saving a piece and taking the piece that just moved', () => {
    const policies = full.nearRoot.filter((n) => n.kind === 'policy').map((n) => n.number);
    expect(full.nearRoot[0]).toMatchObject({ kind: 'policy', number: 13 });
    expect(policies).toContain(17);
    expect(policies).toContain(11);
  });

  it('Table 1: our trees beat the paper’s at every length, and most from the last 10 positions', () => {
    const paper: Record<number, number> = { 50: 0.498, 40: 0.508, 30: 0.557, 20: 0.584, 10: 0.635 };
    for (const row of r.table1)
      expect(row.accuracy.test, `last ${row.last}`).toBeGreaterThan(paper[row.last]!);
    const last10 = r.table1.find((row) => row.last === 10)!.accuracy.test;
    for (const row of r.table1) expect(last10).toBeGreaterThanOrEqual(row.accuracy.test);
  });

  it('Table 8: the tuned tree finds most mates and fewer than half the no-mates; the full tree trades one for the other and is right less often', () => {
    const m = r.mate;
    expect(m.tuned.accuracy.test1).toBeLessThan(0.925);
    expect(m.tuned.accuracy.test1).toBeGreaterThan(0.5);
    expect(m.tuned.accuracy.test0).toBeLessThan(0.5);
    expect(m.full.accuracy.test1).toBeLessThan(m.tuned.accuracy.test1);
    expect(m.full.accuracy.test0).toBeGreaterThan(m.tuned.accuracy.test0);
    expect(m.full.accuracy.test).toBeLessThan(m.tuned.accuracy.test);
  });
});

describe('chapter 7, the tree inside the search (dtree-search)', () => {
  const data = JSON.parse(readFileSync('src/data/experiments/dtree-search.json', 'utf8')) as {
    results: {
      summary: {
        name: string;
        nodesRatio: number;
        cpuRatio: number;
        agrees: number;
        depthInTime: number;
        counters: Record<string, number>;
      }[];
    };
  };
  const row = (name: string) => data.results.summary.find((r) => r.name === name)!;

  it('ordering by the tree reads more nodes and takes more time than the standard order', () => {
    expect(row('decision-tree order').nodesRatio).toBeGreaterThan(1);
    expect(row('decision-tree order').cpuRatio).toBeGreaterThan(1);
  });

  it('pruning by the tree reads fewer nodes in less time, agrees as often and gets deeper in a second; from the last ply it costs most of its saving', () => {
    const t = row('forward tree');
    expect(t.nodesRatio).toBeLessThan(1);
    expect(t.cpuRatio).toBeLessThan(1);
    expect(t.agrees).toBe(row('plain').agrees);
    expect(t.depthInTime).toBeGreaterThan(row('plain').depthInTime);
    const deep = row('forward tree from depth 1');
    expect(deep.nodesRatio).toBeLessThan(t.nodesRatio);
    // From the last ply too: fewer nodes still, but most of the saving goes on asking the tree.
    expect(deep.cpuRatio).toBeGreaterThan(t.cpuRatio);
    expect(deep.depthInTime).toBeLessThan(t.depthInTime);
  });

  it('the mate-threat extension never fired, and cost time', () => {
    const m = row('tree mate-threat extension');
    expect(m.counters['tree-mate-extension']).toBeUndefined();
    expect(m.nodesRatio).toBe(1);
    expect(m.cpuRatio).toBeGreaterThan(1);
  });
});

describe('chapter 7, In games (dtree-elo-nodes)', () => {
  const elo = series('dtree-elo-nodes');
  const data = JSON.parse(
    readFileSync('src/data/experiments/dtree-elo-nodes.json', 'utf8'),
  ) as MatchSeriesData;
  const at = (id: string): EloInterval => elo.get(id)!;

  it('pruning by the tree wins clearly; ordering by it and the mate-threat extension cannot be told from plain', () => {
    expect(at('prune').low).toBeGreaterThan(0);
    expect(at('order').low).toBeLessThan(0);
    expect(at('order').high).toBeGreaterThan(0);
    expect(at('mate-extension').low).toBeLessThan(0);
    expect(at('mate-extension').high).toBeGreaterThan(0);
  });

  it('pruning by the tree wins clearly, its interval clear of zero', () => {
    expect(at('prune').low).toBeGreaterThan(0);
  });

  it('the mate-threat extension left most pairs of games the same move for move', () => {
    const m = data.results.matches.find((r) => r.id === 'mate-extension')!;
    expect((m.tally.identicalPairs ?? 0) * 2).toBeGreaterThan(m.tally.stats.pairs);
  });
});

describe('chapter 7, In games at equal time (dtree-elo-time)', () => {
  const elo = series('dtree-elo-time');
  const at = (id: string): EloInterval => elo.get(id)!;

  it('ordering by the tree collapses; pruning by it keeps a gain clear of zero', () => {
    expect(at('order').high).toBeLessThan(0);
    expect(at('prune').low).toBeGreaterThan(0);
  });

  it('the mate-threat extension loses, its interval below zero', () => {
    expect(at('mate-extension').high).toBeLessThan(0);
  });
});

describe('chapter 8, What each costs (end-of-game-methods)', () => {
  interface Row {
    id: string;
    positions: number;
    sameMove: number;
    sameValue: number;
    trapPlayed: number;
    nodesRatio: number;
    timeRatio: number;
  }
  const data = JSON.parse(
    readFileSync('src/data/experiments/end-of-game-methods.json', 'utf8'),
  ) as { results: { summary: Row[] } };
  const row = (id: string): Row => data.results.summary.find((r) => r.id === id)!;

  it('counts the code lines of today’s search.ts (run npm run experiment -- end-of-game-methods if not)', () => {
    expect((data.results as unknown as { code: unknown }).code).toEqual(countCode());
  });

  it('the plain king-capture search plays the trap in every shogi position and both seed examples; the others never', () => {
    expect(row('drop-pawn-mate/king-capture').trapPlayed).toBe(
      row('drop-pawn-mate/king-capture').positions,
    );
    expect(row('stalemate/king-capture').trapPlayed).toBe(2);
    for (const m of ['legal', 'method-1', 'method-2'])
      for (const g of ['drop-pawn-mate', 'stalemate']) expect(row(`${g}/${m}`).trapPlayed).toBe(0);
  });

  it('method 1 differs from legal moves once in the shogi group (it sees the mate sooner)', () => {
    const r = row('drop-pawn-mate/method-1');
    expect(r.positions - r.sameMove).toBe(1);
    expect(row('drop-pawn-mate/method-2').sameMove).toBe(row('drop-pawn-mate/method-2').positions);
  });

  it('where no rule is near: the same value everywhere, the same move but once, more nodes; method 1 slow, the others about even', () => {
    for (const m of ['king-capture', 'method-1', 'method-2']) {
      const r = row(`ordinary/${m}`);
      expect(r.sameValue).toBe(r.positions);
      expect(r.positions - r.sameMove).toBeLessThanOrEqual(1);
      expect(r.nodesRatio).toBeGreaterThan(1);
    }
    expect(row('ordinary/method-1').timeRatio).toBeGreaterThan(1.5);
    expect(Math.abs(row('ordinary/king-capture').timeRatio - 1)).toBeLessThan(0.2);
    expect(Math.abs(row('ordinary/method-2').timeRatio - 1)).toBeLessThan(0.2);
  });
});

describe('chapter 8, Reading only checks (mate-search)', () => {
  const data = JSON.parse(readFileSync('src/data/experiments/mate-search.json', 'utf8')) as {
    results: {
      total: { problems: number; dfpnSolved: number; alphabetaSolved: number; dfpnNomate: number };
      summary: { dfpnLonger: number }[];
      rows: { id: string; dfpn: { nomate?: boolean } }[];
    };
  };
  const { total, summary, rows } = data.results;

  it('df-pn solves far more than α-β; some of its lines are longer than the source states', () => {
    expect(total.dfpnSolved).toBeGreaterThan(total.alphabetaSolved);
    expect(summary.reduce((s, r) => s + r.dfpnLonger, 0)).toBeGreaterThan(0);
  });

  it('the one problem proved to have no mate is the Last Judgement', () => {
    expect(total.dfpnNomate).toBe(1);
    expect(rows.filter((r) => r.dfpn.nomate).map((r) => r.id)).toEqual(['last-judgement']);
  });
});

describe('chapter 8, The horizon near the king (mate-probe)', () => {
  interface Tsume {
    id: string;
    solved: number;
    unconfirmed: number;
    byLength: { plies: number; problems: number; solved: number }[];
  }
  interface Ordinary {
    id: string;
    medianTimeRatio: number;
    sameMove: number;
    positions: number;
  }
  const data = JSON.parse(readFileSync('src/data/experiments/mate-probe.json', 'utf8')) as {
    results: { tsume: Tsume[]; ordinary: Ordinary[] };
  };
  const tsume = (id: string): Tsume => data.results.tsume.find((t) => t.id === id)!;
  const ordinary = (id: string): Ordinary => data.results.ordinary.find((o) => o.id === id)!;

  it('the probe solves more the more places it runs; the plain search none of the longest', () => {
    expect(tsume('off').solved).toBeLessThan(tsume('flights1').solved);
    expect(tsume('flights1').solved).toBeLessThan(tsume('flights2').solved);
    expect(tsume('flights2').solved).toBeLessThan(tsume('everywhere').solved);
    for (const b of tsume('off').byLength) if (b.plies >= 9) expect(b.solved, `${b.plies}`).toBe(0);
    const long = tsume('everywhere').byLength.filter((b) => b.plies >= 9);
    const solvedLong = long.reduce((n, b) => n + b.solved, 0);
    expect(solvedLong * 2).toBeGreaterThan(long.reduce((n, b) => n + b.problems, 0));
  });

  it('a few reported mates are unconfirmed, with the probe and without', () => {
    for (const id of ['off', 'everywhere']) {
      expect(tsume(id).unconfirmed, id).toBeGreaterThan(0);
      expect(tsume(id).unconfirmed, id).toBeLessThanOrEqual(5);
    }
  });

  it('everywhere it multiplies the time many times; near a boxed-in king far less; no move changes', () => {
    expect(ordinary('everywhere').medianTimeRatio).toBeGreaterThan(10);
    expect(ordinary('flights1').medianTimeRatio).toBeLessThan(
      ordinary('everywhere').medianTimeRatio / 4,
    );
    for (const o of data.results.ordinary) expect(o.sameMove, o.id).toBe(o.positions);
  });
});

describe('chapter 8, In games (mate-probe-elo-time)', () => {
  const elo = series('mate-probe-elo-time');

  it('both forms of the probe lose clearly at equal time', () => {
    expect([...elo.keys()].sort()).toEqual(['flights-1', 'flights-2']);
    for (const [id, i] of elo) expect(i.high, id).toBeLessThan(0);
  });
});

describe('chapter 6, 将棋ベーシック’s point on material alone (shogi-basic, shogi-basic-style)', () => {
  const style = (
    JSON.parse(readFileSync('src/data/experiments/shogi-basic-style.json', 'utf8')) as {
      results: {
        a: { shares: Record<string, number>; defended: number };
        b: { shares: Record<string, number>; defended: number };
        difference: Record<string, { mean: number; low: number; high: number }>;
      };
    }
  ).results;

  it('moves the king under a fifth of its first moves where material alone moves it about half', () => {
    expect(style.a.shares['king']!).toBeLessThan(0.2);
    expect(Math.abs(style.b.shares['king']! - 0.5)).toBeLessThan(0.07);
  });

  it('moves its golds two and a half times as often, and keeps about four more pieces defended', () => {
    const golds = style.a.shares['gold']! / style.b.shares['gold']!;
    expect(golds).toBeGreaterThan(2.2);
    expect(golds).toBeLessThan(2.9);
    expect(style.difference['gold']!.low).toBeGreaterThan(0);
    expect(Math.abs(style.difference['defended']!.mean - 4)).toBeLessThan(0.5);
    expect(style.difference['defended']!.low).toBeGreaterThan(0);
  });

  it('pushes its edge pawns more, not less', () => {
    expect(style.difference['edgePawn']!.low).toBeGreaterThan(0);
  });

  it('is stronger too, clear of zero, in games that are material alone’s', () => {
    expect(series('shogi-basic').get('basic-material')!.low).toBeGreaterThan(0);
    const data = JSON.parse(
      readFileSync('src/data/experiments/shogi-basic.json', 'utf8'),
    ) as MatchSeriesData;
    expect(data.results.matches[0]!.tally.kingMoveShare.all).toBeGreaterThan(0.15);
  });
});

describe('chapter 6, the tuned table in games (tuned-eval-elo)', () => {
  const elo = series('tuned-eval-elo');

  it('beats material alone and the seed’s KKPEE9 constants, both clear of zero', () => {
    expect([...elo.keys()].sort()).toEqual(['tuned-kkpee9', 'tuned-material']);
    for (const [id, i] of elo) expect(i.low, id).toBeGreaterThan(0);
  });
});

describe('chapter 3 and Play, the strongest settings (strongest, check-extension-300ms)', () => {
  const elo = series('strongest');
  const longer = series('check-extension-300ms');

  it('beat plain α-β, and the check extension adds to them at 100 ms, both clear of zero', () => {
    expect([...elo.keys()].sort()).toEqual(['check-strongest', 'strongest-plain']);
    expect(elo.get('strongest-plain')!.low).toBeGreaterThan(0);
    expect(elo.get('check-strongest')!.low).toBeGreaterThan(0);
  });

  it('at 300 ms the check extension’s interval spans zero, so the strongest settings leave it off', () => {
    const i = longer.get('check-strongest-300')!;
    expect(i.low).toBeLessThan(0);
    expect(i.high).toBeGreaterThan(0);
    expect(STRONGEST.checkExtension).toBeFalsy();
  });
});

/**
 * The series the chapters state Elo from, played by the engine that plays shogi (the tuned table
 * on both sides): a game whose moves are a tenth king moves or more is not one a shogi player
 * would accept (the material-only engine's were 38–70 %).
 */
describe('the chapters’ match series are shogi', () => {
  const SERIES = [
    'pruning-elo-nodes',
    'pruning-elo-time',
    'extensions-elo-nodes',
    'extensions-elo-time',
    'dual-credit-elo',
    'dtree-elo-nodes',
    'dtree-elo-time',
    'mate-probe-elo-time',
    'self-play',
    'strongest',
    'check-extension-300ms',
  ];
  for (const name of SERIES)
    it(`${name}: king moves under a tenth of all moves in every match`, () => {
      const data = JSON.parse(
        readFileSync(`src/data/experiments/${name}.json`, 'utf8'),
      ) as MatchSeriesData;
      for (const m of data.results.matches)
        expect(m.tally.kingMoveShare.all, `${name} ${m.id}`).toBeLessThan(0.1);
    });
});
