/**
 * The USI engine's option values (engine.ts): the options it announces, built from the search's
 * schema with the strongest settings as their defaults, the values `setoption` sets, each checked
 * as it comes, and the search options those values make.
 */
import { STRONGEST } from '../lab/presets';
import {
  DEFAULT_OPTIONS,
  type OptionSpec,
  resolveOptions,
  type SearchOptions,
} from '../search/index';
import type { Result } from '../types';
import {
  BASELINE_OPTION,
  type BoundOption,
  HASH_OPTION,
  makeUsiOptions,
  parseOptionValue,
  searchOptionsFrom,
  type UsiOptionValue,
} from './options';

/** What the engine plays with when no option is set: the lab's strongest settings. */
export const ENGINE_DEFAULTS: Readonly<SearchOptions> = (() => {
  const r = resolveOptions(STRONGEST);
  if (!r.ok) throw new Error(`the strongest settings do not resolve: ${r.error}`);
  return r.value;
})();

export class UsiSettings {
  readonly options: readonly BoundOption[];
  private readonly values = new Map<string, UsiOptionValue>();

  /** `schema`: the search options to announce (tests pass their own). */
  constructor(private readonly schema: readonly OptionSpec[]) {
    this.options = makeUsiOptions(this.schema, ENGINE_DEFAULTS);
    for (const o of this.options) if (o.type !== 'button') this.values.set(o.name, o.default);
  }

  /** The value of the option of this USI name. */
  get(name: string): UsiOptionValue | undefined {
    return this.values.get(name);
  }

  /**
   * The search options the USI values describe: the strongest settings with the GUI's values, or
   * with BookBaseline the book's baseline with the values the GUI changed.
   */
  searchOptions(): SearchOptions {
    const r = this.checkOptions();
    if (!r.ok) throw new Error(r.error); // setoption checked every value
    return r.value;
  }

  /** The search options the USI values make, or what is wrong with them. */
  private checkOptions(): Result<SearchOptions> {
    const baseline = this.values.get(BASELINE_OPTION) === true;
    return searchOptionsFrom(
      this.options,
      this.values,
      this.schema,
      baseline ? DEFAULT_OPTIONS : ENGINE_DEFAULTS,
      baseline,
    );
  }

  /**
   * `setoption name <name> [value <value>]`: set the value, or keep the old one. Returns what to
   * tell the GUI (an `info string`), or null when there is nothing to say.
   */
  setoption(text: string): string | null {
    const m = /^setoption\s+name\s+(.+?)(?:\s+value(?:\s+(.*))?)?$/.exec(text);
    if (!m) return 'setoption: expected "setoption name <name> [value <value>]"';
    const [, name = '', valueText] = m;
    const option =
      this.options.find((o) => o.name === name) ??
      this.options.find((o) => o.name.toLowerCase() === name.toLowerCase() || o.path === name);
    if (!option) return `setoption: unknown option ${show(name)}`;
    // GUIs send their own hash size; more than the engine takes is not worth refusing.
    if (option.type === 'spin' && option.name === HASH_OPTION && Number(valueText) > option.max) {
      this.values.set(option.name, option.max);
      return `setoption ${HASH_OPTION}: ${valueText} is more than ${option.max}; using ${option.max}`;
    }
    const value = parseOptionValue(option, valueText);
    if (!value.ok) return value.error;
    // A value the option's own type accepts may still be no value for the search (a table of the
    // wrong length, text where numbers belong): it is checked here, where the GUI can be told,
    // and the old value kept, rather than at the next isready or go.
    const old = this.values.get(option.name);
    this.values.set(option.name, value.value);
    const checked = this.checkOptions();
    if (!checked.ok) {
      if (old === undefined) this.values.delete(option.name);
      else this.values.set(option.name, old);
      return `setoption: ${checked.error}; keeping the value it had`;
    }
    return null;
  }
}

/** A word from the GUI, quoted and cut short, for a message. */
export const show = (text: string | undefined): string =>
  text === undefined ? 'nothing' : JSON.stringify(text.slice(0, 40));
