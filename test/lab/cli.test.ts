/**
 * The scripts' command lines (scripts/lib/cli.ts): a bad flag or a missing value is one line that
 * names it, the flags the script knows, and exit code 2, never a stack trace; `--help` prints the
 * usage and exits 0.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { argsProblem, flagsLine } from '../../scripts/lib/cli';

/** Run a script as `npx tsx` would, without npx's start-up. */
function run(
  script: string,
  ...args: string[]
): Promise<{ status: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (status) => resolve({ status, out, err }));
  });
}

const problem = (args: string[], allowPositionals = false): string | null => {
  try {
    parseArgs({
      args,
      allowPositionals,
      options: { depth: { type: 'string' }, json: { type: 'boolean' } },
    });
  } catch (error) {
    return argsProblem(error);
  }
  return 'no error';
};

describe('a script’s command line', () => {
  it('names the problem in parseArgs’s first sentence', () => {
    expect(problem(['--bogus'])).toBe("Unknown option '--bogus'");
    expect(problem(['--bogus'], true)).toBe("Unknown option '--bogus'");
    expect(problem(['--depth'])).toBe("Option '--depth <value>' argument missing");
    expect(problem(['--json=1'])).toBe("Option '--json' does not take an argument");
    expect(problem(['extra'])).toBe("Unexpected argument 'extra'");
    expect(problem(['--depth', '-1'])).toBe(
      "Option '--depth' argument is ambiguous (a value starting with a dash is written --depth=-XYZ)",
    );
    expect(argsProblem(new Error('something else'))).toBeNull();
  });

  it('lists the flags with a placeholder for each value', () => {
    expect(
      flagsLine({
        games: { type: 'string', value: 'N' },
        workers: { type: 'string', default: '2' },
        only: { type: 'string', value: 'a,b' },
        out: { type: 'string' },
        file: { type: 'string', multiple: true, value: 'FILE' },
        resume: { type: 'boolean', default: false },
      }),
    ).toBe('flags: --games N, --workers N, --only a,b, --out OUT, --file FILE…, --resume');
  });

  it('stops a script on a bad flag with one line and no stack trace, and prints --help', async () => {
    const [experiment, pruning, help] = await Promise.all([
      run('scripts/lab/experiment.ts', '--bogus'),
      run('bench/pruning.ts', '--bogus'),
      run('scripts/perft.ts', '--help'),
    ]);
    const failures = [
      [experiment, "experiment: Unknown option '--bogus'"],
      [pruning, "bench:pruning: Unknown option '--bogus'"],
    ] as const;
    for (const [r, line] of failures) {
      expect(r.status).toBe(2);
      const lines = r.err.trimEnd().split('\n');
      expect(lines[0]).toBe(line);
      expect(lines[1]).toMatch(/^flags: --/);
      expect(lines).toHaveLength(2);
      expect(r.err).not.toMatch(/^\s+at /m);
      expect(r.out).toBe('');
    }
    expect(experiment.err).toContain(
      'flags: --list, --games N, --workers N, --only a,b, --resume, --retally\n',
    );
    expect(pruning.err).toContain('--only a,b, --detail');
    expect(help.status).toBe(0);
    expect(help.out).toMatch(/^usage: npm run perft -- /);
    expect(help.out).toContain(
      'flags: --sfen SFEN, --position POSITION, --depth N, --divide, --bulk, --json\n',
    );
    expect(help.err).toBe('');
  }, 30_000);
});
