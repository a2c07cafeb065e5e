/**
 * The engine's options as controls, generated from OPTION_SCHEMA: a switch per technique, a
 * slider (with its unit) per number, a menu per choice, a grid of numbers per table, in the groups a reader thinks in. An
 * option changed from its default is marked and has its own reset button; options that only
 * matter while another is on say so. A chapter shows only the knobs it talks about (`paths`).
 */
import { useId, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { stepOf } from '../../../engine/option-spec';
import type { OptionSpec, SearchOptions } from '../../../engine/search/options';
import {
  defaultValue,
  formatValue,
  groupSchema,
  inactiveReason,
  isDefault,
  optionValue,
  withOption,
} from './options-model';
import '../widgets.css';
import './explorer.css';
import { Input, Select } from '../controls';

export interface OptionsPanelProps {
  options: SearchOptions;
  onChange: (options: SearchOptions) => void;
  /** The option paths to show (dotted, as in OPTION_SCHEMA); default: all but the tracer. */
  paths?: readonly string[] | undefined;
  /** Mark where `options` differ from these (the A side, when this panel edits B). */
  compareTo?: SearchOptions | undefined;
  /** Name of the set being edited, for labels: "A", "B" (default: none). */
  setName?: string | undefined;
  /** Groups start folded (default: folded when more than FOLD_ABOVE options are shown). */
  folded?: boolean | undefined;
}

/** Past this many options, the groups start folded so the panel fits on a screen. */
export const FOLD_ABOVE = 14;

interface RowProps {
  spec: OptionSpec;
  options: SearchOptions;
  onChange: (options: SearchOptions) => void;
  compareTo: SearchOptions | undefined;
  setName: string | undefined;
  uid: string;
}

const controlId = (uid: string, path: string) => `${uid}-${path.replace(/\./g, '-')}`;

function Control(props: RowProps): JSX.Element {
  const { spec, options, onChange, uid } = props;
  const id = controlId(uid, spec.path);
  const value = optionValue(options, spec.path);
  const set = (v: unknown) => onChange(withOption(options, spec.path, v));
  const describedBy = `${id}-help`;
  switch (spec.kind) {
    case 'toggle':
      return (
        <Input
          id={id}
          type="checkbox"
          role="switch"
          class="opt-switch"
          checked={value === true}
          aria-describedby={describedBy}
          onChange={(e) => set(e.currentTarget.checked)}
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          class="opt-select"
          value={String(value)}
          aria-describedby={describedBy}
          onChange={(e) => set(e.currentTarget.value)}
        >
          {spec.choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      );
    case 'integer':
    case 'number':
      return (
        <span class="opt-range">
          <Input
            id={id}
            type="range"
            min={spec.min}
            max={spec.max}
            step={stepOf(spec)}
            value={Number(value)}
            aria-describedby={describedBy}
            aria-valuetext={formatValue(spec, value)}
            onInput={(e) => set(Number(e.currentTarget.value))}
          />
          <output for={id} class="opt-value">
            {formatValue(spec, value)}
          </output>
        </span>
      );
    case 'table': {
      const cells = Array.isArray(value) ? (value as number[]) : [];
      const columns = spec.columns.length;
      return (
        <table id={id} class="opt-grid" aria-describedby={describedBy}>
          <thead>
            <tr>
              <td />
              {spec.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spec.rows.map((row, r) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                {spec.columns.map((column, c) => (
                  <td key={column}>
                    <Input
                      type="number"
                      min={spec.min}
                      max={spec.max}
                      step={spec.step}
                      value={cells[r * columns + c] ?? 0}
                      aria-label={`${spec.label}: ${row}, ${column}`}
                      onChange={(e) => {
                        const n = Number(e.currentTarget.value);
                        if (!Number.isFinite(n)) return;
                        const next = [...cells];
                        next[r * columns + c] = Math.min(spec.max, Math.max(spec.min, n));
                        set(next);
                      }}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
  }
}

function OptionRow(props: RowProps): JSX.Element {
  const { spec, options, onChange, compareTo, setName, uid } = props;
  const id = controlId(uid, spec.path);
  const changed = !isDefault(options, spec.path);
  const differs =
    compareTo !== undefined &&
    optionValue(compareTo, spec.path) !== optionValue(options, spec.path);
  const inactive = inactiveReason(spec.path, options);
  const classes = ['opt-row', `opt-${spec.kind}`];
  if (changed) classes.push('changed');
  if (differs) classes.push('differs');
  if (inactive) classes.push('inactive');
  const defaultText = formatValue(spec, defaultValue(spec.path));
  return (
    <div class={classes.join(' ')} data-option={spec.path}>
      <div class="opt-head">
        <span class="opt-name">
          <label for={id} class="opt-label">
            {spec.label}
          </label>
          {changed && (
            <span class="opt-mark" title={`Changed from the default (${defaultText})`}>
              <span aria-hidden="true">●</span>
              <span class="visually-hidden">changed from the default, {defaultText}</span>
            </span>
          )}
          {differs && (
            <span class="opt-differs" title="Differs from A">
              ≠ A
            </span>
          )}
        </span>
        <span class="opt-control">
          <Control {...props} />
        </span>
        <button
          type="button"
          class="opt-reset"
          aria-label={`Reset ${spec.label}${setName ? ` (${setName})` : ''} to ${defaultText}`}
          title={`Reset to ${defaultText}`}
          disabled={!changed}
          onClick={() => onChange(withOption(options, spec.path, defaultValue(spec.path)))}
        >
          ↺
        </button>
      </div>
      <p class="opt-help" id={`${id}-help`}>
        {spec.help}
        {inactive && <span class="opt-inactive"> Takes effect {inactive}.</span>}
      </p>
    </div>
  );
}

/**
 * One group of options, folded or open. A folded group's rows are made the first time it opens:
 * /analyse/ shows every group folded, and their 1,062 elements (the Dual Credit table's alone
 * 445) were made at hydration, on the main thread at load, for groups a reader may never open.
 */
function OptionGroup(props: {
  group: { id: string; title: string; blurb?: string | undefined };
  open: boolean;
  children: () => JSX.Element[];
}): JSX.Element {
  const { group: g, open } = props;
  const [opened, setOpened] = useState(open);
  return (
    <details
      class="opt-group"
      data-group={g.id}
      open={open}
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <summary>
        <span class="opt-group-title">{g.title}</span>
        {g.blurb && <span class="opt-group-blurb"> — {g.blurb}</span>}
      </summary>
      {opened && props.children()}
    </details>
  );
}

export function OptionsPanel(props: OptionsPanelProps): JSX.Element {
  const { options, onChange, paths, compareTo, setName } = props;
  const uid = useId();
  const { groups, unknown } = groupSchema(paths);
  const visible = groups.flatMap((g) => g.specs);
  // Which groups start open is decided once; after that each <details> is the reader's.
  const [initiallyOpen] = useState(() => {
    const folded = props.folded ?? visible.length > FOLD_ABOVE;
    return new Set(
      groups
        .filter((g) => !folded || g.specs.some((s) => !isDefault(options, s.path)))
        .map((g) => g.id),
    );
  });
  const changedCount = visible.filter((s) => !isDefault(options, s.path)).length;
  const resetAll = () => {
    let next = options;
    for (const s of visible) next = withOption(next, s.path, defaultValue(s.path));
    onChange(next);
  };
  return (
    <div class="options-panel" data-set={setName}>
      <div class="options-top">
        <span class="options-count" aria-live="polite">
          {changedCount === 0
            ? 'All at their defaults'
            : `${changedCount} changed from the default${changedCount === 1 ? '' : 's'}`}
        </span>
        <button
          type="button"
          class="options-reset-all"
          disabled={changedCount === 0}
          onClick={resetAll}
          aria-label={`Reset all the options shown${setName ? ` in ${setName}` : ''} to their defaults`}
        >
          Reset all
        </button>
      </div>
      {unknown.length > 0 && (
        <p class="explorer-error" role="alert">
          Unknown option{unknown.length === 1 ? '' : 's'} asked for: {unknown.join(', ')}.
        </p>
      )}
      {groups.map((g) => (
        <OptionGroup key={g.id} group={g} open={initiallyOpen.has(g.id)}>
          {() =>
            g.specs.map((spec) => (
              <OptionRow
                key={spec.path}
                spec={spec}
                options={options}
                onChange={onChange}
                compareTo={compareTo}
                setName={setName}
                uid={uid}
              />
            ))
          }
        </OptionGroup>
      ))}
    </div>
  );
}

export default OptionsPanel;
