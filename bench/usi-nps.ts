/**
 * Search speed over USI, old tree against this one: each tree's `bin/yomi-usi` started as a GUI
 * starts it, the bench positions searched with `go depth N`, nodes per second taken from the
 * engine's own last `info … nodes … time …` of each search. The same positions and depths as
 * `npm run bench:compare`, so the two tables can be read side by side; this one also counts what a
 * GUI user gets (the bundle, the worker thread, the protocol).
 *
 *   git worktree add /tmp/old <commit> && ln -s "$PWD/node_modules" /tmp/old/node_modules
 *   npm run bench:usi -- --base /tmp/old [--rounds 3]
 *
 * Configurations: the base tree at its own defaults (whatever they were), and this tree with the
 * book's baseline (`BookBaseline`) at its default evaluation and with `Evaluator material`. Each
 * round runs every configuration once, in a fresh engine, after a warm-up pass over the
 * positions, in the opposite order every other round. The table gives each configuration's best
 * round against the old tree's best, and the round-by-round ratio with its 95 % interval
 * (lib/paired.ts, as bench:compare). Wall time of a search, as the engine reports it: run on an
 * otherwise idle machine.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { formatCount, formatRatio, formatTable } from './lib/table';
import { searchBenchPositions } from './search-positions';
import { argument } from './lib/args';
import { formatPaired } from './lib/paired';

interface Config {
  name: string;
  program: string;
  options: Record<string, string>;
}

const args = process.argv.slice(2);
const base = argument(args, '--base');
if (base === undefined) {
  console.error('usage: npm run bench:usi -- --base <old tree> [--rounds N]');
  process.exit(2);
}
const rounds = Number(argument(args, '--rounds') ?? 3);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`--rounds must be a whole number ≥ 1, not ${argument(args, '--rounds')}`);
  process.exit(2);
}
const HASH = { USI_Hash: '64' };
const CONFIGS: readonly Config[] = [
  { name: 'old, its defaults', program: resolve(base, 'bin/yomi-usi'), options: HASH },
  {
    name: 'now, baseline (default evaluation)',
    program: resolve('bin/yomi-usi'),
    options: { ...HASH, BookBaseline: 'true' },
  },
  {
    name: 'now, baseline, material',
    program: resolve('bin/yomi-usi'),
    options: { ...HASH, BookBaseline: 'true', Evaluator: 'material' },
  },
];
const { positions } = searchBenchPositions(null);
/** Engine-reported milliseconds a measured run lasts at least. */
const MIN_MEASURED_MS = 1000;

/**
 * One engine: a warm-up pass over the positions, then measured passes; the nodes and milliseconds
 * of one measured pass.
 */
async function measure(config: Config): Promise<{ nodes: number; ms: number }> {
  const child = spawn(config.program, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => boolean)[] = [];
  lines.on('line', (line) => {
    if (waiting.length > 0 && waiting[0]!(line)) waiting.shift();
  });
  const send = (text: string): void => {
    child.stdin.write(`${text}\n`);
  };
  const until = (accept: (line: string) => boolean): Promise<void> =>
    new Promise((done) => {
      waiting.push((line) => {
        if (!accept(line)) return false;
        done();
        return true;
      });
    });
  const failed = new Promise<never>((_, reject) => {
    child.on('exit', (code) => reject(new Error(`${config.name}: engine exited (${code})`)));
    child.on('error', reject);
  });
  const run = async (): Promise<{ nodes: number; ms: number }> => {
    send('usi');
    await until((l) => l === 'usiok');
    for (const [name, value] of Object.entries(config.options))
      send(`setoption name ${name} value ${value}`);
    send('isready');
    await until((l) => l === 'readyok');
    let nodes = 0;
    let ms = 0;
    let passes;
    // A warm-up pass, then measured passes until the engine has reported MIN_MEASURED_MS: one
    // pass of the material search lasts about a tenth of a second, too short to time in whole
    // milliseconds on a busy machine.
    for (passes = 0; passes <= 1 || ms < MIN_MEASURED_MS; passes++) {
      if (passes === 1) {
        nodes = 0;
        ms = 0;
      }
      for (const p of positions) {
        send('usinewgame');
        send(`position sfen ${p.sfen}`);
        let last = { nodes: 0, ms: 0 };
        const info = (l: string): boolean => {
          const n = /\bnodes (\d+)/.exec(l);
          const t = /\btime (\d+)/.exec(l);
          if (l.startsWith('info') && n && t) last = { nodes: Number(n[1]), ms: Number(t[1]) };
          return l.startsWith('bestmove');
        };
        send(`go depth ${p.depth}`);
        await until(info);
        nodes += last.nodes;
        ms += last.ms;
      }
    }
    send('quit');
    // Nodes of one pass (the same every pass: the searches are deterministic), time of them all.
    return { nodes: nodes / (passes - 1), ms: ms / (passes - 1) };
  };
  return Promise.race([run(), failed]);
}

const best = new Map<string, { nodes: number; ms: number; nps: number }>();
const ratios = new Map<string, number[]>(CONFIGS.map((c) => [c.name, []]));
for (let round = 1; round <= rounds; round++) {
  process.stderr.write(`  … round ${round} of ${rounds}\n`);
  const thisRound = new Map<string, number>();
  for (const config of round % 2 === 1 ? CONFIGS : [...CONFIGS].reverse()) {
    const { nodes, ms } = await measure(config);
    const nps = (nodes * 1000) / Math.max(ms, 1);
    thisRound.set(config.name, nps);
    if ((best.get(config.name)?.nps ?? 0) < nps) best.set(config.name, { nodes, ms, nps });
  }
  const before = thisRound.get(CONFIGS[0]!.name)!;
  for (const [name, nps] of thisRound) ratios.get(name)!.push(nps / before);
}
const old = best.get(CONFIGS[0]!.name)!;
const rows = CONFIGS.map((c) => {
  const r = best.get(c.name)!;
  return [
    c.name,
    formatCount(r.nodes),
    formatCount(Math.round(r.nps)),
    formatRatio(r.nps / old.nps),
    c === CONFIGS[0] ? '—' : formatPaired(ratios.get(c.name)!),
  ];
});
console.log(
  formatTable(
    [
      { header: 'engine over USI', align: 'left' },
      { header: 'nodes', align: 'right' },
      { header: 'nodes/s', align: 'right' },
      { header: 'best vs old', align: 'right' },
      { header: 'paired vs old [95 %]', align: 'right' },
    ],
    rows,
  ),
);
process.exit(0);
