/**
 * The options panel's model: every schema option lands in a group, chapters pick subsets (and
 * hear about typos), chapter options in dotted or nested form, B as A with one change, and which
 * options only matter while another is on.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, OPTION_SCHEMA } from '../../../src/engine/search/options';
import {
  applyPartial,
  defaultOptions,
  formatValue,
  groupOf,
  groupSchema,
  HIDDEN_BY_DEFAULT,
  inactiveReason,
  initialB,
  isDefault,
  nestPartial,
  optionChanges,
  resolvePartial,
  specOf,
  withOption,
} from '../../../src/components/widgets/explorer/options-model';

describe('grouping the schema', () => {
  it('puts every option in a named group, none in "other"', () => {
    for (const spec of OPTION_SCHEMA) expect(groupOf(spec.path), spec.path).not.toBe('other');
  });

  it('shows everything but the hidden options by default, each once, in schema order', () => {
    const { groups, unknown } = groupSchema();
    const shown = groups.flatMap((g) => g.specs.map((s) => s.path));
    expect(unknown).toEqual([]);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.sort()).toEqual(
      OPTION_SCHEMA.map((s) => s.path)
        .filter((p) => !HIDDEN_BY_DEFAULT.includes(p))
        .sort(),
    );
    for (const g of groups) {
      const order = g.specs.map((s) => OPTION_SCHEMA.indexOf(s));
      expect(order).toEqual([...order].sort((x, y) => x - y));
    }
  });

  it('groups the move evaluation constants, pruning and extensions sensibly', () => {
    expect(groupOf('moveEval.captureBonus')).toBe('move-eval');
    expect(groupOf('nullMoveR')).toBe('backward');
    expect(groupOf('forwardRank')).toBe('forward');
    expect(groupOf('checkExtension')).toBe('extensions');
    expect(groupOf('killers')).toBe('ordering');
  });

  it('keeps only the paths a chapter asks for, and names the ones that do not exist', () => {
    const { groups, unknown } = groupSchema(['nullMove', 'nullMoveR', 'lmr', 'nullMoov']);
    expect(groups.map((g) => g.id)).toEqual(['backward']);
    expect(groups[0]!.specs.map((s) => s.path)).toEqual(['nullMove', 'nullMoveR', 'lmr']);
    expect(unknown).toEqual(['nullMoov']);
  });

  it('drops groups with nothing to show', () => {
    const { groups } = groupSchema(['checkExtension', 'moveEval.captureBonus']);
    expect(groups.map((g) => g.id)).toEqual(['extensions', 'move-eval']);
  });
});

describe('options a chapter writes', () => {
  it('accepts dotted paths, nested objects and a mix', () => {
    expect(nestPartial({ 'moveEval.captureBonus': 1000, lmr: true })).toEqual({
      moveEval: { captureBonus: 1000 },
      lmr: true,
    });
    expect(nestPartial({ moveEval: { focusPawnBonus: 80 }, 'moveEval.captureBonus': 0 })).toEqual({
      moveEval: { focusPawnBonus: 80, captureBonus: 0 },
    });
    const r = resolvePartial({ 'moveEval.captureBonus': 1000, nullMove: true });
    expect(r.ok && r.value.moveEval.captureBonus).toBe(1000);
    expect(r.ok && r.value.moveEval.focusPawnBonus).toBe(DEFAULT_OPTIONS.moveEval.focusPawnBonus);
  });

  it('names a bad option instead of throwing', () => {
    expect(resolvePartial({ nullMoveR: 9 })).toMatchObject({ ok: false, error: /nullMoveR/ });
    expect(resolvePartial({ fastMode: true })).toMatchObject({ ok: false, error: /fastMode/ });
    expect(applyPartial(defaultOptions(), { lmr: 'on' })).toMatchObject({ ok: false });
  });

  it('changes one option without touching the original', () => {
    const a = defaultOptions();
    const b = withOption(a, 'moveEval.captureBonus', 0);
    expect(a.moveEval.captureBonus).toBe(1500);
    expect(b.moveEval.captureBonus).toBe(0);
    expect(isDefault(a, 'moveEval.captureBonus')).toBe(true);
    expect(isDefault(b, 'moveEval.captureBonus')).toBe(false);
  });
});

describe('the B side of a comparison', () => {
  it('is A with the chapter’s change', () => {
    const a = withOption(defaultOptions(), 'lmr', true);
    const b = initialB(a, ['nullMove'], { lmrBase: 150 });
    expect(b.ok && optionChanges(a, b.value)).toEqual([
      { path: 'lmrBase', label: 'LMR base', from: '75 /100 ply', to: '150 /100 ply' },
    ]);
  });

  it('is otherwise A with the first visible switch that is off turned on', () => {
    const a = defaultOptions();
    const b = initialB(a, ['nullMoveR', 'nullMove', 'lmr']);
    expect(b.ok && optionChanges(a, b.value).map((c) => `${c.label}: ${c.from} → ${c.to}`)).toEqual(
      ['Null-move pruning: off → on'],
    );
    const all = groupSchema().groups.flatMap((g) => g.specs.map((s) => s.path));
    const b2 = initialB(a, all);
    expect(b2.ok && optionChanges(a, b2.value).map((c) => c.path)).toEqual(['nullMove']);
  });

  it('turns the first switch off when every visible switch is on', () => {
    const a = defaultOptions();
    const b = initialB(a, ['killers', 'history']);
    expect(b.ok && optionChanges(a, b.value).map((c) => `${c.path} ${c.to}`)).toEqual([
      'killers off',
    ]);
  });

  it('moves the first number one step when no switch is shown', () => {
    const a = defaultOptions();
    const b = initialB(a, ['futilityMargin']);
    expect(b.ok && b.value.futilityMargin).toBe(210);
    const top = withOption(a, 'nullMoveR', 5);
    const down = initialB(top, ['nullMoveR']);
    expect(down.ok && down.value.nullMoveR).toBe(4);
  });
});

describe('options that wait for another', () => {
  it('says when a setting takes effect', () => {
    const o = defaultOptions();
    expect(inactiveReason('nullMoveR', o)).toBe('with null-move pruning on');
    expect(inactiveReason('nullMoveR', withOption(o, 'nullMove', true))).toBeNull();
    expect(inactiveReason('lmrBase', o)).toMatch(/late-move/);
    expect(inactiveReason('lmr', o)).toBeNull();
    expect(inactiveReason('forwardRank', withOption(o, 'forwardPruning', 'threshold'))).toMatch(
      /by rank/,
    );
    expect(inactiveReason('forwardRank', withOption(o, 'forwardPruning', 'rank'))).toBeNull();
    expect(inactiveReason('moveEval.captureBonus', o)).toMatch(/move-evaluation/);
    expect(
      inactiveReason('moveEval.captureBonus', withOption(o, 'ordering', 'move-evaluation')),
    ).toBeNull();
    expect(inactiveReason('killers', withOption(o, 'ordering', 'none'))).toMatch(/standard/);
  });

  it('reads values in words, with units', () => {
    expect(formatValue(specOf('nullMove')!, true)).toBe('on');
    expect(formatValue(specOf('forwardThreshold')!, -100)).toBe('−100');
    expect(formatValue(specOf('ttSizeMb')!, 16)).toBe('16 MiB');
    // Counted units agree with the number: one ply, two plies.
    expect(formatValue(specOf('mateProbeDepth')!, 1)).toBe('1 ply');
    expect(formatValue(specOf('mateProbeDepth')!, 2)).toBe('2 plies');
    expect(formatValue(specOf('mateProbeFlights')!, 1)).toBe('1 flight');
    expect(formatValue(specOf('mateProbeNodes')!, 300)).toBe('300 nodes');
    expect(formatValue(specOf('ordering')!, 'none')).toBe('none');
  });
});
