/**
 * Form controls that arrive with the island's script. On the server, and in the render that
 * hydrates, a menu, a text area, a text or number field, a checkbox or a radio button is drawn by
 * a stand-in of the same size (`.standin` in widgets.css); the real control replaces it in the
 * next render, before the browser paints again.
 *
 * Why: at DOMContentLoaded Chromium's form autofill reads every such control in the page and asks
 * whether it can take focus, which forces the layout of each block around one that
 * `content-visibility: auto` had left for later (progressive-layout.ts). On /pruning/ that was
 * 58-76 ms, the page's longest task at load; the explorers' controls were most of it. A range
 * input is not autofillable and a button is not a form field: they stay as they are.
 *
 * The stand-in takes the control's classes, so a rule written for both (`select` and
 * `.standin-select`, say) gives it the same box. It and its parts are elements of their own
 * (`yomi-standin`, `yomi-option`, `yomi-lines`), which no widget's rule for a `span` reaches.
 * test/browser/standins.test.ts compares the boxes before and after hydration.
 */
import { toChildArray, type ComponentChildren, type JSX, type VNode } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

declare module 'preact' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'yomi-standin': HTMLAttributes<HTMLElement>;
      'yomi-option': HTMLAttributes<HTMLElement>;
      'yomi-lines': HTMLAttributes<HTMLElement>;
    }
  }
}

/** False on the server and in the render that hydrates; true from the next render on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A `<textarea>`; before hydration, its text in a box as tall as its rows (the widget's rule for
 * the text area, naming the class, gives the stand-in its padding, border and width).
 */
export function TextArea(props: JSX.TextareaHTMLAttributes<HTMLTextAreaElement>): JSX.Element {
  const hydrated = useHydrated();
  if (hydrated) return <textarea {...props} />;
  const rows = typeof props.rows === 'number' ? props.rows : 2;
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <yomi-standin
      class={classes('standin', 'standin-textarea', classOf(props as ClassProp))}
      aria-hidden="true"
    >
      <yomi-lines style={{ '--rows': String(rows) }}>{value}</yomi-lines>
    </yomi-standin>
  );
}

/** The input types Chromium's autofill reads (text fields and checkables). */
const AUTOFILLED = new Set([
  'text',
  'number',
  'search',
  'email',
  'url',
  'tel',
  'checkbox',
  'radio',
]);

const classes = (...names: (string | undefined | false)[]): string =>
  names.filter((n): n is string => typeof n === 'string' && n !== '').join(' ');

const textOf = (children: ComponentChildren): string =>
  toChildArray(children)
    .map((c) => (typeof c === 'string' || typeof c === 'number' ? String(c) : ''))
    .join('');

/** A control's value as its text: a string or a number (what the widgets give), else nothing. */
const scalar = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

type ClassProp = { class?: string | undefined; className?: string | undefined };
const classOf = (props: ClassProp): string | undefined =>
  typeof props.class === 'string' ? props.class : props.className;

/** A `<select>`; before hydration, a box as wide as its longest option, showing the chosen one. */
export function Select(props: JSX.SelectHTMLAttributes<HTMLSelectElement>): JSX.Element {
  const hydrated = useHydrated();
  if (hydrated) return <select {...props} />;
  const options = toChildArray(props.children).filter(
    (c): c is VNode<JSX.OptionHTMLAttributes<HTMLOptionElement>> =>
      typeof c === 'object' && c.type === 'option',
  );
  const valueOf = (o: VNode<JSX.OptionHTMLAttributes<HTMLOptionElement>>): string =>
    o.props.value === undefined ? textOf(o.props.children) : scalar(o.props.value);
  const wanted = props.value === undefined ? undefined : scalar(props.value);
  const chosen = options.find((o) => valueOf(o) === wanted) ?? options[0];
  return (
    <yomi-standin
      class={classes('standin', 'standin-select', classOf(props as ClassProp))}
      aria-hidden="true"
    >
      {options.map((o, i) => (
        <yomi-option key={i} class={o === chosen ? undefined : 'standin-other'}>
          {textOf(o.props.children)}
        </yomi-option>
      ))}
    </yomi-standin>
  );
}

/**
 * An `<input>`; before hydration, for the types autofill reads, a box of the same size: an empty
 * box for a checkbox or a radio button (filled when checked), the value (or the placeholder) in a
 * field.
 */
export function Input(props: JSX.InputHTMLAttributes<HTMLInputElement>): JSX.Element {
  const hydrated = useHydrated();
  const type = typeof props.type === 'string' ? props.type : 'text';
  if (hydrated || !AUTOFILLED.has(type)) return <input {...props} />;
  const cls = classOf(props as ClassProp);
  if (type === 'checkbox' || type === 'radio') {
    return (
      <yomi-standin
        class={classes('standin', `standin-${type}`, cls)}
        data-checked={props.checked === true ? '' : undefined}
        aria-hidden="true"
      />
    );
  }
  const value = scalar(props.value);
  const placeholder = typeof props.placeholder === 'string' ? props.placeholder : '';
  return (
    <yomi-standin
      class={classes(
        'standin',
        'standin-text',
        value === '' && placeholder !== '' && 'standin-placeholder',
        cls,
      )}
      data-type={type}
      aria-hidden="true"
    >
      {value === '' ? placeholder : value}
    </yomi-standin>
  );
}
