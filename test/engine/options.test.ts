/**
 * Options are declared once, in the module of their technique (option-spec.ts), and one validator
 * checks every value that comes from outside. Issue 7, bug 6: fractions used to pass where plies
 * are meant (`nullMoveR: 1.5`; `forwardRank: 2.5` switched rank pruning off), and the worker
 * checked the move-evaluation constants by rules of its own.
 */
import { describe, expect, it } from 'vitest';
import { checkValue, defaultsOf, getPath, table } from '../../src/engine/option-spec';
import {
  DEFAULT_OPTIONS,
  OPTION_GROUPS,
  OPTION_SCHEMA,
  resolveOptions,
} from '../../src/engine/search/options';
import { runEvaluate } from '../../src/engine/worker/worker';
import type { EngineResponse } from '../../src/engine/worker/protocol';

describe('search options', () => {
  it.each([
    ['nullMoveR', 1.5],
    ['forwardRank', 2.5],
    ['maxExtension', 2.5],
    ['recapturePlies', 1.5],
    ['lmrMinMove', 3.25],
    ['ttSizeMb', 0.5],
  ])('refuses %s = %s: plies, counts and sizes are whole numbers', (path, value) => {
    const r = resolveOptions({ [path]: value });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(new RegExp(`^options: ${path}: expected a whole number`));
  });

  it('names the option and the range for a value out of range or of the wrong type', () => {
    expect(resolveOptions({ futilityMargin: 5000 })).toEqual({
      ok: false,
      error: 'options: futilityMargin: expected a whole number from 0 to 2000, got 5000',
    });
    expect(resolveOptions({ moveEval: { attackDivisor: 0 } })).toEqual({
      ok: false,
      error: 'options: moveEval.attackDivisor: expected a whole number from 1 to 100, got 0',
    });
    expect(resolveOptions({ ordering: 'best' }).ok).toBe(false);
    expect(resolveOptions({ nullMove: 'yes' }).ok).toBe(false);
    expect(resolveOptions({ nullMoov: true })).toEqual({
      ok: false,
      error: 'options: unknown option "nullMoov"',
    });
  });

  it('derives the defaults, the schema and the groups from the same declarations', () => {
    const paths = OPTION_SCHEMA.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const spec of OPTION_SCHEMA) {
      expect(checkValue(spec, getPath(DEFAULT_OPTIONS, spec.path)), spec.path).toBeNull();
      expect(OPTION_GROUPS.some((g) => g.id === spec.group)).toBe(true);
    }
    expect(resolveOptions({})).toEqual({ ok: true, value: DEFAULT_OPTIONS });
  });

  it('checks a table option cell by cell, naming the cell', () => {
    const spec = {
      ...table({
        label: 'Values',
        help: 'test',
        rows: ['pawn', 'gold'],
        columns: ['near', 'far'],
        default: [1, 2, 3, 4],
        min: 0,
        max: 10,
        step: 1,
        whole: true,
      }),
      path: 'values',
      group: 'test',
    };
    expect(checkValue(spec, [1, 2, 3, 4])).toBeNull();
    expect(checkValue(spec, [1, 2, 3])).toMatch(/expected 4 numbers/);
    expect(checkValue(spec, [1, 2, 3.5, 4])).toBe(
      'gold × near: expected a whole number from 0 to 10, got 3.5',
    );
    expect(defaultsOf({ values: spec })).toEqual({ values: [1, 2, 3, 4] });
  });
});

describe('the worker’s move-evaluation constants', () => {
  const evaluate = (params: unknown): EngineResponse[] => {
    const out: EngineResponse[] = [];
    runEvaluate({ type: 'evaluate', id: 1, sfen: 'startpos', params: params as object }, (m) =>
      out.push(m),
    );
    return out;
  };

  it('go through the same validator as the search’s moveEval options', () => {
    expect(evaluate({ attackDivisor: 1.5 })).toEqual([
      {
        type: 'error',
        id: 1,
        message: 'move evaluation: attackDivisor: expected a whole number from 1 to 100, got 1.5',
      },
    ]);
    expect(evaluate({ captureBonus: -1 })[0]?.type).toBe('error');
    expect(evaluate({ nonsense: 1 })).toEqual([
      { type: 'error', id: 1, message: 'move evaluation: unknown option "nonsense"' },
    ]);
    expect(evaluate({ captureBonus: 1000 })[0]?.type).toBe('evaluation');
  });
});
