/**
 * Seed 003's constants as sliders, each with the seed's value beside it: the two distance weights,
 * the multi-effect decay, the count cap N (with what the big table would weigh), FV_SCALE for
 * KKPEE9, and the defended-piece ideas. The labels, ranges and help come from the engine's own
 * option declarations (EFFECT_EVAL_OPTIONS), so the sliders and the search agree on them.
 */
import type { JSX } from 'preact';
import { useId } from 'preact/hooks';
import {
  type EffectParams,
  multiEffectValue,
  OPTIMISER_MULTI_EFFECT,
} from '../../../engine/eval/effect/effect-eval';
import { EFFECT_EVAL_OPTIONS } from '../../../engine/eval/effect/evaluators';
import { formatBytes, type TableSize } from './effect-model';
import { Input, Select } from '../controls';

type SliderKey = keyof typeof EFFECT_EVAL_OPTIONS;
const SLIDERS: readonly SliderKey[] = ['ours', 'theirs', 'decay', 'cap'];
const IDEAS: readonly SliderKey[] = ['defendedBonus', 'defendedShare', 'attackedShare'];
const FV_SCALES = [1, 2, 4, 8, 16, 32, 64] as const;

export function EffectConstants(props: {
  params: EffectParams;
  seed: EffectParams;
  onChange: (next: EffectParams) => void;
  size: TableSize;
}): JSX.Element {
  const { params, seed, onChange, size } = props;
  const id = useId();
  const set = (key: keyof EffectParams, value: number) => onChange({ ...params, [key]: value });
  const changed = (Object.keys(seed) as (keyof EffectParams)[]).some((k) => params[k] !== seed[k]);
  const factors = Array.from({ length: params.cap }, (_, i) =>
    (multiEffectValue(i + 1, params.decay) / 1024).toFixed(2),
  );

  const slider = (key: SliderKey) => {
    const spec = EFFECT_EVAL_OPTIONS[key];
    const value = params[key];
    const step = spec.step ?? 1;
    const digits = step < 0.01 ? 4 : step < 1 ? 2 : 0;
    return (
      <div class={`eb-slider${value !== seed[key] ? ' changed' : ''}`} key={key} data-param={key}>
        <label for={`${id}-${key}`}>{spec.label}</label>
        <output for={`${id}-${key}`} class="eb-slider-value">
          {value.toFixed(digits)}
        </output>
        <Input
          id={`${id}-${key}`}
          type="range"
          name={key}
          min={spec.min}
          max={spec.max}
          step={step}
          value={value}
          onInput={(e) => set(key, Number((e.target as HTMLInputElement).value))}
        />
        <span class="eb-slider-help">
          {spec.help}
          {key !== 'cap' && seed[key] !== spec.default && ` KKPEE9: ${seed[key].toFixed(digits)}.`}
          {key === 'cap' && (
            <>
              {' '}
              The table: <strong data-cap-size>{formatBytes(size.bytes)}</strong>.
            </>
          )}
          {key === 'decay' && (
            <>
              {' '}
              Factors for 1…{params.cap} effects: {factors.join(', ')} (the optimiser’s:{' '}
              {OPTIMISER_MULTI_EFFECT.slice(1, params.cap + 1)
                .map((v) => (v / 1024).toFixed(2))
                .join(', ')}
              ).
            </>
          )}
        </span>
      </div>
    );
  };

  return (
    <section class="eb-constants" aria-label="Constants of the effect evaluation">
      <div class="eb-constants-head">
        <h4>Constants</h4>
        <button type="button" disabled={!changed} onClick={() => onChange({ ...seed })}>
          Reset to the seed’s
        </button>
      </div>
      <div class="eb-sliders">
        {SLIDERS.map(slider)}
        {params.kkpee && (
          <div class={`eb-slider${params.fvScale !== seed.fvScale ? ' changed' : ''}`}>
            <label for={`${id}-fv`}>FV_SCALE</label>
            <Select
              id={`${id}-fv`}
              value={params.fvScale}
              onChange={(e) => set('fvScale', Number((e.target as HTMLSelectElement).value))}
            >
              {FV_SCALES.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </Select>
            <span class="eb-slider-help">
              Entries are stored ×FV_SCALE and the sum divided once. 1 rounds every square’s value
              to a whole point. The seed: 32.
            </span>
          </div>
        )}
      </div>
      <details class="eb-ideas">
        <summary>The defended-piece ideas (end of seed 003)</summary>
        <div class="eb-sliders">{IDEAS.map(slider)}</div>
      </details>
    </section>
  );
}
