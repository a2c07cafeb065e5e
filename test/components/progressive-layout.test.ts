/**
 * How a chapter is cut into layout steps (src/components/layout/progressive-layout.ts): blocks in
 * order, each step about a budget of elements, a block bigger than the budget a step of its own,
 * every block once.
 */
import { describe, expect, it } from 'vitest';
import { steps } from '../../src/components/layout/progressive-layout';

describe('steps', () => {
  it('fills each step up to the budget, in the page’s order', () => {
    expect(steps([100, 100, 100, 100, 100], 250)).toEqual([[0, 1], [2, 3], [4]]);
    expect(steps([250, 1, 249], 250)).toEqual([[0], [1, 2]]);
  });

  it('gives a block bigger than the budget a step of its own', () => {
    expect(steps([10, 900, 10], 400)).toEqual([[0], [1], [2]]);
  });

  it('takes every block exactly once, and nothing from an empty page', () => {
    expect(steps([], 400)).toEqual([]);
    const sizes = Array.from({ length: 90 }, (_, i) => ((i * 37) % 120) + 1);
    const plan = steps(sizes, 400);
    expect(plan.flat()).toEqual(sizes.map((_, i) => i));
    for (const step of plan)
      if (step.length > 1) expect(step.reduce((a, i) => a + sizes[i]!, 0)).toBeLessThanOrEqual(400);
  });
});
