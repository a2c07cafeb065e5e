/**
 * The games files of chapter 7, fetched on the page's main thread (the widgets then hand them to
 * their engine worker): one fetch per file and page, shared by every widget that asks, and an
 * error a reader can act on when the file is missing or is not a games file.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { parseSfen, type Position } from '../../../engine/index';
import type { MateGame, TeacherGame } from '../../../engine/dtree/data';

export type GamesFile<G> = { ok: true; games: G[] } | { ok: false; error: string };

const files = new Map<string, Promise<GamesFile<unknown>>>();

async function fetchGames(url: string): Promise<GamesFile<unknown>> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    return { ok: false, error: `Could not fetch the games (${url}): ${String(error)}.` };
  }
  if (!response.ok)
    return { ok: false, error: `Could not fetch the games (${url}): HTTP ${response.status}.` };
  try {
    const body = (await response.json()) as { games?: unknown };
    if (!Array.isArray(body.games))
      return { ok: false, error: `${url} is not a games file: it has no list of games.` };
    return { ok: true, games: body.games as unknown[] };
  } catch (error) {
    return { ok: false, error: `${url} is not a games file: ${String(error)}.` };
  }
}

/** A games file, fetched once per page; a failed fetch is tried again on the next call. */
export function loadGames<G extends TeacherGame | MateGame>(url: string): Promise<GamesFile<G>> {
  let file = files.get(url);
  if (!file) {
    file = fetchGames(url);
    files.set(url, file);
    void file.then((f) => {
      if (!f.ok) files.delete(url);
    });
  }
  return file as Promise<GamesFile<G>>;
}

/** The games of `url` once fetched (null while fetching; null url: not wanted yet). */
export function useGames<G extends TeacherGame | MateGame>(
  url: string | null,
): { games: G[] | null; error: string | null } {
  const [state, setState] = useState<{ url: string | null; file: GamesFile<G> | null }>({
    url: null,
    file: null,
  });
  useEffect(() => {
    if (url === null) return;
    let live = true;
    void loadGames<G>(url).then((file) => {
      if (live) setState({ url, file });
    });
    return () => {
      live = false;
    };
  }, [url]);
  const file = state.url === url ? state.file : null;
  return {
    games: file?.ok ? file.games : null,
    error: file && !file.ok ? file.error : null,
  };
}

/** The position a worker's answer names by SFEN (null before the first answer). */
export function useSfenPosition(sfen: string | undefined): Position | null {
  return useMemo(() => {
    if (sfen === undefined) return null;
    const parsed = parseSfen(sfen);
    return parsed.ok ? parsed.value : null;
  }, [sfen]);
}
