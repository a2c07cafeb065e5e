/**
 * A search explorer's configuration in the page's query string, so a reader can share exactly
 * what they are looking at. Each explorer has its own namespace (`pruning.a=…`), writes only what
 * differs from the configuration the chapter gave it, and writes options as their differences
 * from the engine's defaults (`nullMove:true,lmrBase:80`). Reading checks everything through the
 * same functions the worker uses, so a bad link gives an error to show, never a broken widget.
 */
import { MAX_GO_NODES, parsePositionText } from '../../../engine/worker/protocol';
import {
  diffOptions,
  OPTION_SCHEMA,
  resolveOptions,
  type SearchOptions,
} from '../../../engine/search/options';
import { err, ok, type Result } from '../../../engine/types';
import { nestPartial } from './options-model';
import { groupDigits } from '../../numbers';

/** The deepest search the explorer offers (deeper ones take minutes in a browser). */
export const MAX_EXPLORER_DEPTH = 12;
/** The longest time limit a link may ask for. */
export const MAX_EXPLORER_TIME_MS = 600_000;

export interface ExplorerLimits {
  depth: number;
  /** Stop after about this many nodes; 0 = no node limit. */
  nodes: number;
  /** Stop after this many milliseconds; 0 = no time limit. */
  timeMs: number;
}

export interface ExplorerState {
  /** An SFEN, `startpos`, or a USI position command with moves. */
  position: string;
  a: SearchOptions;
  b: SearchOptions;
  /** Side-by-side mode: search with A and B. */
  compare: boolean;
  limits: ExplorerLimits;
}

/** `nullMove:true,moveEval.captureBonus:1000`: the options that differ from the defaults. */
export function encodeOptions(options: SearchOptions): string {
  return Object.entries(diffOptions(options))
    .map(([path, value]) => `${path}:${Array.isArray(value) ? value.join('_') : String(value)}`)
    .join(',');
}

/** A number as `String` writes it: `80`, `-0.25`, and the exponent form of `1e-7` or `1e+21`. */
const NUMBER = /^-?\d+(\.\d+)?(e[+-]\d+)?$/;

/** Read `encodeOptions`' text back, checking every option. */
export function decodeOptions(text: string): Result<SearchOptions> {
  const partial: Record<string, unknown> = {};
  for (const item of text.split(',').filter((s) => s.trim() !== '')) {
    const colon = item.indexOf(':');
    if (colon < 0) return err(`options: "${item}" is not option:value`);
    const path = item.slice(0, colon).trim();
    const raw = item.slice(colon + 1).trim();
    const spec = OPTION_SCHEMA.find((s) => s.path === path);
    if (!spec) return err(`options: unknown option "${path}"`);
    if (spec.kind === 'toggle') {
      if (raw !== 'true' && raw !== 'false')
        return err(`options: ${path}: expected true or false, got "${raw}"`);
      partial[path] = raw === 'true';
    } else if (spec.kind === 'integer' || spec.kind === 'number') {
      if (!NUMBER.test(raw)) return err(`options: ${path}: "${raw}" is not a number`);
      partial[path] = Number(raw);
    } else if (spec.kind === 'table') {
      // A table's numbers are joined by "_" in a link (commas separate options).
      const cells = raw.split('_');
      if (cells.some((c) => !NUMBER.test(c)))
        return err(`options: ${path}: "${raw}" is not numbers joined by _`);
      partial[path] = cells.map(Number);
    } else {
      partial[path] = raw;
    }
  }
  return resolveOptions(nestPartial(partial));
}

/** A position as it goes into a link: without USI's leading `position`. */
export const positionParam = (position: string): string =>
  position.trim().replace(/^position\s+/, '');

const sameOptions = (x: SearchOptions, y: SearchOptions): boolean =>
  encodeOptions(x) === encodeOptions(y);

/**
 * The query parameters (without namespace) of `state`: only those that differ from `fallback`,
 * the configuration the chapter gave the explorer.
 */
export function encodeState(state: ExplorerState, fallback: ExplorerState): [string, string][] {
  const out: [string, string][] = [];
  if (positionParam(state.position) !== positionParam(fallback.position))
    out.push(['pos', positionParam(state.position)]);
  if (!sameOptions(state.a, fallback.a)) out.push(['a', encodeOptions(state.a)]);
  if (state.compare !== fallback.compare) out.push(['ab', state.compare ? '1' : '0']);
  if (!sameOptions(state.b, fallback.b)) out.push(['b', encodeOptions(state.b)]);
  if (state.limits.depth !== fallback.limits.depth) out.push(['depth', String(state.limits.depth)]);
  if (state.limits.nodes !== fallback.limits.nodes) out.push(['nodes', String(state.limits.nodes)]);
  if (state.limits.timeMs !== fallback.limits.timeMs)
    out.push(['time', String(state.limits.timeMs)]);
  return out;
}

const KEYS = ['pos', 'a', 'ab', 'b', 'depth', 'nodes', 'time'] as const;

function wholeNumber(text: string, name: string, min: number, max: number): Result<number> {
  if (!/^\d+$/.test(text)) return err(`${name}: "${text}" is not a whole number`);
  const n = Number(text);
  if (n !== 0 && (n < min || n > max))
    return err(`${name}: ${n} is outside ${groupDigits(min)}–${groupDigits(max)}`);
  return ok(n);
}

/**
 * The state a link describes: each parameter present replaces the fallback's. Null when the link
 * says nothing about this explorer; an error names the first parameter that cannot be used.
 */
export function decodeState(
  params: ReadonlyMap<string, string>,
  fallback: ExplorerState,
): Result<ExplorerState> | null {
  if (!KEYS.some((k) => params.has(k))) return null;
  const state: ExplorerState = structuredClone(fallback);
  const pos = params.get('pos');
  if (pos !== undefined) {
    const parsed = parsePositionText(pos);
    if (!parsed.ok) return err(`pos: ${parsed.error}`);
    state.position = pos.trim();
  }
  for (const side of ['a', 'b'] as const) {
    const text = params.get(side);
    if (text === undefined) continue;
    const options = decodeOptions(text);
    if (!options.ok) return err(`${side}: ${options.error}`);
    state[side] = options.value;
  }
  const ab = params.get('ab');
  if (ab !== undefined) {
    if (ab !== '0' && ab !== '1') return err(`ab: expected 0 or 1, got "${ab}"`);
    state.compare = ab === '1';
  }
  const depth = params.get('depth');
  if (depth !== undefined) {
    const n = wholeNumber(depth, 'depth', 1, MAX_EXPLORER_DEPTH);
    if (!n.ok) return n;
    if (n.value === 0) return err(`depth: must be from 1 to ${MAX_EXPLORER_DEPTH}`);
    state.limits.depth = n.value;
  }
  const nodes = params.get('nodes');
  if (nodes !== undefined) {
    const n = wholeNumber(nodes, 'nodes', 1, MAX_GO_NODES);
    if (!n.ok) return n;
    state.limits.nodes = n.value;
  }
  const time = params.get('time');
  if (time !== undefined) {
    const n = wholeNumber(time, 'time', 1, MAX_EXPLORER_TIME_MS);
    if (!n.ok) return n;
    state.limits.timeMs = n.value;
  }
  return ok(state);
}

/** Percent-encode a value, leaving the characters that read well in a link (`/ : , *`) alone. */
const encodeValue = (value: string): string =>
  encodeURIComponent(value)
    .replace(/%2F/gi, '/')
    .replace(/%3A/gi, ':')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');

/** This explorer's parameters out of a query string (`?pruning.a=…&other.pos=…`). */
export function readNamespace(search: string, namespace: string): Map<string, string> {
  const out = new Map<string, string>();
  const prefix = `${namespace}.`;
  for (const [key, value] of new URLSearchParams(search)) {
    if (key.startsWith(prefix)) out.set(key.slice(prefix.length), value);
  }
  return out;
}

/**
 * The query string with this explorer's parameters replaced by `entries`, every other parameter
 * (other explorers', anything else) kept as it was. Returns '' or a string starting with `?`.
 */
export function writeNamespace(
  search: string,
  namespace: string,
  entries: readonly [string, string][],
): string {
  const prefix = `${namespace}.`;
  const kept = [...new URLSearchParams(search)].filter(([key]) => !key.startsWith(prefix));
  const all = [...kept, ...entries.map(([k, v]): [string, string] => [prefix + k, v])];
  if (all.length === 0) return '';
  return `?${all.map(([k, v]) => `${encodeValue(k)}=${encodeValue(v)}`).join('&')}`;
}
