/**
 * The list of evaluation forms the benchmark and the widget share: named uniquely, found by name,
 * each saying before it builds anything how much table memory it will hold, and whether a browser
 * tab can afford it.
 */
import { describe, expect, it } from 'vitest';
import {
  BROWSER_EVAL_FORMS,
  BROWSER_TABLE_BYTES,
  EVAL_FORMS,
  EVAL_SPEED_POSITIONS,
  evalFormByName,
  evalFormsByName,
} from '../../../src/engine/eval/effect/forms';
import { parseSfen } from '../../../src/engine/sfen';

describe('the evaluation forms', () => {
  it('are named uniquely, in the benchmark order', () => {
    const names = EVAL_FORMS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'material',
      'first table, formula',
      'first table, factored',
      'first table, incremental',
      'first table, big table',
      'N = 2, factored',
      'N = 2, big table',
      'N = 3, factored',
      'N = 3, big table',
      'N = 4, factored',
      'N = 4, big table',
      'KKPEE9, formula',
      'KKPEE9, factored',
      'KKPEE9, incremental',
      'KKPEE9, big table',
      'KKPEE16, factored',
      'KKPEE16, big table',
      'KKPEE25, factored',
      'KKPEE25, big table',
      'tuned table, kept up to date',
    ]);
  });

  it('leave only the big tables of 100 MB and more to Node', () => {
    const nodeOnly = EVAL_FORMS.filter((f) => !f.browser);
    expect(nodeOnly.map((f) => [f.name, Math.round(f.bytes / 1e6)])).toEqual([
      ['first table, big table', 129],
      ['KKPEE9, big table', 306],
      ['KKPEE16, big table', 544],
      ['KKPEE25, big table', 850],
    ]);
    expect(BROWSER_EVAL_FORMS).toHaveLength(EVAL_FORMS.length - 4);
    expect(Math.max(...BROWSER_EVAL_FORMS.map((f) => f.bytes))).toBeLessThanOrEqual(
      BROWSER_TABLE_BYTES,
    );
  });

  it('know their memory before building it', () => {
    for (const form of EVAL_FORMS.filter((f) => f.bytes < 1e7)) {
      const { evaluator, bytes } = form.make();
      expect(bytes, form.name).toBe(form.bytes);
      expect(typeof evaluator.evaluate).toBe('function');
    }
  });

  it('are found by name, and an unknown name is named', () => {
    const found = evalFormsByName(['KKPEE9, factored', 'material']);
    expect(found.ok && found.value.map((f) => f.group)).toEqual(['KKPEE9', 'material']);
    expect(evalFormByName('N = 5, factored')).toEqual({
      ok: false,
      error: expect.stringContaining('"N = 5, factored"') as string,
    });
  });

  it('come with positions that parse', () => {
    for (const p of EVAL_SPEED_POSITIONS) expect(parseSfen(p.sfen).ok, p.name).toBe(true);
  });
});
