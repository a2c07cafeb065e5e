/**
 * The explorer's search controls: how deep, when to give up (nodes, time), the side-by-side
 * switch, Stop, and the way back to the chapter's own configuration.
 */
import { useId } from 'preact/hooks';
import type { JSX } from 'preact';
import { formatCount } from '../../numbers';
import { formatTime } from './search-model';
import type { ExplorerLimits } from './url-state';
import { Input, Select } from '../controls';

export interface LimitsBarProps {
  limits: ExplorerLimits;
  maxDepth: number;
  onLimits: (limits: ExplorerLimits) => void;
  running: boolean;
  onStop: () => void;
  compare: boolean;
  allowCompare: boolean;
  onCompare: (on: boolean) => void;
  /** The configuration differs from the chapter's. */
  customised: boolean;
  onRestore: () => void;
}

const NODE_LIMITS = [0, 10_000, 100_000, 1_000_000, 10_000_000];
const TIME_LIMITS = [0, 1_000, 5_000, 30_000];

/** The choices, with the current value added when a link asked for another. */
const withCurrent = (choices: readonly number[], current: number): number[] =>
  choices.includes(current) ? [...choices] : [...choices, current].sort((x, y) => x - y);

export function LimitsBar(props: LimitsBarProps): JSX.Element {
  const { limits, maxDepth, onLimits, running, onStop, compare, allowCompare, onCompare } = props;
  const uid = useId();
  const depths = withCurrent(
    Array.from({ length: maxDepth }, (_, i) => i + 1),
    limits.depth,
  );
  return (
    <div class="limits-bar">
      <div class="limits-row">
        <span class="limit">
          <label for={`${uid}-depth`}>Depth</label>
          <Select
            id={`${uid}-depth`}
            data-limit="depth"
            value={limits.depth}
            onChange={(e) => onLimits({ ...limits, depth: Number(e.currentTarget.value) })}
          >
            {depths.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </Select>
        </span>
        <span class="limit">
          <label for={`${uid}-nodes`}>Node limit</label>
          <Select
            id={`${uid}-nodes`}
            data-limit="nodes"
            value={limits.nodes}
            onChange={(e) => onLimits({ ...limits, nodes: Number(e.currentTarget.value) })}
          >
            {withCurrent(NODE_LIMITS, limits.nodes).map((n) => (
              <option key={n} value={n}>
                {n === 0 ? 'none' : formatCount(n)}
              </option>
            ))}
          </Select>
        </span>
        <span class="limit">
          <label for={`${uid}-time`}>Time limit</label>
          <Select
            id={`${uid}-time`}
            data-limit="time"
            value={limits.timeMs}
            onChange={(e) => onLimits({ ...limits, timeMs: Number(e.currentTarget.value) })}
          >
            {withCurrent(TIME_LIMITS, limits.timeMs).map((t) => (
              <option key={t} value={t}>
                {t === 0 ? 'none' : formatTime(t)}
              </option>
            ))}
          </Select>
        </span>
      </div>
      <div class="limits-row">
        {allowCompare && (
          <label class="compare-switch">
            <Input
              type="checkbox"
              role="switch"
              checked={compare}
              data-compare
              onChange={(e) => onCompare(e.currentTarget.checked)}
            />{' '}
            Compare A and B side by side
          </label>
        )}
        <span class="limits-buttons">
          {props.customised && (
            <button type="button" class="se-restore" onClick={props.onRestore}>
              Chapter&rsquo;s settings
            </button>
          )}
          <button type="button" class="se-stop" onClick={onStop} disabled={!running}>
            Stop
          </button>
        </span>
      </div>
    </div>
  );
}
