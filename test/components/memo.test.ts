/**
 * The site's `memo` (src/components/widgets/memo.ts), which stands in for preact/compat's: its
 * props comparison, and that no island brings preact/compat back (its hook on every element the
 * page makes was work at hydration for props the site never uses).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../scripts/japanese-font';
import { sameProps } from '../../src/components/widgets/memo';

describe('sameProps', () => {
  it('is true only for the same keys holding identical values', () => {
    const options = { depth: 3 };
    const onChange = (): void => undefined;
    expect(sameProps({ options, onChange }, { options, onChange })).toBe(true);
    expect(sameProps({}, {})).toBe(true);
    expect(sameProps({ options }, { options: { depth: 3 } })).toBe(false);
    expect(sameProps({ options }, { options, onChange })).toBe(false);
    expect(sameProps({ options, onChange }, { options })).toBe(false);
    expect(sameProps({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameProps({ n: Number.NaN }, { n: Number.NaN })).toBe(false);
  });
});

describe('the browser code', () => {
  it('never imports preact/compat', () => {
    const offenders = sourceFiles().filter(
      (file) =>
        /\.(ts|tsx|astro|mdx)$/.test(file) &&
        /['"]preact\/compat['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
