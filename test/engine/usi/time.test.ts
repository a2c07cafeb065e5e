/**
 * Time management of the USI engine (src/engine/usi/time.ts and backend.ts): byoyomi is spent,
 * main time is saved, a `go` with only the other side's clock still ends, the default TimeMargin,
 * and time limits that count from the moment `go` (or `ponderhit`) arrived.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPTIONS,
  type SearchInfo,
  type SearchResult,
} from '../../../src/engine/search/index';
import { Searcher } from '../../../src/engine/search/iterate';
import { newStats } from '../../../src/engine/search/search-data';
import { ok, type Result } from '../../../src/engine/types';
import { lessWaited, runSearchJob } from '../../../src/engine/usi/backend';
import { type SearchBackend, type SearchJob, UsiEngine } from '../../../src/engine/usi/engine';
import { TIME_MARGIN_OPTION } from '../../../src/engine/usi/options';
import {
  BYOYOMI_MAIN_TIME_RATIO,
  checkOurClock,
  clockLimits,
  DEFAULT_TIME_MARGIN_MS,
  FALLBACK_MOVETIME_MS,
  goLimits,
  livesOnByoyomi,
  MAX_TIME_RATIO,
  MAX_TIME_SHARE,
  MOVES_TO_GO,
  MOVETIME_MARGIN_MS,
  parseGo,
} from '../../../src/engine/usi/time';

/** A backend that records its jobs; a job ends when the test finishes it. */
class RecordingBackend implements SearchBackend {
  readonly jobs: { job: SearchJob; onDone: (r: Result<SearchResult>) => void }[] = [];
  stops = 0;
  prepare(_options: unknown, done: () => void): void {
    done();
  }
  start(
    job: SearchJob,
    _onInfo: (info: SearchInfo) => void,
    onDone: (r: Result<SearchResult>) => void,
  ): void {
    this.jobs.push({ job, onDone });
  }
  stop(): void {
    this.stops++;
  }
  clear(): void {}
  finish(i: number, move: string, stopped = false): void {
    this.jobs[i]!.onDone(
      ok({
        depth: 3,
        seldepth: 5,
        score: { kind: 'cp', value: 0 },
        value: 0,
        nodes: 1000,
        nps: 100000,
        timeMs: 10,
        pv: [move],
        hashfull: 0,
        bestMove: move,
        ponder: null,
        stopped,
        stats: newStats(),
      }),
    );
  }
}

/** An engine on a RecordingBackend whose wall clock the test sets. */
function engineAt(clock: { ms: number }) {
  const backend = new RecordingBackend();
  const out: string[] = [];
  const engine = new UsiEngine({ write: (l) => out.push(l), backend, now: () => clock.ms });
  const send = (...lines: string[]): string[] => {
    const from = out.length;
    for (const line of lines) engine.receive(line);
    return out.slice(from);
  };
  return { backend, out, send };
}

const limitsOf = (text: string, side: 0 | 1 = 0) => goLimits(parseGo(text).go, side);

describe('usi time: byoyomi is spent, main time is saved', () => {
  it('lets a move on byoyomi alone start new depths up to its hard limit', () => {
    for (const byoyomi of [1000, 3000, 10000]) {
      const limits = limitsOf(`go btime 0 wtime 0 byoyomi ${byoyomi}`);
      expect(limits.timeMs).toBe(byoyomi - DEFAULT_TIME_MARGIN_MS);
      expect(limits.softTimeMs).toBeGreaterThanOrEqual(0.9 * limits.timeMs!);
      expect(limits.softTimeMs).toBeLessThanOrEqual(limits.timeMs!);
    }
    expect(limitsOf('go byoyomi 10000', 1).softTimeMs).toBe(10000 - DEFAULT_TIME_MARGIN_MS);
  });

  it('counts main time under 1.2 byoyomi as gone: too little to be worth saving', () => {
    expect(BYOYOMI_MAIN_TIME_RATIO).toBe(1.2);
    const nearlyGone = { time: 11000, inc: 0, byoyomi: 10000 };
    expect(livesOnByoyomi(nearlyGone)).toBe(true);
    const limits = clockLimits(nearlyGone, 300);
    expect(limits.timeMs).toBe(Math.floor(11000 / MOVES_TO_GO + 10000));
    expect(limits.softTimeMs).toBe(limits.timeMs);
    const worthSaving = { time: 13000, inc: 0, byoyomi: 10000 };
    expect(livesOnByoyomi(worthSaving)).toBe(false);
    // Worth saving: the plan is when no new depth starts, and the search may run past it to
    // MAX_TIME_SHARE of the main time plus the byoyomi.
    expect(clockLimits(worthSaving, 300)).toEqual({
      timeMs: 13000 * MAX_TIME_SHARE + 10000,
      softTimeMs: Math.floor(13000 / MOVES_TO_GO + 10000),
    });
  });

  it('shares main time: no new depth after the plan, a stop at MAX_TIME_RATIO times it', () => {
    expect(MAX_TIME_RATIO).toBe(3);
    expect(clockLimits({ time: 600000, inc: 0, byoyomi: 10000 })).toEqual({
      timeMs: 66000,
      softTimeMs: 22000,
    });
    // The increment comes back after every move: it is planned with, once a move.
    expect(clockLimits({ time: 60000, inc: 2000, byoyomi: 0 })).toEqual({
      timeMs: 9600,
      softTimeMs: 3200,
    });
    expect(limitsOf('go btime 300000 wtime 300000')).toEqual({ timeMs: 18000, softTimeMs: 6000 });
    // Never more than MAX_TIME_SHARE of what is left, whatever the plan (a near time control).
    expect(MAX_TIME_SHARE).toBe(0.3);
    expect(limitsOf('go movestogo 2 btime 60000 wtime 60000')).toEqual({
      timeMs: 18000,
      softTimeMs: 18000,
    });
    // On the last move before the time control, all of it but the margin.
    expect(limitsOf('go movestogo 1 btime 60000 wtime 60000')).toEqual({
      timeMs: 60000 - DEFAULT_TIME_MARGIN_MS,
      softTimeMs: 60000 - DEFAULT_TIME_MARGIN_MS,
    });
    // With no byoyomi at all a nearly empty clock is still saved, down to the minimum.
    expect(livesOnByoyomi({ time: 0, inc: 0, byoyomi: 0 })).toBe(false);
  });

  it('gives the in-process game clock the same limits, with its own margin', () => {
    expect(clockLimits({ time: 30000, inc: 1000, byoyomi: 0 }, 5)).toEqual({
      timeMs: 4800,
      softTimeMs: 1600,
    });
    expect(clockLimits({ time: 0, inc: 0, byoyomi: 1000 }, 5)).toEqual({
      timeMs: 995,
      softTimeMs: 995,
    });
  });
});

describe('usi time: a go with a clock for the other side only', () => {
  it('searches the fallback second, with one info string that names what is missing', () => {
    const { backend, out, send } = engineAt({ ms: 0 });
    expect(send('position startpos', 'go wtime 5000')).toEqual([
      'info string go: wtime given but no btime, binc or byoyomi for sente, the side to move; ' +
        `searching ${FALLBACK_MOVETIME_MS} ms`,
    ]);
    expect(backend.jobs[0]!.job.limits).toEqual({
      timeMs: FALLBACK_MOVETIME_MS - MOVETIME_MARGIN_MS,
    });
    backend.finish(0, '2g2f');
    expect(out.at(-1)).toBe('bestmove 2g2f');
  });

  it('reads the clock of gote when gote is to move', () => {
    const { backend, send } = engineAt({ ms: 0 });
    expect(send('position startpos moves 7g7f', 'go btime 5000 binc 100')).toEqual([
      'info string go: btime and binc given but no wtime, winc or byoyomi for gote, the side to ' +
        `move; searching ${FALLBACK_MOVETIME_MS} ms`,
    ]);
    expect(backend.jobs[0]!.job.limits.timeMs).toBe(FALLBACK_MOVETIME_MS - MOVETIME_MARGIN_MS);
  });

  it('leaves alone a go that has our clock, a byoyomi, or another limit', () => {
    for (const text of [
      'go btime 5000',
      'go wtime 5000 byoyomi 1000',
      'go wtime 5000 depth 3',
      'go wtime 5000 nodes 1000',
      'go wtime 5000 movetime 200',
      'go infinite wtime 5000',
      'go',
    ]) {
      const parsed = parseGo(text);
      expect(checkOurClock(parsed, 0), text).toBe(parsed);
    }
  });

  it('ponders until ponderhit, then searches the fallback second', () => {
    const { backend, send } = engineAt({ ms: 0 });
    expect(send('position startpos', 'go ponder wtime 5000')).toHaveLength(1);
    expect(backend.jobs[0]!.job.limits).toEqual({});
    send('ponderhit');
    expect(backend.stops).toBe(1);
    backend.finish(0, '2g2f', true);
    expect(backend.jobs[1]!.job.limits).toEqual({
      timeMs: FALLBACK_MOVETIME_MS - MOVETIME_MARGIN_MS,
    });
  });
});

describe('usi time: TimeMargin', () => {
  it('keeps back 400 ms of a clock by default, and announces that as the option’s default', () => {
    // Measured in scripts/usi-overrun.ts and the review: see DEFAULT_TIME_MARGIN_MS.
    expect(DEFAULT_TIME_MARGIN_MS).toBe(400);
    const { send } = engineAt({ ms: 0 });
    expect(send('usi')).toContain(
      `option name ${TIME_MARGIN_OPTION} type spin default 400 min 0 max 10000`,
    );
    expect(limitsOf('go btime 0 wtime 0 byoyomi 1000').timeMs).toBe(600);
    // Not from movetime, which asks for exactly that long.
    expect(limitsOf('go movetime 1000').timeMs).toBe(1000 - MOVETIME_MARGIN_MS);
  });
});

describe('usi time: limits count from when go arrived', () => {
  it('hands the search the time go arrived, and on ponderhit the time of ponderhit', () => {
    const clock = { ms: 1_000 };
    const { backend, send } = engineAt(clock);
    send('position startpos', 'go btime 0 wtime 0 byoyomi 1000');
    expect(backend.jobs[0]!.job.clockStart).toBe(1_000);
    backend.finish(0, '2g2f');
    clock.ms = 5_000;
    send('position startpos moves 2g2f', 'go ponder btime 0 wtime 0 byoyomi 1000');
    clock.ms = 7_000;
    send('ponderhit');
    clock.ms = 7_050; // the ponder search takes a while to stop
    backend.finish(1, '8c8d', true);
    expect(backend.jobs[2]!.job.clockStart).toBe(7_000);
  });

  it('keeps the arrival time of a go that waited for the search before it', () => {
    const clock = { ms: 2_000 };
    const { backend, send } = engineAt(clock);
    send('position startpos', 'go infinite');
    clock.ms = 3_000;
    send('go btime 0 wtime 0 byoyomi 1000');
    clock.ms = 3_200;
    backend.finish(0, '2g2f', true);
    expect(backend.jobs[1]!.job.clockStart).toBe(3_000);
  });

  it('takes the time a job waited off its time limits, and nothing else', () => {
    const limits = { timeMs: 700, softTimeMs: 700, depth: 9 };
    expect(lessWaited(limits, 120)).toEqual({ timeMs: 580, softTimeMs: 580, depth: 9 });
    expect(lessWaited(limits, 5000)).toEqual({ timeMs: 0, softTimeMs: 0, depth: 9 });
    expect(lessWaited(limits, -50)).toEqual(limits); // a wall clock set back: no wait
    expect(lessWaited({ nodes: 100 }, 300)).toEqual({ nodes: 100 });
  });

  it('stops at once a search whose time ran out while it waited to start', () => {
    const job: SearchJob = {
      position: 'startpos',
      limits: { timeMs: 60_000, depth: 6 },
      options: DEFAULT_OPTIONS,
      clockStart: Date.now() - 120_000,
    };
    const result = runSearchJob(new Searcher(), job, {});
    if (!result.ok) throw new Error(result.error);
    expect(result.value.stopped).toBe(true);
    expect(result.value.bestMove).not.toBeNull();
  });
});
