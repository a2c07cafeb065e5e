/**
 * A text box for positions: paste an SFEN, `startpos` or `startpos moves …` and press Load (or
 * Enter). What cannot be read is named under the box, in the engine's own words, and the board
 * keeps showing the last good position. Copy puts the shown SFEN on the clipboard; Reset goes
 * back to the start position.
 */
import { useEffect, useId, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import './widgets.css';
import { Input } from './controls';

export interface SfenBoxProps {
  /** The SFEN of the position shown now; the box shows it until the reader edits it. */
  sfen: string;
  /** Load what the reader typed; return an error message, or null when it loaded. */
  onLoad: (text: string) => string | null;
  /** Back to the start (or the widget's own first position). */
  onReset?: () => void;
  label?: string;
  /** Bump to put `sfen` back in the box even when it has not changed (a preset loaded twice). */
  revision?: number;
}

const COPIED_FOR_MS = 1500;

export function SfenBox(props: SfenBoxProps): JSX.Element {
  const { sfen, onLoad, onReset, revision = 0 } = props;
  const label = props.label ?? 'Position (SFEN, startpos, or startpos moves …)';
  const [draft, setDraft] = useState(sfen);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState('');
  const id = useId();

  // A new position from outside (a move, a preset) replaces whatever was typed.
  useEffect(() => {
    setDraft(sfen);
    setError(null);
  }, [sfen, revision]);

  const load = () => {
    const text = draft.trim();
    if (text === '') {
      setError('Type or paste a position first: an SFEN, or startpos.');
      return;
    }
    setError(onLoad(text));
  };

  const copy = () => {
    const done = (text: string) => {
      setCopied(text);
      setTimeout(() => setCopied(''), COPIED_FOR_MS);
    };
    navigator.clipboard.writeText(sfen).then(
      () => done('Copied'),
      () => done('Select and copy'),
    );
  };

  return (
    <form
      class="sfen-box"
      onSubmit={(e) => {
        e.preventDefault();
        load();
      }}
    >
      <label for={`${id}-sfen`}>{label}</label>
      <div class="sfen-row">
        <Input
          id={`${id}-sfen`}
          name="sfen"
          type="text"
          spellcheck={false}
          autocomplete="off"
          autoCapitalize="off"
          value={draft}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={(e) => setDraft(e.currentTarget.value)}
        />
        <button type="submit" class="sfen-load">
          Load
        </button>
        <button type="button" class="sfen-copy" onClick={copy}>
          {copied || 'Copy'}
        </button>
        {onReset && (
          <button
            type="button"
            class="sfen-reset"
            onClick={() => {
              setDraft(sfen);
              setError(null);
              onReset();
            }}
          >
            Reset
          </button>
        )}
      </div>
      <p class="sfen-error" id={`${id}-error`} role="alert" hidden={!error}>
        {error}
      </p>
    </form>
  );
}

export default SfenBox;
