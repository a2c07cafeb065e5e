/**
 * The cell's editor: CodeMirror 6 with TypeScript highlighting, loaded by NotebookCell when it
 * hydrates (a dynamic import), so no other page carries it.
 *
 * It is built in steps, each a task of its own, so that none is a long task (over 50 ms): its
 * modules are evaluated, CodeMirror's largest first (NotebookCell's loadEditor); the editor is
 * drawn, with the code as plain text; what does not change its size is added (the drawn
 * selection, the active line, brackets, indentation); the language module is evaluated
 * (notebook-language.ts: the TypeScript grammar); the code is parsed and highlighted. On a
 * two-core machine the modules were one task of 45-70 ms, and the editor with its language
 * another of 30-65 ms. Timed with performance marks over eight loads of /code/, the steps now
 * take (ms): CodeMirror's state 8-27, its view 28-56, the rest of the editor's modules 20-36,
 * the drawing 17-69 (median 25), the details 9-24, the parsing and highlighting 19-48. Offline
 * with the language's code not cached, the code stays plain text.
 *
 * Tab is left to the browser, so a keyboard moves into and out of the editor like any field
 * (CodeMirror's advice); Ctrl+] and Ctrl+[ (⌘ on a Mac) indent. Tokens get `tok-*` classes
 * rather than colours, and notebook.css colours them for the light and the dark theme.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { nextTask } from '../next-task';

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
  const language = new Compartment();
  const details = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.code,
      extensions: [
        lineNumbers(),
        highlightSpecialChars(),
        history(),
        syntaxHighlighting(classHighlighter),
        details.of([]),
        language.of([]),
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
  // What does not change the editor's size comes a task later (the drawn selection, the active
  // line, brackets and indentation, which read the syntax tree), then the language.
  let live = true;
  const finish = async (): Promise<void> => {
    await nextTask();
    if (!live) return;
    view.dispatch({
      effects: details.reconfigure([
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        indentOnInput(),
      ]),
    });
    const { typescript } = await import('./notebook-language');
    await nextTask();
    if (live) view.dispatch({ effects: language.reconfigure(typescript()) });
  };
  finish().catch(() => undefined);
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
    destroy: () => {
      live = false;
      view.destroy();
    },
  };
}
