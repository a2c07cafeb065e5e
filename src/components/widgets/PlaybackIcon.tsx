/**
 * The playback controls' symbols, drawn as SVG. The Unicode ones (⏸ U+23F8, ⏮ U+23EE) are in none
 * of the book's fonts, and a reader without a system font that has them sees an empty box; these
 * draw the same on every machine. They take the text's colour and size and are hidden from screen
 * readers: the button around them carries the name.
 */
import type { JSX } from 'preact';

export type PlaybackSymbol = 'play' | 'pause' | 'first' | 'last';

const PATHS: Record<PlaybackSymbol, string> = {
  play: 'M4 2.5v11l9-5.5z',
  pause: 'M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z',
  first: 'M2.5 2.5h2v11h-2zM13.5 2.5v11l-8-5.5z',
  last: 'M11.5 2.5h2v11h-2zM2.5 2.5v11l8-5.5z',
};

export function PlaybackIcon(props: { symbol: PlaybackSymbol }): JSX.Element {
  return (
    <svg
      class="playback-icon"
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[props.symbol]} fill="currentColor" />
    </svg>
  );
}
