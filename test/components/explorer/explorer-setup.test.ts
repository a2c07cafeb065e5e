/**
 * What a chapter writes in `<SearchExplorer … />`, checked: the first configuration, B as A with
 * one change, and a sentence (not an exception) for every mistake, with a default in its place.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEPTH, setupOf } from '../../../src/components/widgets/explorer/explorer-setup';
import { optionChanges } from '../../../src/components/widgets/explorer/options-model';
import { DEFAULT_POSITIONS } from '../../../src/components/widgets/explorer/positions';

describe('an explorer’s first configuration', () => {
  it('starts from the first position, the defaults and depth 4 when told nothing', () => {
    const { fallback, problems } = setupOf({});
    expect(problems).toEqual([]);
    expect(fallback.position).toBe(DEFAULT_POSITIONS[0]!.position);
    expect(fallback.limits).toEqual({ depth: DEFAULT_DEPTH, nodes: 0, timeMs: 0 });
    expect(fallback.compare).toBe(false);
    expect(optionChanges(fallback.a, fallback.b).map((c) => c.path)).toEqual(['nullMove']);
  });

  it('takes the chapter’s options, B’s change, the shown paths and the limits', () => {
    const { fallback, problems, visible } = setupOf({
      initial: 'position startpos moves 7g7f',
      options: { forwardPruning: 'threshold', 'moveEval.captureBonus': 1000 },
      paths: ['forwardPruning', 'forwardThreshold'],
      b: { forwardThreshold: -500 },
      compare: true,
      depth: 3,
      nodes: 100_000,
    });
    expect(problems).toEqual([]);
    expect(visible).toEqual(['forwardPruning', 'forwardThreshold']);
    expect(fallback.position).toBe('startpos moves 7g7f');
    expect(fallback.a.moveEval.captureBonus).toBe(1000);
    expect(optionChanges(fallback.a, fallback.b).map((c) => `${c.path} ${c.to}`)).toEqual([
      'forwardThreshold −500',
    ]);
    expect(fallback.compare).toBe(true);
    expect(fallback.limits).toEqual({ depth: 3, nodes: 100_000, timeMs: 0 });
  });

  it('names every mistake and carries on with defaults', () => {
    const { fallback, problems } = setupOf({
      positions: [{ label: 'Broken', position: 'startpos moves 7g7e' }],
      initial: 'not a position',
      options: { nullMoov: true },
      b: { lmrBase: 9999 },
      depth: 40,
      nodes: -1,
    });
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toMatch(/Broken/);
    expect(problems.join('\n')).toMatch(/initial position/);
    expect(problems.join('\n')).toMatch(/nullMoov/);
    expect(problems.join('\n')).toMatch(/b: .*lmrBase/);
    expect(problems.join('\n')).toMatch(/depth: .* got 40/);
    expect(problems.join('\n')).toMatch(/nodes: .* got -1/);
    expect(fallback.position).toBe('startpos');
    expect(fallback.limits.depth).toBe(DEFAULT_DEPTH);
  });
});
