/**
 * What a chapter gives a search explorer, checked: the first position, A's options, B's change,
 * the limits. Mistakes are collected as sentences for the widget to show (the author sees them on
 * the page) and replaced by defaults, so a typo in a chapter never breaks the widget.
 */
import { MAX_GO_NODES } from '../../../engine/worker/protocol';
import { parseLine } from '../board-model';
import { defaultOptions, groupSchema, initialB, resolvePartial } from './options-model';
import { DEFAULT_POSITIONS, type SearchPosition } from './positions';
import {
  type ExplorerState,
  MAX_EXPLORER_DEPTH,
  MAX_EXPLORER_TIME_MS,
  positionParam,
} from './url-state';

/** The explorer's props that decide its first configuration. */
export interface ExplorerConfig {
  positions?: readonly SearchPosition[] | undefined;
  initial?: string | undefined;
  options?: Readonly<Record<string, unknown>> | undefined;
  paths?: readonly string[] | undefined;
  compare?: boolean | undefined;
  b?: Readonly<Record<string, unknown>> | undefined;
  depth?: number | undefined;
  nodes?: number | undefined;
  timeMs?: number | undefined;
}

export const DEFAULT_DEPTH = 4;

export interface Setup {
  /** The chapter's configuration: what the explorer starts with and returns to. */
  fallback: ExplorerState;
  /** What was wrong with the props, one sentence each. */
  problems: string[];
  /** The option paths the panel shows. */
  visible: string[];
}

/** A limit from the props, or `fallback` (and a problem) when it is out of range. */
function limit(
  value: number | undefined,
  name: string,
  range: readonly [number, number],
  fallback: number,
  problems: string[],
  zeroMeansNone = false,
): number {
  if (value === undefined) return fallback;
  const [min, max] = range;
  if (Number.isInteger(value) && ((value >= min && value <= max) || (zeroMeansNone && value === 0)))
    return value;
  problems.push(
    `${name}: expected a whole number from ${zeroMeansNone ? 0 : min} to ${max}, got ${value}`,
  );
  return fallback;
}

/** The configuration the chapter gave, and anything wrong with it. */
export function setupOf(config: ExplorerConfig): Setup {
  const problems: string[] = [];
  const positions = config.positions ?? DEFAULT_POSITIONS;
  for (const p of positions) {
    const parsed = parseLine(p.position);
    if (!parsed.ok) problems.push(`position "${p.label}": ${parsed.error}`);
  }
  let position = config.initial ?? positions[0]?.position ?? 'startpos';
  const line = parseLine(position);
  if (!line.ok) {
    problems.push(`initial position: ${line.error}`);
    position = 'startpos';
  }
  const resolved = resolvePartial(config.options);
  if (!resolved.ok) problems.push(resolved.error);
  const a = resolved.ok ? resolved.value : defaultOptions();
  const visible = groupSchema(config.paths).groups.flatMap((g) => g.specs.map((s) => s.path));
  const b = initialB(a, visible, config.b);
  if (!b.ok) problems.push(`b: ${b.error}`);
  return {
    fallback: {
      position: positionParam(position),
      a,
      b: b.ok ? b.value : structuredClone(a),
      compare: config.compare ?? false,
      limits: {
        depth: limit(config.depth, 'depth', [1, MAX_EXPLORER_DEPTH], DEFAULT_DEPTH, problems),
        nodes: limit(config.nodes, 'nodes', [1, MAX_GO_NODES], 0, problems, true),
        timeMs: limit(config.timeMs, 'timeMs', [1, MAX_EXPLORER_TIME_MS], 0, problems, true),
      },
    },
    problems,
    visible,
  };
}
