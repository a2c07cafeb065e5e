/**
 * The USI engine's search thread (started by scripts/usi.ts). It keeps one Searcher, so the
 * transposition table lives across `go`s, and runs one job at a time. `stop` does not come as a
 * message (the thread is busy searching and would read it too late) but through shared memory:
 * the main thread writes the id of the newest job to stop, and the search polls it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  Searcher,
  type SearchInfo,
  type SearchOptions,
  type SearchResult,
} from '../src/engine/search/index';
import { err, type Result } from '../src/engine/types';
import { runSearchJob, type SearchJob } from '../src/engine/usi/backend';

/** Messages to the search thread. */
export type WorkerRequest =
  | { type: 'go'; id: number; job: SearchJob }
  | { type: 'prepare'; id: number; options: SearchOptions }
  | { type: 'clear' };

/** Messages from the search thread, tagged with the request's id. */
export type WorkerResponse =
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'done'; id: number; result: Result<SearchResult> }
  | { type: 'ready'; id: number };

/** Index of the shared Int32 that holds the id of the newest job asked to stop. */
export const STOP_ID = 0;

/** What the main thread passes at start: the shared stop word. */
export interface WorkerData {
  control: SharedArrayBuffer;
}

if (parentPort) {
  const port = parentPort;
  const control = new Int32Array((workerData as WorkerData).control);
  const searcher = new Searcher();
  const post = (message: WorkerResponse): void => port.postMessage(message);

  port.on('message', (request: WorkerRequest) => {
    switch (request.type) {
      case 'go': {
        const { id, job } = request;
        let result: Result<SearchResult>;
        try {
          result = runSearchJob(searcher, job, {
            onInfo: (info) => post({ type: 'info', id, info }),
            shouldStop: () => Atomics.load(control, STOP_ID) >= id,
          });
        } catch (error) {
          result = err(error instanceof Error ? (error.stack ?? error.message) : String(error));
        }
        // The trace (a tree for the book's viewer) is of no use to a GUI and can be large.
        if (result.ok) delete result.value.trace;
        return post({ type: 'done', id, result });
      }
      case 'prepare':
        searcher.setOptions(request.options);
        return post({ type: 'ready', id: request.id });
      case 'clear':
        return searcher.clear();
    }
  });
}
