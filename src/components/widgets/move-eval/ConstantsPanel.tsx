/**
 * Seed 000's constants as sliders, each with the seed's value beside it and a reset, and the rank
 * measure (※1) for the constants as they stand: where the move a deeper search chose sits in the
 * move evaluation's ordering, averaged over the fixture positions.
 */
import type { JSX } from 'preact';
import { useId } from 'preact/hooks';
import type { MoveEvalParams } from '../../../engine/eval/move-evaluation';
import type { RankReport } from '../../../engine/eval/move-rank';
import { PARAM_SLIDERS, type ParamKey, type Reading } from './move-eval-model';
import { Input } from '../controls';

export interface RankState {
  report: RankReport | null;
  /** The report for seed 000's constants, for comparison. */
  seed: RankReport | null;
  pending: boolean;
  error: string | null;
}

const READINGS: readonly { value: Reading; label: string }[] = [
  { value: 'intent', label: 'as its comments intend' },
  { value: 'code', label: 'as written' },
];

const percent = (x: number): string => `${Math.round(x * 100)}%`;

export function ConstantsPanel(props: {
  params: MoveEvalParams;
  onChange: (key: ParamKey, value: number) => void;
  onReading: (reading: Reading) => void;
  onResetAll: () => void;
  rank: RankState;
}): JSX.Element {
  const { params, onChange, onReading, onResetAll, rank } = props;
  const id = useId();
  const anyChanged =
    params.reading !== 'intent' || PARAM_SLIDERS.some((s) => params[s.key] !== s.seed);
  return (
    <section class="me-constants" aria-label="Constants of the move evaluation">
      <div class="me-constants-head">
        <h4>Constants</h4>
        <button type="button" class="me-reset-all" disabled={!anyChanged} onClick={onResetAll}>
          Reset all to seed 000
        </button>
      </div>
      <fieldset class="me-reading" data-reading={params.reading}>
        <legend>Read seed 000’s code</legend>
        {READINGS.map((r) => (
          <label key={r.value}>
            <Input
              type="radio"
              name={`${id}-reading`}
              value={r.value}
              checked={params.reading === r.value}
              onChange={() => onReading(r.value)}
            />{' '}
            {r.label}
          </label>
        ))}
        <span class="me-slider-help">
          Where the seed’s code does something else than its comments say: focus pawn, pawn
          captures, a line uncovered onto a king, kings as defended pieces (the chapter lists them).
        </span>
      </fieldset>
      <div class="me-sliders">
        {PARAM_SLIDERS.map((s) => {
          const value = params[s.key];
          const changed = value !== s.seed;
          const shown = s.key === 'attackDivisor' ? `1/${value}` : String(value);
          return (
            <div class={`me-slider${changed ? ' changed' : ''}`} key={s.key} data-param={s.key}>
              <label for={`${id}-${s.key}`}>{s.label}</label>
              <output for={`${id}-${s.key}`} class="me-slider-value">
                {shown}
              </output>
              <Input
                id={`${id}-${s.key}`}
                type="range"
                name={s.key}
                min={s.min}
                max={s.max}
                step={s.step}
                value={value}
                aria-describedby={`${id}-${s.key}-help`}
                onInput={(e) => onChange(s.key, Number(e.currentTarget.value))}
              />
              <span class="me-slider-seed">
                seed {s.key === 'attackDivisor' ? `1/${s.seed}` : s.seed}
                <button
                  type="button"
                  class="me-reset"
                  disabled={!changed}
                  aria-label={`Reset ${s.label} to seed 000's ${s.seed}`}
                  onClick={() => onChange(s.key, s.seed)}
                >
                  ↺
                </button>
              </span>
              <span class="me-slider-help" id={`${id}-${s.key}-help`}>
                {s.help}
              </span>
            </div>
          );
        })}
      </div>
      <RankMeasure rank={rank} />
    </section>
  );
}

function RankMeasure({ rank }: { rank: RankState }): JSX.Element {
  const { report, seed, pending, error } = rank;
  const compare = (now: number, then: number | undefined, format: (x: number) => string) =>
    then === undefined || Math.abs(now - then) < 1e-9 ? null : (
      <span class="me-rank-seed"> (seed {format(then)})</span>
    );
  return (
    <div class={`me-rank${pending ? ' stale' : ''}`} data-rank aria-live="polite">
      <h4>Rank measure (※1)</h4>
      {error ? (
        <p class="sfen-error">{error}</p>
      ) : report ? (
        <>
          <dl class="me-rank-numbers">
            <div>
              <dt>Mean rank</dt>
              <dd data-mean-rank={report.averageRank.toFixed(2)}>
                {report.averageRank.toFixed(2)}
                {compare(report.averageRank, seed?.averageRank, (x) => x.toFixed(2))}
              </dd>
            </div>
            <div>
              <dt>Median</dt>
              <dd>
                {report.medianRank.toFixed(1)}
                {compare(report.medianRank, seed?.medianRank, (x) => x.toFixed(1))}
              </dd>
            </div>
            <div>
              <dt>Top 1</dt>
              <dd>
                {percent(report.top1)}
                {compare(report.top1, seed?.top1, percent)}
              </dd>
            </div>
            <div>
              <dt>Top 5</dt>
              <dd>
                {percent(report.top5)}
                {compare(report.top5, seed?.top5, percent)}
              </dd>
            </div>
          </dl>
          <p class="widget-note">
            Where the move a depth-5 search chose falls in this ordering, over {report.ranks.length}{' '}
            positions with {report.averageMoves.toFixed(1)} legal moves on average. Lower is better;
            one position far down the list can move the mean on its own, the median hardly.
          </p>
        </>
      ) : (
        <p class="widget-note me-rank-waiting">Measuring…</p>
      )}
    </div>
  );
}
