/**
 * Best-of timing of just the part of a run that matters (the search, not the table clearing or
 * the engine's `ucinewgame` before it). lib/measure.ts schedules the runs (interleaved, best of
 * up to three, a time budget per task) and checks that every run counts the same nodes; these
 * records keep the fastest wall and CPU time of the section each run timed.
 */

export class BestTime {
  wallSeconds = Infinity;
  cpuSeconds = Infinity;
  runs = 0;

  record(wallSeconds: number, cpuSeconds: number): void {
    this.wallSeconds = Math.min(this.wallSeconds, wallSeconds);
    this.cpuSeconds = Math.min(this.cpuSeconds, cpuSeconds);
    this.runs += 1;
  }

  get measured(): boolean {
    return this.runs > 0;
  }
}

interface Clock {
  readonly wall: number;
  readonly cpu: NodeJS.CpuUsage;
}

const startClock = (): Clock => ({ wall: performance.now(), cpu: process.cpuUsage() });

function stopClock(best: BestTime, start: Clock): void {
  const cpu = process.cpuUsage(start.cpu);
  best.record((performance.now() - start.wall) / 1000, (cpu.user + cpu.system) / 1e6);
}

/** Times `section` by the wall clock and by this process's CPU time (all its threads). */
export function timeSync<T>(best: BestTime, section: () => T): T {
  const start = startClock();
  const value = section();
  stopClock(best, start);
  return value;
}

export async function timeAsync<T>(best: BestTime, section: () => Promise<T>): Promise<T> {
  const start = startClock();
  const value = await section();
  stopClock(best, start);
  return value;
}

/** Sums of the best times over several measurements (null if any is missing). */
export function totalTime(
  times: readonly BestTime[],
): { wallSeconds: number; cpuSeconds: number } | null {
  if (times.length === 0 || times.some((t) => !t.measured)) return null;
  return {
    wallSeconds: times.reduce((sum, t) => sum + t.wallSeconds, 0),
    cpuSeconds: times.reduce((sum, t) => sum + t.cpuSeconds, 0),
  };
}
