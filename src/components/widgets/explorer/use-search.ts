/**
 * One search kept up to date with its inputs: when the request changes, the running search is
 * cancelled and a new one starts after a short pause (so a slider being dragged does not start a
 * search per pixel); the last finished answer stays available, marked stale, until the new one
 * arrives. Each hook owns one EngineClient, so two hooks search side by side in two workers.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SearchInfo, SearchLimits, SearchResult } from '../../../engine/search/iterate';
import { EngineClient } from '../../engine-client';

/** How long the inputs must stay still before a search starts. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchRequest {
  sfen: string;
  options: unknown;
  limits: SearchLimits;
}

/** What a finished (or stopped) search left to show. */
export interface Shown {
  /** The request it answered, as a key. */
  key: string;
  /** The full result; null when the reader stopped the search (then `info` is the last depth). */
  result: SearchResult | null;
  /** The deepest completed depth's report. */
  info: SearchInfo | null;
  /** One report per completed depth. */
  infos: SearchInfo[];
  /** The position it searched (to draw its PV on). */
  sfen: string;
  /** The limits it was started with, which may differ from the ones set now. */
  limits: SearchLimits;
}

export interface SearchState {
  shown: Shown | null;
  /** Reports of the search running now. */
  live: SearchInfo[];
  /** The position the running search reads (what its reports' lines start from). */
  liveSfen: string | null;
  running: boolean;
  /** The shown answer belongs to an older request. */
  stale: boolean;
  error: string | null;
  stop: () => void;
}

export const requestKey = (request: SearchRequest): string => JSON.stringify(request);

/** Keep a search of `request` running or answered; null asks for nothing (and stops). */
export function useSearch(request: SearchRequest | null): SearchState {
  const key = request ? requestKey(request) : null;
  const [shown, setShown] = useState<Shown | null>(null);
  const [live, setLive] = useState<SearchInfo[]>([]);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const client = useRef<EngineClient | null>(null);
  const liveRef = useRef<SearchInfo[]>([]);
  const current = useRef<{ key: string; sfen: string; limits: SearchLimits } | null>(null);
  const first = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => client.current?.shutdown(), []);

  useEffect(() => {
    if (request === null || key === null) {
      if (client.current?.busy) client.current.stop();
      setRunning(false);
      return;
    }
    // Cancel at once, so no answer to the old inputs arrives while we wait, and forget the old
    // search's reports: until the new one reports, the card shows the last answer, dimmed.
    if (client.current?.busy) client.current.stop();
    liveRef.current = [];
    setLive([]);
    current.current = null;
    setRunning(true);
    setError(null);
    const delay = first.current ? 0 : SEARCH_DEBOUNCE_MS;
    first.current = false;
    timer.current = setTimeout(() => {
      timer.current = null;
      liveRef.current = [];
      setLive([]);
      current.current = { key, sfen: request.sfen, limits: request.limits };
      client.current ??= new EngineClient();
      client.current.go(request, {
        onInfo: (m) => {
          liveRef.current = [...liveRef.current, m.info];
          setLive(liveRef.current);
        },
        onResult: (m) => {
          setShown({
            key,
            result: m.result,
            info: m.result,
            infos: liveRef.current,
            sfen: request.sfen,
            limits: request.limits,
          });
          setRunning(false);
        },
        onError: (m) => {
          setError(m.message);
          setRunning(false);
        },
      });
    }, delay);
    return cancelPending;
    // The key stands for the request: a new object with the same content is the same search.
  }, [key]);

  function cancelPending(): void {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }

  const stop = () => {
    const searching = client.current?.busy ?? false;
    cancelPending();
    client.current?.stop();
    setRunning(false);
    const infos = liveRef.current;
    const now = current.current;
    // What the stopped search finished is worth keeping: its deepest completed depth.
    if (searching && now && infos.length > 0)
      setShown({
        key: now.key,
        result: null,
        info: infos.at(-1)!,
        infos,
        sfen: now.sfen,
        limits: now.limits,
      });
  };

  return {
    shown,
    live,
    liveSfen: running ? (current.current?.sfen ?? null) : null,
    running,
    stale: shown !== null && shown.key !== key,
    error,
    stop,
  };
}
