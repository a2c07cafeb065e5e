/**
 * The chapters' guided experiments: every step's searches run in Node as the page's worker runs
 * them (a fresh search, the step's position, options and depth, set up by the explorer's own
 * `stepSetup`), and what each note tells the reader to look for is pinned here: the moves it
 * names, which counter fires, which search reads more. When a change to the engine moves one of
 * these, the note is read again and changed with the pin. Also: each chapter shows its guide.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Guide, stepSetup } from '../../../src/components/widgets/explorer/guided-steps';
import {
  ORDERING_GUIDE,
  ORDERING_POSITIONS,
} from '../../../src/components/widgets/explorer/guided/move-evaluation';
import { DUAL_CREDIT_GUIDE } from '../../../src/components/widgets/explorer/guided/dual-credit';
import { EFFECT_GUIDE } from '../../../src/components/widgets/explorer/guided/effect-tables';
import { DTREE_GUIDE } from '../../../src/components/widgets/explorer/guided/decision-trees';
import { MATE_PROBE_GUIDE } from '../../../src/components/widgets/explorer/guided/end-of-game';
import { DEFAULT_POSITIONS } from '../../../src/components/widgets/explorer/positions';
import { firstMoveCutoffRate } from '../../../src/components/widgets/explorer/search-model';
import { Searcher, type SearchResult } from '../../../src/engine/search/iterate';
import { DEFAULT_OPTIONS, type SearchOptions } from '../../../src/engine/search/options';
import { parsePositionText } from '../../../src/engine/sfen';

const cache = new Map<string, SearchResult>();

/** A search as the worker runs it: cold, to a depth. Equal searches are run once. */
function search(position: string, options: SearchOptions, depth: number): SearchResult {
  const key = JSON.stringify([position, options, depth]);
  const known = cache.get(key);
  if (known) return known;
  const pos = parsePositionText(position);
  if (!pos.ok) throw new Error(pos.error);
  const result = new Searcher(options).search(pos.value, { depth });
  cache.set(key, result);
  return result;
}

interface Ran {
  a: SearchResult;
  /** B's result when the step compares. */
  b: SearchResult | null;
}

/** Step `i` of `guide`, searched: A, and B when the step compares. */
function ran(guide: Guide, i: number): Ran {
  const step = guide.steps[i]!;
  const setup = stepSetup(step, guide.options);
  if (!setup.ok) throw new Error(setup.error);
  const { position, a, b, compare, depth } = setup.value;
  return {
    a: search(position!, a, depth!),
    b: compare ? search(position!, b!, depth!) : null,
  };
}

const bOf = (r: Ran): SearchResult => {
  if (!r.b) throw new Error('the step does not compare');
  return r.b;
};
const counter = (r: SearchResult, key: string): number => r.stats.counters[key] ?? 0;
const ratio = (r: Ran): number => bOf(r).nodes / r.a.nodes;
const firstMove = (r: SearchResult): number => firstMoveCutoffRate(r) ?? 0;
const sameAnswer = (r: Ran): void => {
  expect(bOf(r).bestMove).toBe(r.a.bestMove);
  expect(bOf(r).score).toEqual(r.a.score);
};

const CHAPTERS = 'src/content/chapters';

/** Each guide, the name the chapter knows it by, and the positions its explorer offers. */
const GUIDES: readonly {
  slug: string;
  name: string;
  guide: Guide;
  /** The explorer's positions when they are not written in the chapter. */
  positions?: readonly string[];
}[] = [
  {
    slug: 'move-evaluation',
    name: 'ORDERING_GUIDE',
    guide: ORDERING_GUIDE,
    positions: ORDERING_POSITIONS.map((p) => p.position),
  },
  { slug: 'dual-credit', name: 'DUAL_CREDIT_GUIDE', guide: DUAL_CREDIT_GUIDE },
  { slug: 'effect-tables', name: 'EFFECT_GUIDE', guide: EFFECT_GUIDE },
  {
    slug: 'decision-trees',
    name: 'DTREE_GUIDE',
    guide: DTREE_GUIDE,
    positions: DEFAULT_POSITIONS.map((p) => p.position),
  },
  { slug: 'end-of-game', name: 'MATE_PROBE_GUIDE', guide: MATE_PROBE_GUIDE },
];

describe.each(GUIDES)('the guided experiment of $slug', ({ slug, name, guide, positions }) => {
  const chapter = readFileSync(`${CHAPTERS}/${slug}.mdx`, 'utf8');

  it('is shown by the chapter, with the options its steps are read against', () => {
    for (const prop of [`steps={${name}.steps}`, `options={${name}.options}`])
      expect(chapter.includes(prop), `${slug}.mdx has ${prop}`).toBe(true);
  });

  it('has three to five steps, each a position of the explorer, a depth and a note', () => {
    expect(guide.steps.length).toBeGreaterThanOrEqual(3);
    expect(guide.steps.length).toBeLessThanOrEqual(5);
    for (const step of guide.steps) {
      expect(step.label.length, step.label).toBeGreaterThan(3);
      expect(step.note.length, step.label).toBeGreaterThan(40);
      expect(step.depth, step.label).toBeGreaterThanOrEqual(1);
      expect(step.depth, step.label).toBeLessThanOrEqual(4);
      // A step that compares says what B is, so that it never depends on an earlier click.
      expect(step.b !== undefined, step.label).toBe(step.compare === true);
      const position = step.position!;
      if (positions) expect(positions, step.label).toContain(position);
      else expect(chapter.includes(position.replace(/^sfen /, '')), step.label).toBe(true);
      expect(stepSetup(step, guide.options).ok, step.label).toBe(true);
    }
  });
});

describe('chapter 2: the orderings, one rule at a time', () => {
  const steps = () => ORDERING_GUIDE.steps.map((_, i) => ran(ORDERING_GUIDE, i));
  const generator = () => ran(ORDERING_GUIDE, 0);
  const captures = () => ran(ORDERING_GUIDE, 1);
  const killers = () => ran(ORDERING_GUIDE, 2);
  const history = () => ran(ORDERING_GUIDE, 3);
  const moveValues = () => ran(ORDERING_GUIDE, 4);

  it('finds the same move and score with every ordering (the table is off)', () => {
    expect(generator().a.bestMove).toBe('P*4b');
    for (const r of steps().slice(1)) sameAnswer(r);
  });

  it('the generator order makes about one cut-off in seven with its first move', () => {
    expect(firstMove(generator().a)).toBeGreaterThan(0.1);
    expect(firstMove(generator().a)).toBeLessThan(0.2);
  });

  it('captures first: about three fifths of the nodes, about half the cut-offs by the first move', () => {
    expect(ratio(captures())).toBeGreaterThan(0.5);
    expect(ratio(captures())).toBeLessThan(0.7);
    expect(firstMove(bOf(captures()))).toBeGreaterThan(0.4);
    expect(firstMove(bOf(captures()))).toBeLessThan(0.6);
  });

  it('killers bring it under half, history (the standard ordering) to about a third', () => {
    expect(ratio(killers())).toBeLessThan(0.5);
    expect(ratio(killers())).toBeLessThan(ratio(captures()));
    expect(ratio(history())).toBeLessThan(ratio(killers()));
    expect(ratio(history())).toBeGreaterThan(0.28);
    expect(ratio(history())).toBeLessThan(0.4);
  });

  it('the move evaluation reads fewer nodes than the standard ordering, more first-move cuts', () => {
    expect(bOf(moveValues()).nodes).toBeLessThan(bOf(history()).nodes);
    expect(firstMove(bOf(moveValues()))).toBeGreaterThan(firstMove(bOf(history())));
  });
});

describe('chapter 5: Dual Credit', () => {
  const credit = () => ran(DUAL_CREDIT_GUIDE, 0);
  const limit3 = () => ran(DUAL_CREDIT_GUIDE, 1);
  const every = () => ran(DUAL_CREDIT_GUIDE, 2);
  const shared = () => ran(DUAL_CREDIT_GUIDE, 3);
  const checks = () => ran(DUAL_CREDIT_GUIDE, 4);
  const extensions = (r: SearchResult) => counter(r, 'dual-credit-extension');

  it('Dual Credit promotes the other bishop where plain α-β takes the rook', () => {
    expect(credit().a.bestMove).toBe('9g8h+');
    expect(bOf(credit()).bestMove).toBe('2f4h+');
    expect(extensions(credit().a)).toBeGreaterThan(0);
    expect(extensions(credit().a)).toBeLessThan(10);
    expect(extensions(bOf(credit()))).toBe(0);
    // About a third more nodes than B.
    expect(credit().a.nodes / bOf(credit()).nodes).toBeGreaterThan(1.2);
    expect(credit().a.nodes / bOf(credit()).nodes).toBeLessThan(1.45);
  });

  it('at a limit of 3, moves are re-searched with credit but nothing extends', () => {
    expect(counter(limit3().a, 'dual-credit-research')).toBeGreaterThan(0);
    expect(extensions(limit3().a)).toBe(0);
    expect(limit3().a.bestMove).toBe('2f4h+');
    expect(bOf(limit3()).bestMove).toBe('2f4h+');
  });

  it('credit at every move: no re-search, more extension, about B’s nodes, the same move', () => {
    expect(counter(every().a, 'dual-credit-research')).toBe(0);
    expect(extensions(every().a)).toBeGreaterThan(extensions(credit().a));
    expect(every().a.nodes / bOf(every()).nodes).toBeGreaterThan(0.9);
    expect(every().a.nodes / bOf(every()).nodes).toBeLessThan(1.1);
    expect(every().a.bestMove).toBe('9g8h+');
  });

  it('one shared account: more extension and more nodes than two, the same move', () => {
    expect(extensions(shared().a)).toBeGreaterThan(extensions(credit().a));
    expect(shared().a.nodes).toBeGreaterThan(credit().a.nodes);
    expect(shared().a.bestMove).toBe('9g8h+');
  });

  it('the check extension extends far more often, chooses A’s move and reads fewer nodes', () => {
    const b = bOf(checks());
    expect(counter(b, 'check-extension')).toBeGreaterThan(10 * extensions(checks().a));
    expect(checks().a.bestMove).toBe('9g8h+');
    expect(b.bestMove).toBe('9g8h+');
    expect(b.nodes).toBeLessThan(checks().a.nodes);
  });
});

describe('chapter 6: three evaluations, three moves', () => {
  const effect = () => ran(EFFECT_GUIDE, 0);
  const cap1 = () => ran(EFFECT_GUIDE, 1);
  const weights0 = () => ran(EFFECT_GUIDE, 2);
  const tuned = () => ran(EFFECT_GUIDE, 3);

  it('material finds nothing and steps its king; the effect evaluation steps it the other way', () => {
    expect(bOf(effect()).score).toEqual({ kind: 'cp', value: 0 });
    expect(bOf(effect()).bestMove).toBe('5i5h');
    expect(effect().a.bestMove).toBe('5i6h');
    expect(effect().a.nodes).toBeGreaterThan(bOf(effect()).nodes);
  });

  it('with the count capped at one, the bishop comes out', () => {
    expect(cap1().a.bestMove).toBe('8h6f');
  });

  it('with both weights at 0, the search is material’s, node for node', () => {
    sameAnswer(weights0());
    expect(weights0().a.nodes).toBe(bOf(weights0()).nodes);
  });

  it('the tuned table moves a gold, a third move', () => {
    expect(tuned().a.bestMove).toBe('6i5h');
    expect(tuned().a.bestMove).not.toBe(effect().a.bestMove);
    expect(tuned().a.bestMove).not.toBe(bOf(tuned()).bestMove);
  });
});

describe('chapter 7: the trees inside the search', () => {
  const order = () => ran(DTREE_GUIDE, 0);
  const prune = () => ran(DTREE_GUIDE, 1);
  const pruneLate = () => ran(DTREE_GUIDE, 2);
  const mate = () => ran(DTREE_GUIDE, 3);
  const mate60 = () => ran(DTREE_GUIDE, 4);

  it('ordering by the tree: the same answer, about as many nodes and first-move cuts', () => {
    sameAnswer(order());
    expect(ratio(order())).toBeGreaterThan(0.8);
    expect(ratio(order())).toBeLessThan(1.25);
    expect(Math.abs(firstMove(order().a) - firstMove(bOf(order())))).toBeLessThan(0.05);
  });

  it('pruning by the tree: under a third of the nodes, the same answer', () => {
    sameAnswer(prune());
    expect(counter(bOf(prune()), 'forward-pruning')).toBeGreaterThan(0);
    expect(ratio(prune())).toBeLessThan(1 / 3);
  });

  it('asked one ply from the horizon too: under a fifth, the same answer', () => {
    sameAnswer(pruneLate());
    expect(ratio(pruneLate())).toBeLessThan(0.2);
    expect(ratio(pruneLate())).toBeLessThan(ratio(prune()));
  });

  it('the mate-threat extension at 90 % never fires here', () => {
    expect(DEFAULT_OPTIONS.treeMateShare).toBe(900);
    expect(counter(bOf(mate()), 'tree-mate-extension')).toBe(0);
    expect(bOf(mate()).nodes).toBe(mate().a.nodes);
  });

  it('at 60 % it extends a few dozen moves, about a third more nodes, the same move', () => {
    const fired = counter(bOf(mate60()), 'tree-mate-extension');
    expect(fired).toBeGreaterThanOrEqual(12);
    expect(fired).toBeLessThan(100);
    expect(ratio(mate60())).toBeGreaterThan(1.2);
    expect(ratio(mate60())).toBeLessThan(1.45);
    expect(bOf(mate60()).bestMove).toBe(mate60().a.bestMove);
  });
});

describe('chapter 8: the mate search at the leaves', () => {
  const depth2 = () => ran(MATE_PROBE_GUIDE, 0);
  const deeper = () => ran(MATE_PROBE_GUIDE, 1);
  const boxed = () => ran(MATE_PROBE_GUIDE, 2);
  const nine = () => ran(MATE_PROBE_GUIDE, 3);
  const nineBoxed = () => ran(MATE_PROBE_GUIDE, 4);
  const lost = (r: SearchResult) => r.score.kind === 'cp' && r.score.value < -3000;
  const mates = (r: SearchResult) => r.score.kind === 'mate' && r.score.value > 0;

  it('at depth 2 the plain search calls it lost; the probe finds the mate, with most of the nodes', () => {
    expect(depth2().a.bestMove).toBe('G*4b');
    expect(lost(depth2().a)).toBe(true);
    const b = bOf(depth2());
    expect(mates(b)).toBe(true);
    expect(b.bestMove).toBe('S*4b');
    expect(counter(b, 'mate-probe-nodes') / b.nodes).toBeGreaterThan(0.9);
  });

  it('plain α-β at depth 3 still sees no mate', () => {
    expect(deeper().b).toBeNull();
    expect(deeper().a.bestMove).toBe('G*4b');
    expect(lost(deeper().a)).toBe(true);
  });

  it('near a boxed-in king only: fewer probes, a fraction of their nodes, the same mate', () => {
    const b = bOf(boxed());
    const before = bOf(depth2());
    expect(mates(b)).toBe(true);
    expect(b.bestMove).toBe('S*4b');
    expect(counter(b, 'mate-probe')).toBeLessThan(counter(before, 'mate-probe'));
    expect(counter(b, 'mate-probe-nodes')).toBeLessThan(counter(before, 'mate-probe-nodes') / 10);
  });

  it('the mate in 9: the plain search plays R*2b, lost; the probe mates with 3d2b+', () => {
    expect(nine().a.bestMove).toBe('R*2b');
    expect(lost(nine().a)).toBe(true);
    expect(mates(bOf(nine()))).toBe(true);
    expect(bOf(nine()).bestMove).toBe('3d2b+');
  });

  it('kept to one flight square the probe misses it; at two it finds it', () => {
    expect(mates(bOf(nineBoxed()))).toBe(false);
    expect(bOf(nineBoxed()).bestMove).toBe('R*2b');
    const step = MATE_PROBE_GUIDE.steps[4];
    const setup = stepSetup(
      { ...step, b: { ...step.b, mateProbeFlights: 2 } },
      MATE_PROBE_GUIDE.options,
    );
    if (!setup.ok) throw new Error(setup.error);
    expect(mates(search(step.position, setup.value.b!, step.depth))).toBe(true);
  });
});
