/**
 * The cell editor's language: TypeScript, from CodeMirror's JavaScript mode and the Lezer grammar
 * behind it. A module of its own, so that it is evaluated in a task of its own: decoding the
 * grammar's tables alone took 13-15 ms of the editor's modules' 45-70 ms here. notebook-editor.ts
 * loads it once the editor is drawn; until then the code shows as plain text.
 *
 * The language alone, not `javascript({ typescript: true })`: that adds keyword and snippet
 * completions, which the cell does not offer (it has no completion popup), and their code.
 */
import { typescriptLanguage } from '@codemirror/lang-javascript';
import { LanguageSupport } from '@codemirror/language';
import type { Extension } from '@codemirror/state';

export const typescript = (): Extension => new LanguageSupport(typescriptLanguage);
