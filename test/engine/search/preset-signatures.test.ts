/**
 * Node-count signatures under every technique. The bench signature (signature.test.ts) runs the
 * default options, where every pruning, extension and ordering but the standard one is off; these
 * run the bench positions with each preset of the lab and the other orderings, so that a change
 * to null move, LMR, futility, forward pruning, Dual Credit, the mate probe, the decision trees or
 * an evaluator moves a count here. A deliberate change remakes the fixture
 * (`npm run signatures -- --write`) and its commit says so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  benchPositions,
  SIGNATURES_FILE,
  SIGNED_OPTION_SETS,
  signedNodes,
} from '../../../scripts/lib/signatures';

interface Fixture {
  positions: string[];
  sets: Record<string, { options: unknown; depthOffset: number; total: number; nodes: number[] }>;
}

const fixture = JSON.parse(readFileSync(SIGNATURES_FILE, 'utf8')) as Fixture;
const positions = benchPositions();
/** The slowest sets take some seconds alone; the machine may be shared. */
const TIMEOUT_MS = 180_000;

describe('node-count signatures per option set', () => {
  it('the fixture covers every signed option set, on today’s bench positions', () => {
    expect(Object.keys(fixture.sets)).toEqual(SIGNED_OPTION_SETS.map((s) => s.id));
    expect(fixture.positions).toEqual(positions.map((p) => p.name));
    for (const { id, options } of SIGNED_OPTION_SETS)
      expect(fixture.sets[id]!.options, `${id}: run npm run signatures -- --write`).toEqual(
        options,
      );
  });

  it.each(SIGNED_OPTION_SETS.map((s) => [s.id, s] as const))(
    '%s searches exactly the recorded nodes',
    (id, set) => {
      const nodes = signedNodes(set, positions);
      const recorded = fixture.sets[id]!;
      expect(nodes, `${id}, position by position`).toEqual(recorded.nodes);
      expect(nodes.reduce((a, b) => a + b, 0)).toBe(recorded.total);
    },
    TIMEOUT_MS,
  );
});
