/**
 * The cell's model: examples and their captured output, the comparison of what the cell printed
 * with it, the status line, and the runner that ends a run on Stop or at the time limit by
 * terminating its worker (a fake here).
 */
import { describe, expect, it } from 'vitest';
import type { NotebookWorkerLike } from '../../../src/components/engine-client';
import {
  clampTimeLimit,
  compareWithCaptured,
  exampleSummary,
  examplesFrom,
  groupOutput,
  NotebookRunner,
  type RunHandlers,
  statusText,
  stdoutOf,
  TIME_LIMIT,
} from '../../../src/components/notebook/notebook-model';
import type {
  NotebookRequest,
  NotebookResponse,
  OutputItem,
} from '../../../src/engine/worker/notebook-protocol';

const SOURCE = `/**
 * perft: count the positions a fixed number of moves away. The counts are known.
 *
 *   npx tsx examples/perft.ts
 */
console.log(1);
`;

describe('examples', () => {
  it('takes the first sentence of the doc comment as the summary', () => {
    expect(exampleSummary(SOURCE)).toBe('perft: count the positions a fixed number of moves away.');
    expect(exampleSummary('console.log(1);')).toBe('');
  });

  it('pairs each program with its captured output, in name order', () => {
    const examples = examplesFrom(
      { '/examples/perft.ts': SOURCE, '/examples/a.ts': 'x' },
      { '/src/data/examples/perft.txt': '1\n', '/src/data/examples/a.txt': '' },
    );
    expect(examples.map((e) => [e.name, e.output])).toEqual([
      ['a', ''],
      ['perft', '1\n'],
    ]);
  });

  it('stops the build when an example has no captured output', () => {
    expect(() => examplesFrom({ '/examples/new.ts': '' }, {})).toThrow(
      /examples\/new.ts has no captured output in src\/data\/examples\/new.txt/,
    );
  });
});

const line = (text: string, stream: 'stdout' | 'stderr' = 'stdout'): OutputItem => ({
  kind: 'text',
  stream,
  text,
});

describe('output', () => {
  it('keeps stdout as a file holds it: tables in, stderr and boards out', () => {
    const items: OutputItem[] = [
      line('a'),
      line('timing', 'stderr'),
      { kind: 'table', columns: ['(index)'], rows: [], text: '┌┐\n└┘' },
      { kind: 'board', sfen: 'x', caption: '' },
      line('b'),
    ];
    expect(stdoutOf(items)).toBe('a\n┌┐\n└┘\nb\n');
    expect(stdoutOf([])).toBe('');
  });

  it('compares line for line and names the first difference', () => {
    expect(compareWithCaptured('a\nb\n', 'a\nb\n')).toEqual({ same: true });
    expect(compareWithCaptured('a\nc\n', 'a\nb\n')).toEqual({
      same: false,
      line: 2,
      printed: 'c',
      captured: 'b',
    });
    expect(compareWithCaptured('a\n', 'a\nb\n')).toMatchObject({ same: false, line: 2 });
  });

  it('groups runs of lines on one stream into one block', () => {
    const blocks = groupOutput([line('a'), line('b'), line('c', 'stderr'), line('d')]);
    expect(blocks).toEqual([
      { kind: 'text', stream: 'stdout', text: 'a\nb' },
      { kind: 'text', stream: 'stderr', text: 'c' },
      { kind: 'text', stream: 'stdout', text: 'd' },
    ]);
  });
});

describe('status', () => {
  it('says how the run is going or how it ended', () => {
    expect(statusText({ phase: 'running', ms: 2340 })).toBe('Running for 2.3 s…');
    expect(statusText({ phase: 'done', ms: 812, exitCode: 0 })).toBe('Done in 812 ms.');
    expect(statusText({ phase: 'done', ms: 812, exitCode: 2 })).toBe(
      'Done in 812 ms, exit code 2.',
    );
    expect(statusText({ phase: 'stopped', ms: 1500, reason: 'stop', limitSeconds: 10 })).toBe(
      'Stopped after 1.5 s.',
    );
    expect(
      statusText({ phase: 'stopped', ms: 10_000, reason: 'time-limit', limitSeconds: 10 }),
    ).toBe('Stopped: the time limit of 10 s ran out.');
    expect(
      statusText({
        phase: 'error',
        ms: 1,
        kind: 'syntax',
        message: 'Unexpected token',
        line: 2,
        column: 11,
      }),
    ).toBe('Syntax error at line 2, column 11: Unexpected token');
    expect(
      statusText({ phase: 'error', ms: 1, kind: 'runtime', message: 'Error: no', line: 9 }),
    ).toBe('Error at line 9: Error: no');
  });

  it('keeps the time limit whole and in range', () => {
    expect(clampTimeLimit(0)).toBe(TIME_LIMIT.min);
    expect(clampTimeLimit(1e6)).toBe(TIME_LIMIT.max);
    expect(clampTimeLimit(2.6)).toBe(3);
    expect(clampTimeLimit(Number.NaN)).toBe(TIME_LIMIT.default);
  });
});

class FakeWorker implements NotebookWorkerLike {
  sent: NotebookRequest[] = [];
  terminated = false;
  onmessage: ((event: { data: NotebookResponse }) => void) | null = null;
  onerror: ((event: { message?: string; preventDefault?: () => void }) => void) | null = null;
  postMessage(message: NotebookRequest): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(message: NotebookResponse): void {
    this.onmessage?.({ data: message });
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  let now = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  let next = 1;
  const runner = new NotebookRunner(
    () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    {
      setTimeout: (callback, ms) => {
        timers.set(next, { at: now + ms, callback });
        return next++;
      },
      clearTimeout: (handle) => void timers.delete(handle as number),
      now: () => now,
    },
  );
  const advance = (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...timers])
      if (timer.at <= now) {
        timers.delete(handle);
        timer.callback();
      }
  };
  const log: string[] = [];
  const handlers: RunHandlers = {
    onOutput: (items) => log.push(`output ${items.length}`),
    onDone: (m) => log.push(`done ${m.exitCode}`),
    onError: (m) => log.push(`error ${m.message}`),
    onStopped: (reason, ms) => log.push(`stopped ${reason} ${ms}`),
  };
  return { runner, workers, advance, log, handlers, pendingTimers: () => timers.size };
}

describe('NotebookRunner', () => {
  it('runs the code in a fresh worker and ends it when the run is done', () => {
    const { runner, workers, log, handlers, pendingTimers } = setup();
    runner.run('1', 'cell.ts', 10_000, handlers);
    expect(workers[0]!.sent).toEqual([{ type: 'run', code: '1', file: 'cell.ts' }]);
    workers[0]!.answer({ type: 'output', items: [line('a')] });
    workers[0]!.answer({ type: 'done', ms: 5, exitCode: 0 });
    expect(log).toEqual(['output 1', 'done 0']);
    expect(workers[0]!.terminated).toBe(true);
    expect(runner.running).toBe(false);
    expect(pendingTimers()).toBe(0);
  });

  it('terminates the worker at the time limit', () => {
    const { runner, workers, advance, log, handlers } = setup();
    runner.run('while (true) {}', 'cell.ts', 2_000, handlers);
    advance(1_999);
    expect(workers[0]!.terminated).toBe(false);
    advance(1);
    expect(workers[0]!.terminated).toBe(true);
    expect(log).toEqual(['stopped time-limit 2000']);
  });

  it('terminates the worker on Stop, and drops whatever it sent after', () => {
    const { runner, workers, advance, log, handlers, pendingTimers } = setup();
    runner.run('while (true) {}', 'cell.ts', 10_000, handlers);
    advance(300);
    const worker = workers[0]!;
    const onmessage = worker.onmessage;
    runner.stop();
    onmessage?.({ data: { type: 'output', items: [line('late')] } });
    worker.answer({ type: 'done', ms: 1, exitCode: 0 });
    expect(worker.terminated).toBe(true);
    expect(log).toEqual(['stopped stop 300']);
    expect(pendingTimers()).toBe(0);
    runner.stop();
    expect(log).toHaveLength(1);
  });

  it('ends the run before when a new one starts', () => {
    const { runner, workers, log, handlers } = setup();
    runner.run('a', 'cell.ts', 10_000, handlers);
    runner.run('b', 'cell.ts', 10_000, handlers);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.terminated).toBe(false);
    expect(log).toEqual([]);
  });

  it('reports a worker that failed to start as an error of the run', () => {
    const { runner, workers, log, handlers } = setup();
    runner.run('a', 'cell.ts', 10_000, handlers);
    let prevented = false;
    workers[0]!.onerror?.({ message: 'boom', preventDefault: () => (prevented = true) });
    expect(log).toEqual(['error the notebook worker failed: boom']);
    expect(prevented).toBe(true);
    expect(workers[0]!.terminated).toBe(true);
  });
});
