import { describe, expect, it } from 'vitest';
import {
  binValues,
  CURRENT_SIGNATURE,
  countTicks,
  describeEloInterval,
  eloAxis,
  eloInterval,
  formatDate,
  formatEloInterval,
  formatLos,
  niceStep,
  percentOnAxis,
  staleNote,
  summarize,
  summarizeGames,
  topEnds,
} from '../../src/components/lab/experiments';
import type { ExperimentData, MatchSeriesData } from '../../src/engine/lab/experiment-data';
import {
  describeClock,
  describeProgram,
  describeTime,
  optionsOf,
} from '../../src/components/lab/sides';
import sampleMatches from '../fixtures/lab/sample-matches.json';
import sampleCommand from '../fixtures/lab/sample-command.json';

const series = sampleMatches as unknown as MatchSeriesData;
const row = (id: string) => series.results.matches.find((m) => m.id === id)!;

describe('Elo intervals as the data files keep them', () => {
  it('reads null ends as unbounded: +∞ when A won every game', () => {
    const interval = eloInterval(row('modern').tally.stats);
    expect(interval.elo).toBe(Infinity);
    expect(interval.high).toBe(Infinity);
    expect(interval.low).toBeGreaterThan(100);
    expect(formatEloInterval(interval)).toBe('+∞ (+140, +∞)');
  });

  it('reads a null estimate as −∞ when A lost every game', () => {
    const interval = eloInterval({ score: 0, elo: null, eloLow: null, eloHigh: -150 });
    expect(interval).toEqual({ elo: -Infinity, low: -Infinity, high: -150 });
    expect(formatEloInterval(interval)).toBe('−∞ (−∞, −150)');
  });

  it('writes finite intervals with signs and true minus signs', () => {
    const interval = eloInterval(row('null').tally.stats);
    expect(formatEloInterval(interval)).toBe('+14 (−27, +55)');
    expect(describeEloInterval(interval)).toBe('Elo +14, 95 % interval from −27 to +55');
  });
});

describe('eloAxis', () => {
  it('picks the smallest round extent that holds every finite value', () => {
    const intervals = series.results.matches.map((m) => eloInterval(m.tally.stats));
    expect(eloAxis(intervals)).toEqual({ extent: 200, ticks: [-200, -100, 0, 100, 200] });
  });

  it('leaves a little room: a value at 98 needs ±200, not ±100', () => {
    expect(eloAxis([{ elo: 50, low: 2, high: 98 }]).extent).toBe(200);
    expect(eloAxis([{ elo: 10, low: -20, high: 40 }]).extent).toBe(50);
  });

  it('stops at the largest extent and for intervals with no finite end', () => {
    expect(eloAxis([{ elo: 900, low: 850, high: 1200 }]).extent).toBe(800);
    expect(eloAxis([{ elo: Infinity, low: -Infinity, high: Infinity }]).extent).toBe(50);
  });

  it('places values in per cent along the axis, clamped at its ends', () => {
    expect(percentOnAxis(0, 200)).toBe(50);
    expect(percentOnAxis(-100, 200)).toBe(25);
    expect(percentOnAxis(Infinity, 200)).toBe(100);
    expect(percentOnAxis(-1000, 200)).toBe(0);
  });
});

describe('formatLos', () => {
  it('never rounds to a certainty', () => {
    expect(formatLos(0.9990234375)).toBe('99.9 %');
    expect(formatLos(0.99999)).toBe('>99.9 %');
    expect(formatLos(5e-11)).toBe('<0.1 %');
    expect(formatLos(0.748)).toBe('75 %');
    expect(formatLos(0.004)).toBe('0.4 %');
  });
});

describe('topEnds', () => {
  it('names the commonest endings first and counts the rest', () => {
    expect(topEnds(row('null').tally.ends)).toEqual({
      top: [
        { end: 'adjudication', label: 'resigned', games: 121 },
        { end: 'mate', label: 'mate', games: 37 },
      ],
      others: 42,
    });
  });

  it('keeps a name it does not know', () => {
    expect(topEnds({ 'new-end': 3 }, 2)).toEqual({
      top: [{ end: 'new-end', label: 'new-end', games: 3 }],
      others: 0,
    });
  });
});

describe('summarizeGames', () => {
  it('writes king-move shares, lengths and every ending, commonest first', () => {
    const tally = {
      ...row('null').tally,
      moves: 24_000,
      kingMoveShare: { all: 0.4027, a: 0.412, b: 0.3935 },
      gameLength: { mean: 125.7, median: 112.5 },
      ends: { mate: 41, adjudication: 140, 'engine-crash': 1 },
    };
    expect(summarizeGames(tally)).toEqual({
      kingMoves: '40.3%',
      kingMovesBySide: ['A 41.2%', 'B 39.4%'],
      meanPlies: '126',
      medianPlies: 'median 113',
      ends: [
        { end: 'adjudication', label: 'resigned', games: 140 },
        { end: 'mate', label: 'mate', games: 41 },
        { end: 'engine-crash', label: 'engine crash', games: 1 },
      ],
    });
  });

  it('writes a dash where no game or no move was played', () => {
    const none = {
      ...row('null').tally,
      moves: 0,
      kingMoveShare: { all: null, a: null, b: null },
      gameLength: null,
      ends: {},
    };
    expect(summarizeGames(none)).toMatchObject({
      kingMoves: '—',
      kingMovesBySide: ['A —', 'B —'],
      meanPlies: '—',
      ends: [],
    });
  });
});

describe('binning', () => {
  it('rounds steps up to 1, 2 or 5 times a power of ten', () => {
    expect([0.3, 1, 1.5, 3, 7, 14.5, 20, 51].map(niceStep)).toEqual([
      0.5, 1, 2, 5, 10, 20, 20, 100,
    ]);
    expect(niceStep(0)).toBe(1);
  });

  it('bins by a given width from a multiple of it, the maximum in the last bin', () => {
    expect(binValues([41, 45, 50, 59, 60], { binWidth: 10 })).toEqual({
      start: 40,
      width: 10,
      counts: [2, 2, 1],
    });
  });

  it('chooses a round width for about the number of bins asked', () => {
    const bins = binValues([46, 120, 130, 301], { bins: 8 });
    expect(bins.width).toBe(50);
    expect(bins.start).toBe(0);
    expect(bins.counts).toEqual([1, 0, 2, 0, 0, 0, 1]);
    expect(bins.counts.reduce((a, b) => a + b)).toBe(4);
  });

  it('gives no bins for no values, and one for values all alike', () => {
    expect(binValues([]).counts).toEqual([]);
    expect(binValues([7, 7, 7])).toEqual({ start: 7, width: 1, counts: [3] });
  });

  it('ticks a count axis at round values up to the largest count', () => {
    expect(countTicks(73, 3)).toEqual([0, 50, 100]);
    expect(countTicks(320, 3)).toEqual([0, 200, 400]);
    expect(countTicks(1, 3)).toEqual([0, 0.5, 1]);
  });

  it('summarizes count, median and range', () => {
    expect(summarize([5, 1, 3, 2])).toEqual({ n: 4, median: 2.5, min: 1, max: 5 });
    expect(summarize([])).toEqual({ n: 0, median: null, min: null, max: null });
  });
});

describe('staleness', () => {
  const withEngine = (signature: number, dirty: boolean): ExperimentData => ({
    ...(sampleCommand as unknown as ExperimentData),
    provenance: {
      ...(sampleCommand as unknown as ExperimentData).provenance,
      engine: { commit: '3f9c2e1d8b7a6c5d4e3f', dirty, signature },
    },
  });

  it('says nothing about a file made by the engine as it is', () => {
    expect(staleNote(withEngine(CURRENT_SIGNATURE, false))).toBeNull();
  });

  it('names the commit of a file made before the search changed', () => {
    expect(staleNote(withEngine(CURRENT_SIGNATURE + 1, false))).toBe(
      "measured on commit 3f9c2e1, before the engine's search last changed",
    );
  });

  it('says when the engine had changes not committed', () => {
    expect(staleNote(withEngine(CURRENT_SIGNATURE, true))).toBe(
      'measured on commit 3f9c2e1, with engine changes not yet committed',
    );
  });

  it('writes dates as the book does', () => {
    expect(formatDate('2026-11-23T09:41:07.512Z')).toBe('23 Nov 2026');
  });
});

describe('the sides of a match, as the Lab names them', () => {
  it('names the clock, a USI program with its commit and options, and the time each side used', () => {
    expect(describeClock({ baseMs: 10_000, incMs: 100, byoyomiMs: 0 })).toBe('10 s + 0.1 s a move');
    expect(describeClock({ baseMs: 0, incMs: 0, byoyomiMs: 1000 })).toBe('byoyomi 1 s a move');
    expect(describeClock({ baseMs: 60_000, incMs: 0, byoyomiMs: 10_000 })).toBe(
      '60 s, then byoyomi 10 s',
    );
    expect(describeClock({ baseMs: 300_000, incMs: 0, byoyomiMs: 0 })).toBe('300 s a game');
    const yaneuraou = {
      name: 'usi:lab-engines/yaneuraou-material',
      label: 'YaneuraOu',
      change: {},
      usi: {
        path: 'lab-engines/yaneuraou-material',
        options: { Threads: '1', NetworkDelay: '100' },
        cpPerPawn: 100,
        commit: '33ccf1f907eb7184889fa23051243f81ab0bf973',
      },
    };
    expect(describeProgram(yaneuraou.usi)).toBe(
      'a USI program, lab-engines/yaneuraou-material, built from commit 33ccf1f',
    );
    const { commit: _commit, ...withoutCommit } = yaneuraou.usi;
    expect(describeProgram(withoutCommit)).toMatch(/commit not recorded$/);
    expect(optionsOf(yaneuraou)).toBe('Threads=1, NetworkDelay=100');
    expect(optionsOf({ name: 'null', label: 'Null move', change: { nullMove: true } })).toBe(
      'nullMove: true',
    );
    expect(describeTime({ perGame: 13.29, perMove: 0.381, longestMove: 2.904 })).toBe(
      '13.3 s a game; a move 0.38 s on average, 2.90 s at most',
    );
    expect(describeTime({ perGame: 3.17, perMove: null, longestMove: null })).toBe('3.2 s a game');
    expect(describeTime(undefined)).toBeNull();
  });
});
