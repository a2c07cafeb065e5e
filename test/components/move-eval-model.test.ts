/**
 * Chapter 2's widget logic without a DOM: the terms of a move's value add up to it, threats and
 * defences are drawn from the piece that makes them, the sliders carry seed 000's constants, the
 * presets show what their notes say, and the ordering comparison's three searches agree.
 */
import { describe, expect, it } from 'vitest';
import {
  breakdown,
  changedParams,
  isSeed,
  marksArrows,
  marksOverlay,
  moveMarks,
  PARAM_SLIDERS,
  ranksOf,
  sumOfTerms,
} from '../../src/components/widgets/move-eval/move-eval-model';
import {
  firstMoveRate,
  ORDERING_RUNS,
  orderingOptions,
  summarise,
  valuesAgree,
} from '../../src/components/widgets/move-eval/ordering-model';
import { EVAL_PRESETS } from '../../src/components/widgets/move-eval/presets';
import {
  evaluateMoves,
  MOVE_EVAL_DEFAULTS,
  type MoveEvalParams,
} from '../../src/engine/eval/move-evaluation';
import { makeSfen, parseSquareName, type Position, SQ81 } from '../../src/engine/index';
import { parsePositionText } from '../../src/engine/worker/protocol';
import { resolveOptions } from '../../src/engine/search/options';
import { Searcher } from '../../src/engine/search/index';

const at = (text: string): Position => {
  const parsed = parsePositionText(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const sq = (name: string): number => {
  const parsed = parseSquareName(name);
  if (parsed === null) throw new Error(`bad square ${name}`);
  return parsed;
};

const ALTERED: MoveEvalParams = {
  ...MOVE_EVAL_DEFAULTS,
  captureBonus: 700,
  attackDivisor: 3,
  kingThreatUnguarded: 2000,
  focusPawnBonus: 400,
};

describe('breakdown', () => {
  for (const preset of EVAL_PRESETS)
    it(`adds up to every move's value in the ${preset.id} preset`, () => {
      for (const params of [MOVE_EVAL_DEFAULTS, ALTERED]) {
        for (const e of evaluateMoves(at(preset.sfen), params)) {
          const terms = breakdown(e, params);
          expect(sumOfTerms(terms), e.usi).toBe(e.value);
          expect(terms.map((t) => t.key)).toEqual([
            'evalDelta',
            'lossS',
            'gainS',
            'captureBonus',
            'focusPawn',
            'attack',
          ]);
        }
      }
    });

  it('explains the capture bonus by the move, whatever the slider says', () => {
    const preset = EVAL_PRESETS.find((p) => p.id === 'middle-game')!;
    const detail = (usi: string, params: MoveEvalParams) => {
      const e = evaluateMoves(at(preset.sfen), params).find((m) => m.usi === usi)!;
      return breakdown(e, params).find((t) => t.key === 'captureBonus')!.detail;
    };
    const noBonus = { ...MOVE_EVAL_DEFAULTS, captureBonus: 0 };
    // 4f4b+ takes the rook; P*4g takes nothing.
    expect(detail('4f4b+', MOVE_EVAL_DEFAULTS)).toBe('takes a piece other than a pawn');
    expect(detail('4f4b+', noBonus)).toBe('takes a piece, but the capture bonus is set to 0');
    expect(detail('P*4g', MOVE_EVAL_DEFAULTS)).toBe('takes nothing');
    expect(detail('P*4g', noBonus)).toBe('takes nothing');
  });

  it('names the king threat inside the attack term', () => {
    const preset = EVAL_PRESETS.find((p) => p.id === 'king-threat')!;
    const e = evaluateMoves(at(preset.sfen)).find((m) => m.usi === preset.focus)!;
    const attack = breakdown(e, MOVE_EVAL_DEFAULTS).find((t) => t.key === 'attack')!;
    expect(attack.label).toBe('Attack (LossE ÷ 10)');
    expect(attack.detail).toContain('king threat 1500');
    expect(attack.contribution).toBe(Math.trunc(e.lossE / 10));
  });
});

describe('the presets', () => {
  const focusOf = (id: string, params: MoveEvalParams = MOVE_EVAL_DEFAULTS) => {
    const preset = EVAL_PRESETS.find((p) => p.id === id)!;
    const moves = evaluateMoves(at(preset.sfen), params);
    const i = moves.findIndex((m) => m.usi === preset.focus);
    expect(i, `${preset.focus} is legal in ${id}`).toBeGreaterThanOrEqual(0);
    return { e: moves[i]!, rank: ranksOf(moves).get(preset.focus)! };
  };

  it('are written as the engine writes them', () => {
    for (const p of EVAL_PRESETS) expect(makeSfen(at(p.sfen))).toBe(p.sfen);
  });

  it('middle game: the rook takes a rook with the capture bonus and comes first', () => {
    const { e, rank } = focusOf('middle-game');
    expect(e.captureBonus).toBe(1500);
    expect(rank).toBe(1);
    const pos = at(EVAL_PRESETS[0]!.sfen);
    const defence = evaluateMoves(pos).find((m) => m.usi === 'P*4g')!;
    expect(defence.gainS).toBeGreaterThan(0);
    expect(defence.defended).toEqual([sq('4f')]);
    // Without the capture bonus, the pawn that takes the gold falls below the rook's escapes.
    const order = (params: MoveEvalParams) => evaluateMoves(pos, params).map((m) => m.usi);
    const seed = order(MOVE_EVAL_DEFAULTS);
    expect(seed.indexOf('5f5e')).toBeLessThan(seed.indexOf('4f3f'));
    const noBonus = order({ ...MOVE_EVAL_DEFAULTS, captureBonus: 0 });
    expect(noBonus.indexOf('5f5e')).toBeGreaterThan(noBonus.indexOf('4f3f'));
  });

  it('focus pawn: P*3b earns the focus-pawn bonus and climbs when it grows', () => {
    const { e, rank } = focusOf('focus-pawn');
    expect(e.focusPawn).toBe(50);
    expect(e.threatened).toEqual([sq('3a')]);
    const bigger = focusOf('focus-pawn', { ...MOVE_EVAL_DEFAULTS, focusPawnBonus: 1000 });
    expect(bigger.rank).toBeLessThan(rank);
  });

  it('king threat: R*6c comes first, and falls without the king-threat constants', () => {
    const { e, rank } = focusOf('king-threat');
    expect(e.kingThreat).toBe(MOVE_EVAL_DEFAULTS.kingThreatUnguarded);
    expect(rank).toBe(1);
    const without = focusOf('king-threat', {
      ...MOVE_EVAL_DEFAULTS,
      kingThreatUnguarded: 0,
      kingThreatSupported: 0,
      kingThreatExposed: 0,
    });
    expect(without.rank).toBeGreaterThan(5);
  });

  it('king threat, seed read as written: two pawn captures get the capture bonus and pass R*6c', () => {
    const written = { ...MOVE_EVAL_DEFAULTS, reading: 'code' as const };
    const { rank } = focusOf('king-threat', written);
    expect(rank).toBe(3);
    const preset = EVAL_PRESETS.find((p) => p.id === 'king-threat')!;
    const top = evaluateMoves(at(preset.sfen), written).slice(0, 2);
    expect(top.map((m) => m.usi)).toEqual(['7g6f', '4c3c']);
    for (const m of top) expect(m.captureBonus).toBe(1500);
  });

  it('focus pawn, seed read as written: P*3b loses its bonus', () => {
    const { e } = focusOf('focus-pawn', { ...MOVE_EVAL_DEFAULTS, reading: 'code' });
    expect(e.focusPawn).toBe(0);
  });
});

describe('moveMarks', () => {
  it('draws a threat from the moved piece and leaves the position as it was', () => {
    const preset = EVAL_PRESETS.find((p) => p.id === 'focus-pawn')!;
    const pos = at(preset.sfen);
    const before = makeSfen(pos);
    const e = evaluateMoves(pos).find((m) => m.usi === 'P*3b')!;
    const marks = moveMarks(pos, e, MOVE_EVAL_DEFAULTS);
    expect(makeSfen(pos)).toBe(before);
    expect(marks.move).toEqual({ to: sq('3b') });
    expect(marks.threats).toEqual([{ from: sq('3b'), to: sq('3a'), amount: 1800, king: false }]);
    const arrows = marksArrows(marks);
    expect(arrows[0]).toEqual({ to: sq('3b') });
    expect(arrows[1]).toMatchObject({ from: sq('3b'), to: sq('3a'), alt: true });
    const overlay = marksOverlay(marks);
    expect(overlay[SQ81[sq('3a')]!]?.labels?.[0]?.text).toBe('1800');
  });

  it('draws a discovered threat from the slider the move uncovers', () => {
    // The silver steps off the file and uncovers the rook on 5h against the gold on 5b.
    const pos = at('8k/4g4/9/9/4S4/9/9/4R4/K8 b - 1');
    const e = evaluateMoves(pos).find((m) => m.usi === '5e4d')!;
    expect(e.threatened).toContain(sq('5b'));
    const marks = moveMarks(pos, e, MOVE_EVAL_DEFAULTS);
    const uncovered = marks.threats.find((t) => t.to === sq('5b'))!;
    expect(uncovered.from).toBe(sq('5h'));
  });

  it('labels a king threat with the constant used', () => {
    const preset = EVAL_PRESETS.find((p) => p.id === 'king-threat')!;
    const pos = at(preset.sfen);
    const e = evaluateMoves(pos).find((m) => m.usi === preset.focus)!;
    const king = moveMarks(pos, e, MOVE_EVAL_DEFAULTS).threats.find((t) => t.king)!;
    expect(king).toMatchObject({ to: sq('6a'), from: sq('6c'), amount: 1500 });
  });

  it('draws a defence from the defender with the threat it takes off', () => {
    const pos = at(EVAL_PRESETS[0]!.sfen);
    const e = evaluateMoves(pos).find((m) => m.usi === 'P*4g')!;
    const marks = moveMarks(pos, e, MOVE_EVAL_DEFAULTS);
    expect(marks.defences).toEqual([
      { from: sq('4g'), to: sq('4f'), amount: e.gainS, king: false },
    ]);
  });
});

describe('the constants', () => {
  it('gives each slider seed 000’s value inside its range', () => {
    expect(PARAM_SLIDERS.map((s) => s.key)).toEqual([
      'captureBonus',
      'attackDivisor',
      'kingThreatUnguarded',
      'kingThreatSupported',
      'kingThreatExposed',
      'focusPawnBonus',
    ]);
    for (const s of PARAM_SLIDERS) {
      expect(s.seed).toBe(MOVE_EVAL_DEFAULTS[s.key]);
      expect(s.seed).toBeGreaterThanOrEqual(s.min);
      expect(s.seed).toBeLessThanOrEqual(s.max);
      expect(s.min).toBeGreaterThanOrEqual(s.key === 'attackDivisor' ? 1 : 0);
    }
  });

  it('sends only what differs from the seed', () => {
    expect(changedParams(MOVE_EVAL_DEFAULTS)).toEqual({});
    expect(isSeed({ ...MOVE_EVAL_DEFAULTS })).toBe(true);
    expect(changedParams({ ...MOVE_EVAL_DEFAULTS, captureBonus: 0 })).toEqual({ captureBonus: 0 });
    expect(isSeed({ ...MOVE_EVAL_DEFAULTS, attackDivisor: 3 })).toBe(false);
  });

  it('ranks ties together', () => {
    const ranks = ranksOf([
      { usi: 'a', value: 9 },
      { usi: 'b', value: 5 },
      { usi: 'c', value: 5 },
      { usi: 'd', value: 1 },
    ]);
    expect([...ranks.values()]).toEqual([1, 2, 2, 4]);
  });
});

describe('the ordering comparison', () => {
  it('asks for options the search accepts, with the table off unless wanted', () => {
    for (const { ordering } of ORDERING_RUNS) {
      const off = resolveOptions(orderingOptions(ordering, false));
      expect(off.ok && off.value.ttSizeMb).toBe(0);
      const on = resolveOptions(orderingOptions(ordering, true));
      expect(on.ok && on.value.ttSizeMb).toBeGreaterThan(0);
      expect(on.ok && on.value.ordering).toBe(ordering);
    }
  });

  it('finds the same value with every ordering, and orders better than none', () => {
    const preset = EVAL_PRESETS.find((p) => p.id === 'king-threat')!;
    const runs = ORDERING_RUNS.map(({ ordering }) =>
      summarise(
        ordering,
        new Searcher(orderingOptions(ordering, false)).search(at(preset.sfen), { depth: 2 }),
      ),
    );
    expect(valuesAgree(runs)).toBe(true);
    const [none, standard, moveEval] = runs;
    expect(standard!.nodes).toBeLessThan(none!.nodes);
    expect(moveEval!.nodes).toBeLessThan(none!.nodes);
    expect(firstMoveRate(moveEval!)).toBeGreaterThan(firstMoveRate(none!));
  });

  it('computes the first-move rate and agreement', () => {
    expect(firstMoveRate({ cutoffs: 0, firstMoveCutoffs: 0 })).toBe(0);
    expect(firstMoveRate({ cutoffs: 8, firstMoveCutoffs: 6 })).toBe(0.75);
    expect(valuesAgree([{ value: 3 }, { value: 3 }])).toBe(true);
    expect(valuesAgree([{ value: 3 }, { value: 4 }])).toBe(false);
    expect(valuesAgree([])).toBe(false);
  });
});
