/**
 * The worker's speed measurement: a row for each form with nodes, time and nodes per second, the
 * same nodes for forms with the same constants (and the same as a fresh search's), progress as
 * each form starts and ends; and a request it cannot run refused with the bad field named.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EVAL_FORMS, EVAL_SPEED_POSITIONS } from '../../../src/engine/eval/effect/forms';
import { Searcher } from '../../../src/engine/search/index';
import { parseSfen } from '../../../src/engine/sfen';
import type {
  EngineResponse,
  EvalSpeedRequest,
  EvalSpeedRow,
} from '../../../src/engine/worker/protocol';
import { handleRequest } from '../../../src/engine/worker/worker';

const FORMS = [
  'material',
  'first table, formula',
  'first table, factored',
  'first table, incremental',
  'KKPEE9, factored',
  'KKPEE9, incremental',
];
const POSITIONS = EVAL_SPEED_POSITIONS.slice(0, 2).map((p) => p.sfen);

const request = (change: Partial<EvalSpeedRequest> = {}): EvalSpeedRequest => ({
  type: 'evalspeed',
  id: 9,
  forms: FORMS,
  positions: POSITIONS,
  depth: 2,
  ...change,
});

function run(r: EvalSpeedRequest): EngineResponse[] {
  const out: EngineResponse[] = [];
  handleRequest(r, (m) => out.push(m));
  return out;
}

/** The one error a refused request answers with. */
function refusal(change: Partial<EvalSpeedRequest>): string {
  const out = run(request(change));
  expect(out).toHaveLength(1);
  expect(out[0]).toMatchObject({ type: 'error', id: 9 });
  return out[0]?.type === 'error' ? out[0].message : '';
}

describe('the evalspeed request', () => {
  let out: EngineResponse[] = [];
  let result: EngineResponse | undefined;
  let rows: EvalSpeedRow[] = [];
  beforeAll(() => {
    out = run(request());
    result = out.at(-1);
    rows = result?.type === 'evalspeedresult' ? result.rows : [];
  });

  it('answers with a row for each form, in the order asked', () => {
    expect(result).toMatchObject({ type: 'evalspeedresult', id: 9, depth: 2, positions: 2 });
    expect(rows.map((r) => r.name)).toEqual(FORMS);
    for (const row of rows) {
      expect(row.nodes).toBeGreaterThan(0);
      expect(row.ms).toBeGreaterThan(0);
      expect(row.nps).toBeGreaterThan(0);
      expect(row.nps).toBe(Math.round((row.nodes / row.ms) * 1000));
      expect(row.buildMs).toBeGreaterThanOrEqual(0);
    }
    expect(rows[0]).toMatchObject({ group: 'material', bytes: 0 });
    expect(rows[1]).toMatchObject({ group: 'first table', bytes: 0 });
    expect(rows[2]!.bytes).toBe(2 * 81 * 81 * 11 * 8);
  });

  it('reads the same nodes with every form of one group', () => {
    const nodesOf = new Map<string, Set<number>>();
    for (const r of rows) nodesOf.set(r.group, (nodesOf.get(r.group) ?? new Set()).add(r.nodes));
    expect([...nodesOf.keys()]).toEqual(['material', 'first table', 'KKPEE9']);
    for (const nodes of nodesOf.values()) expect(nodes.size).toBe(1);
    // Different constants read different trees here.
    expect(nodesOf.get('material')).not.toEqual(nodesOf.get('first table'));
  });

  it('counts the nodes of a fresh search of each position', () => {
    const form = EVAL_FORMS.find((f) => f.name === 'KKPEE9, factored')!;
    const { evaluator } = form.make();
    let nodes = 0;
    for (const sfen of POSITIONS) {
      const pos = parseSfen(sfen);
      if (!pos.ok) throw new Error(pos.error);
      const searcher = new Searcher({});
      searcher.evaluator = evaluator;
      const r = searcher.search(pos.value, { depth: 2 });
      nodes += r.stats.nodes + r.stats.qnodes;
    }
    expect(rows.find((r) => r.name === form.name)!.nodes).toBe(nodes);
  });

  it('posts progress as each form starts and as it ends', () => {
    const info = out.filter((m) => m.type === 'evalspeedinfo');
    expect(info).toHaveLength(2 * FORMS.length);
    expect(info.map((m) => [m.form, m.done, m.total, m.row === null])).toEqual(
      FORMS.flatMap((name, i) => [
        [name, i, FORMS.length, true],
        [name, i + 1, FORMS.length, false],
      ]),
    );
    expect(info[1]!.row).toEqual(rows[0]);
    expect(out.every((m) => m.id === 9)).toBe(true);
  });

  it('refuses a form it does not know, naming it', () => {
    const message = refusal({ forms: ['material', 'first table, lookup'] });
    expect(message).toContain('"first table, lookup"');
    expect(message).toContain('first table, factored');
  });

  it('refuses the tables too big for a browser tab', () => {
    expect(refusal({ forms: ['first table, big table'] })).toMatch(
      /first table, big table.*129 MB/,
    );
    expect(refusal({ forms: ['KKPEE9, big table'] })).toMatch(/306 MB/);
  });

  it('refuses a bad position, naming which', () => {
    const message = refusal({ positions: [POSITIONS[0]!, 'lnsgkgsnl/9/9 b - 1'] });
    expect(message).toMatch(/^evalspeed: position 2: /);
  });

  it('refuses a depth outside 1 to 5', () => {
    for (const depth of [0, 6, 2.5, Number.NaN])
      expect(refusal({ depth })).toMatch(/depth must be a whole number from 1 to 5/);
  });

  it('refuses an empty list of forms or positions', () => {
    expect(refusal({ forms: [] })).toMatch(/no forms/);
    expect(refusal({ positions: [] })).toMatch(/no positions/);
  });
});
