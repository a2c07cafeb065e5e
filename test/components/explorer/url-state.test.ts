/**
 * The search explorer's address: options as their differences from the defaults, a namespace per
 * explorer, only what differs from the chapter's configuration, exact round trips, and errors
 * (never exceptions) for links that cannot be used.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, type SearchOptions } from '../../../src/engine/search/options';
import { withOption } from '../../../src/components/widgets/explorer/options-model';
import { ANALYSE_EXPLORER, analyseLink } from '../../../src/components/widgets/analyse-link';
import {
  decodeOptions,
  decodeState,
  encodeOptions,
  encodeState,
  type ExplorerState,
  MAX_EXPLORER_DEPTH,
  readNamespace,
  writeNamespace,
} from '../../../src/components/widgets/explorer/url-state';

const defaults = (): SearchOptions => structuredClone(DEFAULT_OPTIONS);

const FALLBACK: ExplorerState = {
  position: 'startpos',
  a: defaults(),
  b: withOption(defaults(), 'nullMove', true),
  compare: false,
  limits: { depth: 4, nodes: 0, timeMs: 0 },
};

/** Through a real query string: encode, write, read, decode. */
function roundTrip(state: ExplorerState, fallback = FALLBACK, search = ''): ExplorerState {
  const written = writeNamespace(search, 'x', encodeState(state, fallback));
  const decoded = decodeState(readNamespace(written, 'x'), fallback);
  if (decoded === null) return structuredClone(fallback);
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded.value;
}

describe('options in a link', () => {
  it('writes nothing for the defaults', () => {
    expect(encodeOptions(defaults())).toBe('');
    expect(decodeOptions('')).toEqual({ ok: true, value: defaults() });
  });

  it('writes only the differences, nested options by their dotted path', () => {
    let o = withOption(defaults(), 'lmr', true);
    o = withOption(o, 'moveEval.captureBonus', 1000);
    o = withOption(o, 'forwardPruning', 'rank');
    o = withOption(o, 'forwardThreshold', -250);
    const text = encodeOptions(o);
    expect(text).toBe(
      'forwardPruning:rank,forwardThreshold:-250,lmr:true,moveEval.captureBonus:1000',
    );
    expect(decodeOptions(text)).toEqual({ ok: true, value: o });
  });

  it('refuses a fraction where a whole number is meant', () => {
    expect(decodeOptions('nullMoveR:1.5')).toEqual({
      ok: false,
      error: 'options: nullMoveR: expected a whole number from 1 to 5, got 1.5',
    });
  });

  it('names the option that cannot be read', () => {
    expect(decodeOptions('nullMoov:true')).toEqual({
      ok: false,
      error: 'options: unknown option "nullMoov"',
    });
    expect(decodeOptions('nullMove:yes')).toMatchObject({ ok: false, error: /nullMove/ });
    expect(decodeOptions('nullMoveR:99')).toMatchObject({ ok: false, error: /nullMoveR.*1 to 5/ });
    expect(decodeOptions('lmrBase:ten')).toMatchObject({ ok: false, error: /not a number/ });
    expect(decodeOptions('ordering:random')).toMatchObject({ ok: false, error: /ordering/ });
    expect(decodeOptions('lmr')).toMatchObject({ ok: false, error: /option:value/ });
  });
});

describe('an explorer state in a link', () => {
  it('leaves the address empty when nothing differs from the chapter', () => {
    expect(encodeState(FALLBACK, FALLBACK)).toEqual([]);
    expect(writeNamespace('', 'x', [])).toBe('');
    expect(decodeState(readNamespace('', 'x'), FALLBACK)).toBeNull();
  });

  it('round-trips every field', () => {
    const state: ExplorerState = {
      position: 'startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e',
      a: withOption(withOption(defaults(), 'futility', true), 'futilityMargin', 150),
      b: withOption(defaults(), 'moveEval.kingThreatExposed', 700),
      compare: true,
      limits: { depth: 7, nodes: 100_000, timeMs: 5000 },
    };
    expect(roundTrip(state)).toEqual(state);
  });

  it('round-trips a return to the engine defaults when the chapter set other options', () => {
    const fallback = { ...FALLBACK, a: withOption(defaults(), 'lmr', true), compare: true };
    const state = { ...fallback, a: defaults(), compare: false };
    const entries = encodeState(state, fallback);
    expect(entries).toEqual([
      ['a', ''],
      ['ab', '0'],
    ]);
    expect(roundTrip(state, fallback)).toEqual(state);
  });

  it('round-trips an SFEN with its spaces, slashes and promoted pieces', () => {
    const state = {
      ...FALLBACK,
      position:
        'sfen 8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124',
    };
    const written = writeNamespace('', 'x', encodeState(state, FALLBACK));
    expect(written).toContain('x.pos=sfen+8l/1l%2BR2P3/');
    expect(roundTrip(state)).toEqual(state);
  });

  it('keeps other explorers’ parameters and anything else in the query', () => {
    const other = '?y.depth=6&lang=en';
    const state = { ...FALLBACK, limits: { ...FALLBACK.limits, depth: 5 } };
    const written = writeNamespace(other, 'x', encodeState(state, FALLBACK));
    expect(written).toBe('?y.depth=6&lang=en&x.depth=5');
    expect(readNamespace(written, 'y')).toEqual(new Map([['depth', '6']]));
    expect(roundTrip(state, FALLBACK, other)).toEqual(state);
    // Returning to the chapter's configuration removes only this explorer's parameters.
    expect(writeNamespace(written, 'x', [])).toBe('?y.depth=6&lang=en');
  });

  it('reads a link written by hand, with %-escapes or plain text', () => {
    const decoded = decodeState(
      readNamespace('?x.a=nullMove%3Atrue%2ClmrBase%3A80&x.pos=startpos%20moves%207g7f', 'x'),
      FALLBACK,
    );
    expect(decoded).toMatchObject({ ok: true });
    const state = (decoded as { value: ExplorerState }).value;
    expect(state.a.nullMove).toBe(true);
    expect(state.a.lmrBase).toBe(80);
    expect(state.position).toBe('startpos moves 7g7f');
  });

  it('gives an error naming the parameter for a link it cannot use', () => {
    const bad = (query: string) => decodeState(readNamespace(query, 'x'), FALLBACK);
    expect(bad('?x.pos=startpos+moves+7g7e')).toMatchObject({ ok: false, error: /^pos: / });
    expect(bad('?x.pos=hello')).toMatchObject({ ok: false, error: /^pos: / });
    expect(bad('?x.a=nullMove:maybe')).toMatchObject({ ok: false, error: /^a: options: / });
    expect(bad('?x.b=zzz:1')).toMatchObject({ ok: false, error: /^b: options: unknown/ });
    expect(bad('?x.ab=yes')).toMatchObject({ ok: false, error: /^ab: / });
    expect(bad('?x.depth=0')).toMatchObject({ ok: false, error: /^depth: / });
    expect(bad(`?x.depth=${MAX_EXPLORER_DEPTH + 1}`)).toMatchObject({ ok: false, error: /^depth/ });
    expect(bad('?x.depth=3.5')).toMatchObject({ ok: false, error: /^depth: / });
    expect(bad('?x.nodes=-5')).toMatchObject({ ok: false, error: /^nodes: / });
    expect(bad('?x.time=9999999')).toMatchObject({ ok: false, error: /^time: / });
  });

  it('ignores parameters of other namespaces that share a prefix', () => {
    expect(readNamespace('?xy.depth=3&x.depth=5', 'x')).toEqual(new Map([['depth', '5']]));
  });
});

describe('a link to the Analyse page', () => {
  it('carries the position and, for the Analyse explorer, the options and limits it was given', () => {
    const a = withOption(withOption(defaults(), 'forwardPruning', 'threshold'), 'nullMove', true);
    const href = analyseLink('position startpos moves 7g7f', [
      ['a', encodeOptions(a)],
      ['depth', '3'],
    ]);
    const search = href.slice(href.indexOf('?'));
    expect(href.startsWith('/analyse/?')).toBe(true);
    expect(new URLSearchParams(search).get('game')).toBe('startpos moves 7g7f');
    const decoded = decodeState(readNamespace(search, ANALYSE_EXPLORER), FALLBACK);
    expect(decoded?.ok).toBe(true);
    if (decoded?.ok) {
      expect(decoded.value.a).toEqual(a);
      expect(decoded.value.limits.depth).toBe(3);
    }
    expect(analyseLink('startpos')).toBe('/analyse/?game=startpos');
  });
});
