/**
 * The engine client against a fake worker: workers are made lazily, the latest request wins,
 * answers to abandoned requests are dropped, Stop terminates at once, idle workers are shut down.
 */
import { describe, expect, it } from 'vitest';
import {
  EngineClient,
  IDLE_SHUTDOWN_MS,
  type WorkerLike,
} from '../../src/components/engine-client';
import type { EngineRequest, EngineResponse } from '../../src/engine/worker/protocol';

class FakeWorker implements WorkerLike {
  sent: EngineRequest[] = [];
  terminated = false;
  onmessage: ((event: { data: EngineResponse }) => void) | null = null;
  onerror: ((event: { message?: string }) => void) | null = null;
  postMessage(message: EngineRequest): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(message: EngineResponse): void {
    this.onmessage?.({ data: message });
  }
}

class FakeTimers {
  private queue = new Map<number, { at: number; callback: () => void }>();
  private next = 1;
  now = 0;
  setTimeout = (callback: () => void, ms: number): unknown => {
    const handle = this.next++;
    this.queue.set(handle, { at: this.now + ms, callback });
    return handle;
  };
  clearTimeout = (handle: unknown): void => {
    this.queue.delete(handle as number);
  };
  advance(ms: number): void {
    this.now += ms;
    for (const [handle, timer] of [...this.queue]) {
      if (timer.at <= this.now) {
        this.queue.delete(handle);
        timer.callback();
      }
    }
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const timers = new FakeTimers();
  const client = new EngineClient(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  }, timers);
  const log: string[] = [];
  const handlers = (name: string) => ({
    onInfo: () => log.push(`${name} info`),
    onResult: () => log.push(`${name} result`),
    onError: (e: { message: string }) => log.push(`${name} error ${e.message}`),
  });
  return { client, workers, timers, log, handlers };
}

const result = (id: number): EngineResponse => ({
  type: 'result',
  id,
  nodes: 30,
  seconds: 0.01,
  nps: 3000,
  divide: [],
});

describe('EngineClient', () => {
  it('creates no worker until the first request', () => {
    const { client, workers } = setup();
    expect(workers).toHaveLength(0);
    expect(client.hasWorker).toBe(false);
  });

  it('sends a perft request and delivers progress and the result', () => {
    const { client, workers, log, handlers } = setup();
    const id = client.perft({ sfen: 'startpos', depth: 1, bulk: false }, handlers('a'));
    expect(workers).toHaveLength(1);
    expect(workers[0]!.sent).toEqual([
      { type: 'perft', id, sfen: 'startpos', depth: 1, bulk: false },
    ]);
    workers[0]!.answer({ type: 'info', id, done: 1, total: 30, nodes: 1, seconds: 0, nps: 0 });
    workers[0]!.answer(result(id));
    expect(log).toEqual(['a info', 'a result']);
    expect(client.busy).toBe(false);
  });

  it('reuses an idle worker for the next request', () => {
    const { client, workers, handlers } = setup();
    const first = client.perft({ sfen: 'startpos', depth: 1, bulk: false }, handlers('a'));
    workers[0]!.answer(result(first));
    client.perft({ sfen: 'startpos', depth: 2, bulk: false }, handlers('b'));
    expect(workers).toHaveLength(1);
    expect(workers[0]!.sent).toHaveLength(2);
  });

  it('lets the latest request win: a busy worker is replaced and its answers are dropped', () => {
    const { client, workers, log, handlers } = setup();
    const first = client.perft({ sfen: 'startpos', depth: 5, bulk: false }, handlers('a'));
    const second = client.perft({ sfen: 'startpos', depth: 1, bulk: false }, handlers('b'));
    expect(second).not.toBe(first);
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    workers[0]!.answer(result(first)); // too late, and from a dead worker
    workers[1]!.answer(result(first)); // a stale id
    workers[1]!.answer(result(second));
    expect(log).toEqual(['b result']);
  });

  it('stops at once by terminating the worker, and respawns on the next request', () => {
    const { client, workers, log, handlers } = setup();
    const id = client.perft({ sfen: 'startpos', depth: 6, bulk: false }, handlers('a'));
    client.stop();
    expect(workers[0]!.terminated).toBe(true);
    expect(client.hasWorker).toBe(false);
    workers[0]!.answer(result(id));
    expect(log).toEqual([]);
    client.perft({ sfen: 'startpos', depth: 1, bulk: false }, handlers('b'));
    expect(workers).toHaveLength(2);
  });

  it('shuts an idle worker down after a while, but not a busy one', () => {
    const { client, workers, timers, handlers } = setup();
    const id = client.perft({ sfen: 'startpos', depth: 1, bulk: false }, handlers('a'));
    timers.advance(IDLE_SHUTDOWN_MS * 2);
    expect(workers[0]!.terminated).toBe(false);
    workers[0]!.answer(result(id));
    timers.advance(IDLE_SHUTDOWN_MS - 1);
    expect(client.hasWorker).toBe(true);
    timers.advance(1);
    expect(workers[0]!.terminated).toBe(true);
    expect(client.hasWorker).toBe(false);
  });

  it('turns a worker crash into an error for the running request', () => {
    const { client, workers, log, handlers } = setup();
    client.perft({ sfen: 'startpos', depth: 1, bulk: false }, handlers('a'));
    workers[0]!.onerror?.({ message: 'boom' });
    expect(log).toEqual(['a error the engine worker failed: boom']);
    expect(workers[0]!.terminated).toBe(true);
  });

  it('passes the worker’s own errors on', () => {
    const { client, workers, log, handlers } = setup();
    const id = client.perft({ sfen: 'nonsense', depth: 1, bulk: false }, handlers('a'));
    workers[0]!.answer({ type: 'error', id, message: 'SFEN: bad' });
    expect(log).toEqual(['a error SFEN: bad']);
  });

  it('measures each form of an evalspeed request in a fresh worker, counting over all forms', () => {
    const { client, workers } = setup();
    const log: string[] = [];
    const row = (name: string) => ({
      name,
      group: name,
      nodes: 10,
      ms: 1,
      nps: 10_000,
      bytes: 0,
      buildMs: 0,
    });
    client.evalSpeed(
      { forms: ['material', 'KKPEE9, factored'], positions: ['startpos'], depth: 2 },
      {
        onInfo: (m) => log.push(`info ${m.form} ${m.done}/${m.total}${m.row ? ' row' : ''}`),
        onResult: (m) => log.push(`result ${m.rows.map((r) => r.name).join(', ')}`),
        onError: (e) => log.push(`error ${e.message}`),
      },
    );
    for (const [i, name] of ['material', 'KKPEE9, factored'].entries()) {
      const worker = workers[i]!;
      const sent = worker.sent[0]!;
      expect(sent).toMatchObject({ type: 'evalspeed', forms: [name], depth: 2 });
      const { id } = sent;
      worker.answer({ type: 'evalspeedinfo', id, form: name, done: 0, total: 1, row: null });
      worker.answer({ type: 'evalspeedinfo', id, form: name, done: 1, total: 1, row: row(name) });
      worker.answer({ type: 'evalspeedresult', id, depth: 2, positions: 1, rows: [row(name)] });
    }
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    expect(log).toEqual([
      'info material 0/2',
      'info material 1/2 row',
      'info KKPEE9, factored 1/2',
      'info KKPEE9, factored 2/2 row',
      'result material, KKPEE9, factored',
    ]);
    expect(client.busy).toBe(false);
  });

  it('stops an evalspeed request between forms too', () => {
    const { client, workers, log, handlers } = setup();
    client.evalSpeed(
      { forms: ['material', 'N = 2, factored'], positions: [], depth: 2 },
      handlers('a'),
    );
    client.stop();
    expect(workers[0]!.terminated).toBe(true);
    const { id } = workers[0]!.sent[0]!;
    workers[0]!.answer({ type: 'evalspeedresult', id, depth: 2, positions: 0, rows: [] });
    expect(workers).toHaveLength(1);
    expect(log).toEqual([]);
  });
});
