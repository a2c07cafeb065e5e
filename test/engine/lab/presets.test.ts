/**
 * A match side named by its options: the lab writes, and the Lab page shows, the options' own
 * labels rather than the JSON a side was typed as.
 */
import { describe, expect, it } from 'vitest';
import { describeChange, parsePlayer } from '../../../src/engine/lab/presets';

describe('a side given as options', () => {
  it('is named by the options’ labels, nested ones included', () => {
    const nested = describeChange({ evaluator: 'effect', effectEval: { cap: 2 } });
    expect(nested).toMatch(/^[A-Z][^:{]*: effect, [^:{]+: 2$/);
    expect(nested).not.toContain('{');
    expect(describeChange({ nullMove: true, lmr: false })).toMatch(/: on, .*: off$/);
    expect(describeChange({})).toBe('the defaults');
    expect(describeChange({ noSuchOption: 3 })).toBe('noSuchOption: 3');
  });

  it('gets that name from the match command, its options kept as given', () => {
    const side = parsePlayer('{"ordering":"decision-tree"}');
    expect(side.ok).toBe(true);
    if (side.ok) {
      expect(side.value.name).toBe('custom');
      expect(side.value.label).toMatch(/: decision-tree$/);
      expect(side.value.change).toEqual({ ordering: 'decision-tree' });
    }
  });
});
