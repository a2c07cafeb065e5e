/**
 * `memo` without preact/compat: a component that renders again only when one of its props
 * changes (compared one by one, by identity), as React's memo does.
 *
 * preact/compat's own memo brings the whole compatibility layer, which hooks every element the
 * page makes to rename React-style props (className, onChange…): work at hydration for props
 * this site never uses.
 */
import { Component, h, type ComponentChild, type ComponentType } from 'preact';

/** Whether two props objects hold the same keys with identical values. */
export function sameProps(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) if (!(key in y) || x[key] !== y[key]) return false;
  for (const key in y) if (!(key in x)) return false;
  return true;
}

export function memo<P extends object>(inner: ComponentType<P>): ComponentType<P> {
  class Memo extends Component<P> {
    static override displayName = `Memo(${inner.displayName ?? inner.name})`;

    override shouldComponentUpdate(next: P): boolean {
      return !sameProps(this.props, next);
    }

    override render(props: P): ComponentChild {
      return h(inner, props);
    }
  }
  return Memo;
}
