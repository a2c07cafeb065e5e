/** The perft benchmark's report: checks, ratios and the tables people read. */
import { OUR_ENGINE, type Counting } from './perft-contenders';
import type { MemoryRow } from './perft-memory';
import type { BenchPosition } from './perft-positions';
import { formatCount, formatRatio, formatSeconds, formatTable } from './lib/table';

/** One timed contender at one depth of one position (also the JSON summary's record). */
export interface Measurement {
  readonly position: string;
  readonly engine: string;
  readonly counting: Counting;
  readonly method: string;
  readonly depth: number;
  readonly expected: number | null;
  readonly nodes: number | null;
  readonly ok: boolean;
  /** Best wall-clock time. */
  readonly seconds: number | null;
  /** Best CPU time of the process; nodesPerSecond is nodes / cpuSeconds. */
  readonly cpuSeconds: number | null;
  readonly runs: number;
  readonly nodesPerSecond: number | null;
  readonly error?: string;
  /** Our nodes/s over this peer's, same position, depth and counting. */
  oursOverPeer?: number;
}

/** Sets oursOverPeer on every peer row that has a matching row of ours. */
export function attachRatios(measurements: Measurement[]): void {
  for (const m of measurements) {
    if (m.engine === OUR_ENGINE || m.nodesPerSecond === null) continue;
    const ours = measurements.find(
      (o) =>
        o.engine === OUR_ENGINE &&
        o.position === m.position &&
        o.depth === m.depth &&
        o.counting === m.counting,
    );
    if (ours?.nodesPerSecond != null) m.oursOverPeer = ours.nodesPerSecond / m.nodesPerSecond;
  }
}

export function checkCell(m: Measurement): string {
  if (m.error !== undefined) return `FAILED: ${m.error}`;
  if (m.expected === null) return 'UNVERIFIED (no published count)';
  return m.ok ? 'ok' : `MISMATCH!! expected ${formatCount(m.expected)}`;
}

export function positionTable(rows: readonly Measurement[]): string {
  return formatTable(
    [
      { header: 'engine', align: 'left' },
      { header: 'counting', align: 'left' },
      { header: 'depth', align: 'right' },
      { header: 'nodes', align: 'right' },
      { header: 'check', align: 'left' },
      { header: 'runs', align: 'right' },
      { header: 'wall s', align: 'right' },
      { header: 'cpu s', align: 'right' },
      { header: 'nodes/s', align: 'right' },
      { header: 'ours ÷ peer', align: 'right' },
    ],
    rows.map((m) => [
      m.engine,
      m.counting,
      String(m.depth),
      m.nodes === null ? '—' : formatCount(m.nodes),
      checkCell(m),
      String(m.runs),
      m.seconds === null ? '—' : formatSeconds(m.seconds),
      m.cpuSeconds === null ? '—' : formatSeconds(m.cpuSeconds),
      m.nodesPerSecond === null ? '—' : formatCount(m.nodesPerSecond),
      m.oursOverPeer === undefined ? '' : formatRatio(m.oursOverPeer),
    ]),
  );
}

export function ratioTable(
  measurements: readonly Measurement[],
  positions: readonly BenchPosition[],
): string {
  const peers = measurements.filter((m) => m.engine !== OUR_ENGINE);
  const keys = [...new Set(peers.map((m) => `${m.engine}\t${m.counting}`))];
  return formatTable(
    [
      { header: 'peer', align: 'left' },
      { header: 'counting', align: 'left' },
      ...positions.map((p) => ({ header: p.name, align: 'right' as const })),
    ],
    keys.map((key) => {
      const [engine = '', counting = ''] = key.split('\t');
      const cells = positions.map((p) => {
        const m = peers.find((x) => x.position === p.name && `${x.engine}\t${x.counting}` === key);
        return m?.oursOverPeer === undefined ? '—' : `${formatRatio(m.oursOverPeer)} (d${m.depth})`;
      });
      return [engine, counting, ...cells];
    }),
  );
}

export function memoryTable(rows: readonly MemoryRow[]): string {
  return formatTable(
    [
      { header: 'engine', align: 'left' },
      { header: 'bytes per position', align: 'right' },
      { header: 'how', align: 'left' },
    ],
    rows.map((r) => [r.engine, r.bytes === null ? '—' : formatCount(r.bytes), r.how]),
  );
}
