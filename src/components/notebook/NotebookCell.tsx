/**
 * A notebook cell: TypeScript the reader edits and runs against the engine, in a worker, with
 * what it prints (lines, console.table's tables, boards from show()) below. Run or Ctrl+Enter
 * starts it; Stop and the time limit terminate the worker, so even `while (true) {}` never
 * freezes the page. Each example loads with one click, and its output from the build
 * (src/data/examples/) is shown beside the cell's, with a line saying whether they agree.
 *
 * Until CodeMirror has loaded (it is fetched when the cell hydrates) the code sits in a plain
 * text area, which works the same.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { createNotebookWorker } from '../engine-client';
import { nextTask } from '../next-task';
import { showJapanese } from '../layout/japanese-fallback';
import { Board } from '../widgets/Board';
import type { CellEditor } from './notebook-editor';
import {
  type Block,
  clampTimeLimit,
  compareWithCaptured,
  type Example,
  groupOutput,
  NotebookRunner,
  type RunState,
  STARTER_CODE,
  statusText,
  stdoutOf,
  TIME_LIMIT,
} from './notebook-model';
import type { OutputItem } from '../../engine/worker/notebook-protocol';
import '../widgets/widgets.css';
import './notebook.css';
import { Input, TextArea } from '../widgets/controls';

export interface NotebookCellProps {
  examples: Example[];
  /** Seconds a run may take before it is stopped (default 10). */
  timeLimit?: number | undefined;
}

/**
 * The editor's code (notebook-editor.ts), its largest parts first: each import's modules are
 * evaluated in a task of their own (together, 45-70 ms on a two-core machine, over the 50 ms a
 * long task starts at).
 */
async function loadEditor(): Promise<typeof import('./notebook-editor')> {
  await import('@codemirror/state');
  await nextTask();
  await import('@codemirror/view');
  await nextTask();
  return import('./notebook-editor');
}

/** How often the "running for" line is brought up to date. */
const TICK_MS = 200;

function OutputBlock({ block }: { block: Block }): JSX.Element {
  switch (block.kind) {
    case 'text':
      return <pre class={`notebook-text ${block.stream}`}>{block.text}</pre>;
    case 'table':
      return (
        <div class="notebook-table">
          <table>
            <thead>
              <tr>
                {block.columns.map((column, i) => (
                  <th key={i} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'board':
      return (
        <figure class="notebook-board">
          <Board sfen={block.sfen} label={block.caption || 'Board from show()'} />
          <figcaption>
            {block.caption && <span>{block.caption}</span>}
            <code>{block.sfen}</code>
          </figcaption>
        </figure>
      );
    case 'truncated':
      return <p class="notebook-truncated">… {block.what}.</p>;
  }
}

export function NotebookCell({ examples, timeLimit }: NotebookCellProps): JSX.Element {
  const id = useId();
  const [code, setCode] = useState(STARTER_CODE);
  // The example last loaded, and whether the cell's code still is that example's (the label says
  // "edited" once it is not).
  const loadedSource = useRef(STARTER_CODE);
  const [edited, setEdited] = useState(false);
  const [example, setExample] = useState<Example | null>(null);
  const [limit, setLimit] = useState(clampTimeLimit(timeLimit ?? TIME_LIMIT.default));
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const [items, setItems] = useState<OutputItem[]>([]);
  /** The example whose code, unedited, the last run ran. */
  const [ranExample, setRanExample] = useState<Example | null>(null);
  const [editorReady, setEditorReady] = useState(false);
  const host = useRef<HTMLDivElement | null>(null);
  const editor = useRef<CellEditor | null>(null);
  const runner = useRef<NotebookRunner | null>(null);
  const runButton = useRef<HTMLButtonElement | null>(null);
  const stopButton = useRef<HTMLButtonElement | null>(null);
  const codeNow = useRef(code);
  const started = useRef(0);
  const running = state.phase === 'running';

  /** Output that arrived since the last frame: drawn once a frame, however fast it comes. */
  const arrived = useRef<OutputItem[]>([]);
  const frame = useRef<number | null>(null);
  const showArrived = () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    if (arrived.current.length === 0) return;
    const more = arrived.current;
    arrived.current = [];
    // What the reader's code prints may be any Japanese (japanese-fallback.ts): each line is
    // looked at once, as it arrives.
    for (const item of more) if (item.kind === 'text') void showJapanese(item.text);
    setItems((shown) => [...shown, ...more]);
  };

  const run = () => {
    const source = editor.current?.code() ?? codeNow.current;
    runner.current ??= new NotebookRunner(createNotebookWorker);
    const unedited = example !== null && source === example.source ? example : null;
    setRanExample(unedited);
    arrived.current = [];
    setItems([]);
    setState({ phase: 'running', ms: 0 });
    started.current = performance.now();
    const file = unedited ? `examples/${unedited.name}.ts` : 'cell.ts';
    runner.current.run(source, file, limit * 1000, {
      onOutput: (more) => {
        arrived.current.push(...more);
        frame.current ??= requestAnimationFrame(showArrived);
      },
      onDone: ({ ms, exitCode }) => {
        showArrived();
        setState({ phase: 'done', ms, exitCode });
      },
      onError: ({ kind, message, line, column, ms }) => {
        showArrived();
        setState({ phase: 'error', kind, message, line, column, ms });
      },
      onStopped: (reason, ms) => {
        showArrived();
        setState({ phase: 'stopped', reason, ms, limitSeconds: limit });
      },
    });
  };
  // The editor's Ctrl+Enter is bound once; it calls whatever run is current.
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    let cancelled = false;
    loadEditor()
      .then(async ({ createEditor }) => {
        // The modules' evaluation and the editor's first drawing, each a task of its own.
        await nextTask();
        if (cancelled || !host.current) return;
        editor.current = createEditor(host.current, {
          code: codeNow.current,
          labelledBy: `${id}-label`,
          describedBy: `${id}-help`,
          onRun: () => runRef.current(),
          onChange: (text) => {
            codeNow.current = text;
            setEdited(text !== loadedSource.current);
          },
        });
        setEditorReady(true);
      })
      // Offline with the editor's code not cached: the plain text area stays, and works.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = null;
      runner.current?.end();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    };
  }, [id]);

  useEffect(() => {
    if (!running) {
      // Stop is disabled now; a keyboard user who pressed it lands on Run, not on the page.
      if (document.activeElement === stopButton.current) runButton.current?.focus();
      return;
    }
    const timer = setInterval(
      () =>
        setState((s) =>
          s.phase === 'running' ? { ...s, ms: performance.now() - started.current } : s,
        ),
      TICK_MS,
    );
    return () => clearInterval(timer);
  }, [running]);

  const load = (chosen: Example) => {
    setExample(chosen);
    setCode(chosen.source);
    loadedSource.current = chosen.source;
    setEdited(false);
    codeNow.current = chosen.source;
    editor.current?.setCode(chosen.source);
  };

  const comparison =
    ranExample && state.phase === 'done'
      ? compareWithCaptured(stdoutOf(items), ranExample.output)
      : null;
  const shownExample = ranExample ?? example;
  const blocks = groupOutput(items);
  // The error the reader's code throws may be any Japanese, as what it prints.
  const status = statusText(state);
  useEffect(() => {
    if (state.phase === 'error') void showJapanese(status);
  }, [state.phase, status]);

  return (
    <div class="widget notebook" data-widget="notebook" data-phase={state.phase}>
      <div class="notebook-examples" role="group" aria-labelledby={`${id}-examples`}>
        <span id={`${id}-examples`}>Load an example:</span>
        {examples.map((e) => (
          <button
            key={e.name}
            type="button"
            data-example={e.name}
            aria-pressed={example?.name === e.name}
            title={e.summary}
            onClick={() => load(e)}
          >
            {e.name}
          </button>
        ))}
      </div>
      {/* The label names the text area, then CodeMirror's content (aria-labelledby), and a click
          on it focuses whichever is there. */}
      <label
        id={`${id}-label`}
        class="notebook-label"
        for={editorReady ? undefined : `${id}-fallback`}
        onClick={() => editor.current?.focus()}
      >
        TypeScript cell
        {example ? ` (examples/${example.name}.ts${edited ? ', edited' : ''})` : ''}
      </label>
      <div class="notebook-editor" ref={host}>
        {!editorReady && (
          <TextArea
            id={`${id}-fallback`}
            class="notebook-fallback"
            rows={Math.min(24, Math.max(8, code.split('\n').length + 1))}
            spellcheck={false}
            autocomplete="off"
            aria-describedby={`${id}-help`}
            value={code}
            onInput={(e) => {
              setCode(e.currentTarget.value);
              setEdited(e.currentTarget.value !== loadedSource.current);
              codeNow.current = e.currentTarget.value;
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                run();
              }
            }}
          />
        )}
      </div>
      <p class="widget-note" id={`${id}-help`}>
        Ctrl+Enter (⌘+Enter on a Mac) runs the cell; Tab moves on to the buttons. Types are
        stripped, not checked.
      </p>
      <div class="notebook-controls">
        <button ref={runButton} type="button" class="primary notebook-run" onClick={run}>
          Run
        </button>
        <button
          ref={stopButton}
          type="button"
          class="notebook-stop"
          disabled={!running}
          onClick={() => runner.current?.stop()}
        >
          Stop
        </button>
        <label class="notebook-limit">
          Time limit
          <Input
            type="number"
            min={TIME_LIMIT.min}
            max={TIME_LIMIT.max}
            step={1}
            value={limit}
            onChange={(e) => setLimit(clampTimeLimit(e.currentTarget.valueAsNumber))}
          />
          s
        </label>
      </div>
      <div class="notebook-status-row">
        <p
          class={`notebook-status ${state.phase}`}
          role="status"
          data-line={state.phase === 'error' ? state.line : undefined}
        >
          {status}
        </p>
        {state.phase === 'error' && state.line !== undefined && editorReady && (
          <button
            type="button"
            class="notebook-goto"
            onClick={() => editor.current?.goToLine(state.line!, state.column)}
          >
            Go to line {state.line}
          </button>
        )}
      </div>
      <div class="notebook-results">
        {/* Each output box scrolls, so it is a tab stop and a named region (as TableScroll). */}
        <div class="notebook-output">
          <h3 id={`${id}-printed`}>Printed by the cell</h3>
          <div
            class="notebook-printed"
            role="region"
            tabIndex={0}
            aria-labelledby={`${id}-printed`}
          >
            {blocks.length === 0 ? (
              <p class="notebook-empty">{running ? 'Nothing printed yet.' : 'Nothing printed.'}</p>
            ) : (
              blocks.map((block, i) => <OutputBlock key={i} block={block} />)
            )}
          </div>
        </div>
        {shownExample && (
          <div class="notebook-captured">
            <h3 id={`${id}-captured`}>
              Captured by the build: <code>npx tsx examples/{shownExample.name}.ts</code>
            </h3>
            <pre
              class="notebook-text stdout"
              role="region"
              tabIndex={0}
              aria-labelledby={`${id}-captured`}
            >
              {shownExample.output.replace(/\n$/, '')}
            </pre>
            {comparison && (
              <p class={`notebook-verdict ${comparison.same ? 'same' : 'differs'}`}>
                {comparison.same
                  ? 'The cell printed exactly this, line for line.'
                  : `The cell's output differs at line ${comparison.line}.`}
              </p>
            )}
            {ranExample === null && example !== null && state.phase !== 'idle' && (
              <p class="widget-note">The code was edited, so the outputs need not agree.</p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
