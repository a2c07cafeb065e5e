/**
 * A game's record in and out: export as KIF, CSA, SFEN or USI (shown, copied, or downloaded as a
 * file), and import by pasting or opening a KIF, KI2, CSA, USI or SFEN file. An import that cannot
 * be read shows the error, with the line, and leaves the game as it was.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { exportGame, importGame, type Game, type RecordFormat } from './game-model';
import { showJapanese } from '../layout/japanese-fallback';
import { formatCount } from '../numbers';

/** The site's Japanese font's two families (japanese-font.css, japanese-font-extra.css). */
const JAPANESE_FAMILIES = "'Yomi Serif JP', 'Yomi Serif JP Extra'";

const FORMATS: readonly { id: RecordFormat; label: string; file: string }[] = [
  { id: 'kif', label: 'KIF', file: 'yomi-game.kif' },
  { id: 'csa', label: 'CSA', file: 'yomi-game.csa' },
  { id: 'usi', label: 'USI', file: 'yomi-game.usi' },
  { id: 'sfen', label: 'SFEN', file: 'yomi-position.sfen' },
];

/** A pasted or opened file larger than this is refused before it is read (a game is a few KB). */
const MAX_RECORD_BYTES = 1_000_000;

export function RecordPanel(props: { game: Game; onImport: (game: Game) => void }): JSX.Element {
  const [format, setFormat] = useState<RecordFormat>('kif');
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const id = useId();
  const text = useMemo(() => exportGame(props.game, format), [props.game, format]);
  const chosen = FORMATS.find((f) => f.id === format)!;
  // A textarea that drew Japanese text before the site's Japanese font arrived keeps empty boxes
  // for it: drawn anew it is right, but laid out again at another width (a phone turned, a
  // window narrowed) the KIF header (手合割：平手) went back to boxes. So Japanese text is put in
  // the box only once the faces it needs are loaded (not in the page as served), and the box is
  // made anew each time they are. A record the reader opened may need the rest of the font
  // (japanese-fallback.ts).
  const japanese = /[^\p{ASCII}]/u.test(text);
  const [fontsLoaded, setFontsLoaded] = useState(0);
  useEffect(() => {
    if (!japanese) return;
    const loaded = () => setFontsLoaded((n) => n + 1);
    if (!document.fonts) {
      loaded();
      return;
    }
    let live = true;
    // Shown even if the load fails: boxes are better than no record.
    const then = () => {
      if (live) loaded();
    };
    // The rest of the font first, if the record needs it: its faces must be declared before
    // document.fonts.load() can fetch them.
    void showJapanese(text).then(() =>
      document.fonts.load(`1em ${JAPANESE_FAMILIES}`, text).then(then, then),
    );
    return () => {
      live = false;
    };
  }, [text, japanese]);
  // "Loaded 7 moves." belongs to the game it loaded: a new game, or another one, clears it.
  const imported = useRef<Game | null>(null);
  useEffect(() => {
    if (props.game !== imported.current) setDone('');
  }, [props.game]);

  const load = (input: string) => {
    const result = importGame(input);
    setDone('');
    if (!result.ok) {
      // The error quotes the line it could not read.
      void showJapanese(result.error);
      setError(result.error);
      return;
    }
    setError(null);
    setDraft('');
    const moves = result.value.moves.length;
    setDone(`Loaded ${moves} move${moves === 1 ? '' : 's'}.`);
    imported.current = result.value;
    props.onImport(result.value);
  };

  const open = (event: JSX.TargetedEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (file.size > MAX_RECORD_BYTES) {
      setError(`${file.name} is ${formatCount(file.size)} bytes: too big for a game`);
      return;
    }
    void readText(file).then(load, (reason: unknown) =>
      setError(`${file.name} could not be read: ${String(reason)}`),
    );
  };

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setDone(`${chosen.label} copied.`),
      () => setDone('Select the text and copy it.'),
    );

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = chosen.file;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div class="record-panel">
      <fieldset class="record-export">
        <legend>Export</legend>
        <div class="record-formats" role="radiogroup" aria-label="Format">
          {FORMATS.map((f) => (
            <label key={f.id}>
              <input
                type="radio"
                name={`${id}-format`}
                value={f.id}
                checked={format === f.id}
                onChange={() => setFormat(f.id)}
              />
              {f.label}
            </label>
          ))}
        </div>
        <textarea
          key={fontsLoaded}
          readOnly
          rows={6}
          value={japanese && fontsLoaded === 0 ? '' : text}
          aria-label={`The game as ${chosen.label}`}
          data-export={format}
          spellcheck={false}
        />
        <div class="record-actions">
          <button type="button" onClick={() => void copy()}>
            Copy
          </button>
          <button type="button" onClick={download}>
            Download {chosen.file}
          </button>
        </div>
      </fieldset>
      <fieldset class="record-import">
        <legend>Import</legend>
        <label for={`${id}-paste`}>Paste a KIF, KI2 or CSA record, a USI position or an SFEN</label>
        <textarea
          id={`${id}-paste`}
          rows={4}
          value={draft}
          spellcheck={false}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={(event) => setDraft(event.currentTarget.value)}
        />
        <div class="record-actions">
          <button type="button" class="primary" onClick={() => load(draft)}>
            Load
          </button>
          <label class="record-file">
            Open a file…
            <input type="file" accept=".kif,.kifu,.ki2,.csa,.usi,.sfen,.txt" onChange={open} />
          </label>
        </div>
        {error && (
          <p class="widget-error" id={`${id}-error`} role="alert" data-import-error>
            {error}
          </p>
        )}
      </fieldset>
      <p class="record-done" aria-live="polite">
        {done}
      </p>
    </div>
  );
}

/** A file's text: UTF-8, or Shift_JIS when UTF-8 fails (older KIF files are Shift_JIS). */
async function readText(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}
