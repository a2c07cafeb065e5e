/**
 * The cell's editor: CodeMirror 6 with TypeScript highlighting, loaded by NotebookCell when it
 * hydrates (a dynamic import), so no other page carries it.
 *
 * Tab is left to the browser, so a keyboard moves into and out of the editor like any field
 * (CodeMirror's advice); Ctrl+] and Ctrl+[ (⌘ on a Mac) indent. Tokens get `tok-*` classes
 * rather than colours, and notebook.css colours them for the light and the dark theme.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { EditorState, Prec } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';

export interface CellEditor {
  code(): string;
  setCode(code: string): void;
  focus(): void;
  /** Put the cursor on a line (1-based), scrolled into view, and focus the editor. */
  goToLine(line: number, column?: number): void;
  destroy(): void;
}

export interface EditorOptions {
  code: string;
  /** Ids of the visible label and of the help text. */
  labelledBy: string;
  describedBy: string;
  /** Ctrl+Enter or ⌘+Enter. */
  onRun: () => void;
  onChange: (code: string) => void;
}

/** Layout only; colours come from the site's variables so the editor follows the theme. */
const theme = EditorView.theme({
  '&': {
    color: 'var(--ink)',
    backgroundColor: 'var(--code-bg)',
    fontSize: '0.85rem',
  },
  '.cm-scroller': { fontFamily: 'var(--font-code)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--ink)' },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '2px' },
  '.cm-gutters': {
    backgroundColor: 'var(--paper-raised)',
    color: 'var(--ink-soft)',
    borderRight: '1px solid var(--rule)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 6%, transparent)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--accent) 25%, transparent)',
  },
  '.cm-cursor': { borderLeftColor: 'var(--ink)' },
});

export function createEditor(parent: HTMLElement, options: EditorOptions): CellEditor {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.code,
      extensions: [
        lineNumbers(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(classHighlighter),
        javascript({ typescript: true }),
        EditorState.tabSize.of(2),
        // Above the default keymap, whose Mod-Enter inserts a blank line.
        Prec.high(
          keymap.of([
            {
              key: 'Mod-Enter',
              run: () => {
                options.onRun();
                return true;
              },
            },
          ]),
        ),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.contentAttributes.of({
          'aria-labelledby': options.labelledBy,
          'aria-describedby': options.describedBy,
          spellcheck: 'false',
          autocapitalize: 'off',
          autocorrect: 'off',
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
        theme,
      ],
    }),
  });
  return {
    code: () => view.state.doc.toString(),
    setCode: (code) =>
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: code },
        selection: { anchor: 0 },
        scrollIntoView: true,
      }),
    focus: () => view.focus(),
    goToLine: (line, column = 1) => {
      const { doc } = view.state;
      const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
      const anchor = Math.min(at.from + Math.max(column - 1, 0), at.to);
      view.dispatch({ selection: { anchor }, scrollIntoView: true });
      view.focus();
    },
    destroy: () => view.destroy(),
  };
}
