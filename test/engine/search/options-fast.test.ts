/**
 * The search reads its options at every node (`s.options.pvs`, `s.options.history`, …). V8 keeps an
 * object built up by computed keys past about a dozen properties in dictionary mode, where each of
 * those reads is a hash lookup through a generic inline cache: with the 52 search options built
 * that way, the reads took 5 % of the material search's instructions. `defaultsOf`
 * (option-spec.ts) hands out a copy with fast properties; this checks, with V8's own test hook in
 * a child process (`%HasFastProperties`, behind --allow-natives-syntax), that every way the
 * search gets its options keeps them fast.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Run in a child Node with natives syntax, on the engine bundled as the site ships it (run through
 * tsx's module transform instead, the same object came out fast either way, so the test would not
 * see the defect). The hook is compiled at run time, out of esbuild's way.
 */
const SCRIPT = `
const { bundleEngine } = await import('./bench/lib/engine-bundle.ts');
const { Searcher, parseSfen } = await bundleEngine('src/engine');
const fast = new Function('o', 'return %HasFastProperties(o)');
const plain = new Searcher({});
const tuned = new Searcher({ evaluator: 'material', pvs: false, moveEval: { captureBonus: 5 } });
const pos = parseSfen('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
if (!pos.ok) throw new Error(pos.error);
tuned.search(pos.value, { depth: 1 });
console.log(JSON.stringify({
  defaults: fast(plain.options),
  defaultsMoveEval: fast(plain.options.moveEval),
  resolved: fast(tuned.options),
  resolvedMoveEval: fast(tuned.options.moveEval),
  state: fast(tuned.state.options),
  count: Object.keys(plain.options).length,
}));
`;

describe('search options', () => {
  it('are objects with fast properties however they are made', () => {
    const out = execFileSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
      { encoding: 'utf8' },
    );
    const seen = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, unknown>;
    // Enough options that V8 would have left them in dictionary mode.
    expect(seen.count).toBeGreaterThan(20);
    expect(seen).toEqual({
      defaults: true,
      defaultsMoveEval: true,
      resolved: true,
      resolvedMoveEval: true,
      state: true,
      count: seen.count,
    });
  }, 60_000);
});
